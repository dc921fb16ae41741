import {
  INSPECTION_ACTIONS,
  INSPECTION_ACTION_LABELS,
  INSPECTION_ACTION_PERMISSIONS,
  INSPECTION_STATE_LABELS,
  holderOnly,
  inspectionActionRoute,
  inspectionTransition,
  isInspectionEditable,
  type InspectionAction,
} from '@atelier/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Policies, Policy, Refusal } from '../../jsonapi/define-resource.ts';
import { conflictWith, forbid } from '../../jsonapi/policies.ts';
import { userRoles } from '../admin/admin.table.ts';
import { userName } from '../admin/assignees.ts';
import type { InspectionRow } from './inspection-scoring.ts';

// What the roles allow on inspections that the inspection's state, or who holds it, still refuses.

/** Work in progress is its holder's: the others take it over first (403 naming the holder). */
export async function notHolder(ctx: RequestContext, row: InspectionRow): Promise<Refusal | undefined> {
  if (row.holder_id !== ctx.actor.id) return forbid('inspection.not_holder', { holder: await userName(ctx, row.holder_id) });
}

/** An assigned inspection is started by one of its assignees (user or role), or by whoever may assign it. */
async function notAssignee(ctx: RequestContext, row: InspectionRow): Promise<Refusal | undefined> {
  if (row.state !== 'assigned' || ctx.actor.permissions.has(INSPECTION_ACTION_PERMISSIONS.assign)) return;
  if (row.assigned_user_ids.includes(ctx.actor.id)) return;
  const roles = row.assigned_role_ids.length
    ? await ctx.db.select({ id: userRoles.role_id }).from(userRoles).where(and(eq(userRoles.user_id, ctx.actor.id), inArray(userRoles.role_id, row.assigned_role_ids)))
    : [];
  if (!roles.length) return forbid('inspection.not_assignee');
}

const actionPolicy = (action: InspectionAction): Policy<[row: InspectionRow]> => ({
  refuses: {
    409: `The inspection’s state does not offer ${action} (its available_actions say which do)${action === 'take_over' ? ', the user already holds it, or someone else took it over since the holder the body names' : ''}.`,
    ...(holderOnly(action) ? { 403: 'Work in progress is done by the user holding it (the message names them).' } : {}),
    ...(action === 'start' ? { 403: 'An assigned inspection is started by an assignee (or someone who may assign it).' } : {}),
  },
  async check(ctx, row) {
    if (!inspectionTransition(row.state, action))
      return conflictWith('inspection.cannot_action', { action: INSPECTION_ACTION_LABELS[action][ctx.locale], state: INSPECTION_STATE_LABELS[row.state][ctx.locale] });
    if (action === 'take_over' && row.holder_id === ctx.actor.id) return conflictWith('inspection.already_holder');
    if (holderOnly(action)) return notHolder(ctx, row);
    if (action === 'start') return notAssignee(ctx, row);
  },
});

// Giving assignees or an approver needs assign inspections: the relationships say so (inspections.resource.ts).
export const inspectionPolicies: Policies<InspectionRow> = {
  edit: {
    refuses: { 409: 'A completed, approved or canceled inspection is kept as it was.' },
    check(ctx, row) {
      if (!isInspectionEditable(row.state)) return conflictWith('inspection.final');
    },
  },
  actions: Object.fromEntries(INSPECTION_ACTIONS.map((action) => [inspectionActionRoute(action), actionPolicy(action)])),
};
