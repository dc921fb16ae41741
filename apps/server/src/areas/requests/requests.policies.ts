import { REQUEST_TYPE_PERMISSIONS, requestWorkflow, type RequestType } from '@atelier/domain';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Policies, RowOf } from '../../jsonapi/define-resource.ts';
import { conflictWith, forbid } from '../../jsonapi/policies.ts';
import type { requests } from './requests.table.ts';

type RequestRow = RowOf<typeof requests>;

// What the roles allow on requests that the request's state or the document still refuses.

/** Asking for a type of work is a permission of its own (spec §6). */
const mayAsk = (ctx: RequestContext, type: RequestType) =>
  ctx.actor.permissions.has(REQUEST_TYPE_PERMISSIONS[type]) ? undefined : forbid(`request.forbidden_${type}`);

export const requestPolicies: Policies<RequestRow> = {
  create: {
    // Giving an assignee needs assign requests: the relationship says so (requests.resource.ts).
    refuses: { 403: 'Asking for a type of work needs its permission (make inspection requests...).' },
    check(ctx, input) {
      return mayAsk(ctx, input.values.type as RequestType);
    },
  },
  edit: {
    refuses: { 403: 'Changing the type needs the permission to ask for the new one.', 409: 'A completed or canceled request can no longer be changed.' },
    check(ctx, row, input) {
      if (!requestWorkflow.isEditable(row.state)) return conflictWith('request.final');
      const type = input.values.type as RequestType | undefined;
      if (type && type !== row.type) return mayAsk(ctx, type);
    },
  },
};
