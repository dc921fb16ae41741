import { requestWorkflow as workflow, isObject } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { MessageKey } from '../../i18n/index.ts';
import { isUuid } from '../../jsonapi/attributes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { RowOf } from '../../jsonapi/define-resource.ts';
import { scoped } from '../../jsonapi/scope.ts';
import { ApiError, idList } from '../../jsonapi/errors.ts';
import { workflowParts } from '../../jsonapi/workflow.ts';
import { usersResource } from '../admin/users.resource.ts';
import { users } from '../admin/admin.table.ts';
import { requests } from './requests.table.ts';

type RequestRow = RowOf<typeof requests>;

// POST /requests/{id}/assign, /approve, /complete; GET /requests/{id}/cancel (spec §7): the
// domain's requestWorkflow, served by the engine's workflow kit; here only what a request adds.


/** The user to assign: { data: { type: 'users', id } }, the relationship form, or { assigned_to_id }. */
function assigneeIdOf(body: unknown): string | null {
  if (!isObject(body)) return null;
  const data = isObject(body.data) ? body.data : {};
  const relationships = isObject(data.relationships) ? data.relationships : {};
  const linkage = isObject(relationships.assignedTo) && isObject(relationships.assignedTo.data) ? relationships.assignedTo.data : data;
  const id = linkage.type === 'users' ? linkage.id : (body.assigned_to_id ?? (isObject(data.attributes) ? data.attributes.assigned_to_id : undefined));
  return typeof id === 'string' && id ? id : null;
}

/** The assignee must be an active user the actor can see, of the request's organization. */
async function assignee(ctx: RequestContext, request: RequestRow, body: unknown): Promise<string> {
  const id = assigneeIdOf(body);
  if (!id) throw new ApiError(422, 'request.assignee_required', undefined, { pointer: '/data' });
  const [user] =
    isUuid(id)
      ? await ctx.db
          .select({ id: users.id, active: users.active })
          .from(users)
          .where(scoped(ctx, usersResource, and(eq(users.id, id), eq(users.organization_id, request.organization_id))))
      : [];
  if (!user) throw new ApiError(422, 'validation.relationship_not_found', { id: idList([id]) }, { pointer: '/data' });
  if (!user.active) throw new ApiError(422, 'request.assignee_inactive', undefined, { pointer: '/data' });
  return user.id;
}

/** The note sent with complete: { note }, { completion_note } or in data.attributes. */
const COMPLETE_OPTIONS = z.object({
  note: z.string().max(20_000).nullish(),
  completion_note: z.string().max(20_000).nullish(),
});

export const requestFlow = workflowParts({
  workflow,
  table: requests,
  messages: { state: (action) => `request.cannot_${action}` as MessageKey, final: 'request.final' },
  actions: {
    assign: {
      summary: 'Assigns the request to an active user of its organization (a draft becomes assigned)',
      body: {
        description: '{ data: { type: "users", id } }, { data: { relationships: { assignedTo: { data: { type: "users", id } } } } } or { assigned_to_id }.',
        type: 'object',
        properties: { data: { type: 'object' }, assigned_to_id: { type: 'string' } },
      },
      values: async (ctx, request, body) => ({ assigned_to_id: await assignee(ctx, request, body) }),
    },
    approve: { summary: 'Approves the request (assigned → approved)' },
    complete: {
      summary: 'Completes the request, with an optional note ({ note }, { completion_note } or in data.attributes)',
      options: COMPLETE_OPTIONS,
      values(_ctx, _request, _body, options) {
        const { note, completion_note } = options as z.infer<typeof COMPLETE_OPTIONS>;
        const text = (note || completion_note)?.trim();
        return text ? { completion_note: text } : {};
      },
    },
    cancel: { summary: 'Cancels the request (GET, as older clients call it)' },
  },
});
