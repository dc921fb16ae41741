import { repairWorkflow } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { Policies, Policy, RowOf } from '../../jsonapi/define-resource.ts';
import { conflictWith, forbid } from '../../jsonapi/policies.ts';
import { repairFlow } from './repairs.actions.ts';
import { repairItems, repairs } from './repairs.table.ts';

// What the roles allow on repairs that the repair's state, or who holds it, still refuses.

export type RepairRow = RowOf<typeof repairs>;
export type RepairItemRow = RowOf<typeof repairItems>;

/** The permission that makes a repair directly, not from an approved estimate (spec §6). */
export const WITHOUT_ESTIMATION = 'make repair without estimation';

export const repairPolicies: Policies<RepairRow> = {
  create: {
    // Giving assignees needs assign repairs: the relationships say so (repairs.resource.ts).
    refuses: { 403: 'A repair made directly needs make repair without estimation.' },
    check(ctx) {
      if (!ctx.actor.permissions.has(WITHOUT_ESTIMATION)) return forbid('repair.forbidden_without_estimation');
    },
  },
  // The edit and delete policies and the actions' come from the workflow (repairs.resource.ts).
};

/** Time is clocked on the items of a repair in progress. */
const inProgress: Policy<[row: RepairItemRow]> = {
  refuses: { 409: 'Clocks run only while the repair is in progress.' },
  async check(ctx, row) {
    const [parent] = await ctx.db.select({ state: repairs.state }).from(repairs).where(eq(repairs.id, row.repair_id));
    if (parent && parent.state !== 'in_progress') return conflictWith('repair.not_in_progress', { state: repairWorkflow.stateLabels[parent.state][ctx.locale] });
  },
};

/** An item is written (at its own route) only while its work order is; clocks run while it is in progress. */
export const repairItemPolicies: Policies<RepairItemRow> = {
  ...repairFlow.linePolicies<RepairItemRow>('repair_id'),
  actions: { 'start-clock': inProgress, 'stop-clock': inProgress },
};
