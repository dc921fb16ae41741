import {
  REPAIR_ACTIONS,
  REPAIR_ACTION_LABELS,
  REPAIR_STATE_LABELS,
  isRepairEditable,
  repairActionRoute,
  repairHolderOnly,
  repairTransition,
  type RepairAction,
  type RepairState,
} from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Policies, Policy, Refusal, RowOf } from '../../jsonapi/define-resource.ts';
import { conflictWith, forbid } from '../../jsonapi/policies.ts';
import { userName } from '../admin/assignees.ts';
import { repairItems, repairs } from './repairs.table.ts';

// What the roles allow on repairs that the repair's state, or who holds it, still refuses.

export type RepairRow = RowOf<typeof repairs>;
export type RepairItemRow = RowOf<typeof repairItems>;

/** The permission that makes a repair directly, not from an approved estimate (spec §6). */
export const WITHOUT_ESTIMATION = 'make repair without estimation';

/** Work in progress is its holder's: the others take it over first (403 naming the holder). */
export async function notHolder(ctx: RequestContext, row: RepairRow): Promise<Refusal | undefined> {
  if (row.holder_id !== ctx.actor.id) return forbid('repair.not_holder', { holder: await userName(ctx, row.holder_id) });
}

/** 409 when the state does not offer the action, its message naming both in the reader's language. */
export function refusedByState(ctx: RequestContext, state: RepairState, action: RepairAction): Refusal | undefined {
  if (!repairTransition(state, action))
    return conflictWith('repair.cannot_action', { action: REPAIR_ACTION_LABELS[action][ctx.locale], state: REPAIR_STATE_LABELS[state][ctx.locale] });
}

const actionPolicy = (action: RepairAction): Policy<[row: RepairRow]> => ({
  refuses: {
    409: `The repair’s state does not offer ${action} (its available_actions say which do)${action === 'take_over' ? ', the user already holds it, or someone else took it over since the holder the body names' : ''}.`,
    ...(repairHolderOnly(action) ? { 403: 'Work in progress is completed by the user holding it (the message names them).' } : {}),
  },
  async check(ctx, row) {
    const refused = refusedByState(ctx, row.state, action);
    if (refused) return refused;
    if (action === 'take_over' && row.holder_id === ctx.actor.id) return conflictWith('repair.already_holder');
    if (repairHolderOnly(action)) return notHolder(ctx, row);
  },
});

const editable: Policy<[row: RepairRow]> = {
  refuses: { 409: 'A completed, validated, denied or canceled repair is kept as it was.' },
  check(_ctx, row) {
    if (!isRepairEditable(row.state)) return conflictWith('repair.final');
  },
};

export const repairPolicies: Policies<RepairRow> = {
  create: {
    // Giving assignees needs assign repairs: the relationships say so (repairs.resource.ts).
    refuses: { 403: 'A repair made directly needs make repair without estimation.' },
    check(ctx) {
      if (!ctx.actor.permissions.has(WITHOUT_ESTIMATION)) return forbid('repair.forbidden_without_estimation');
    },
  },
  edit: editable,
  delete: editable,
  actions: Object.fromEntries(REPAIR_ACTIONS.map((action) => [repairActionRoute(action), actionPolicy(action)])),
};

/** An item is written (at its own route) only while its work order is. */
async function parentEditable(ctx: RequestContext, repairId: unknown): Promise<Refusal | undefined> {
  if (typeof repairId !== 'string') return;
  const [parent] = await ctx.db.select({ state: repairs.state }).from(repairs).where(eq(repairs.id, repairId));
  if (parent && !isRepairEditable(parent.state)) return conflictWith('repair.final');
}

const itemEditable: Policy<[row: RepairItemRow]> = {
  refuses: { 409: 'The items of a completed, validated, denied or canceled repair are kept as they were.' },
  check: (ctx, row) => parentEditable(ctx, row.repair_id),
};

/** Time is clocked on the items of a repair in progress. */
const inProgress: Policy<[row: RepairItemRow]> = {
  refuses: { 409: 'Clocks run only while the repair is in progress.' },
  async check(ctx, row) {
    const [parent] = await ctx.db.select({ state: repairs.state }).from(repairs).where(eq(repairs.id, row.repair_id));
    if (parent && parent.state !== 'in_progress') return conflictWith('repair.not_in_progress', { state: REPAIR_STATE_LABELS[parent.state][ctx.locale] });
  },
};

export const repairItemPolicies: Policies<RepairItemRow> = {
  create: {
    refuses: itemEditable.refuses,
    check: (ctx, input) => parentEditable(ctx, input.values.repair_id),
  },
  edit: itemEditable,
  delete: itemEditable,
  actions: { 'start-clock': inProgress, 'stop-clock': inProgress },
};
