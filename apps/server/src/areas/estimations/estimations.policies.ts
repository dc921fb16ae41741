import {
  ESTIMATION_ACTIONS,
  ESTIMATION_ACTION_LABELS,
  ESTIMATION_PHASE_LABELS,
  ESTIMATION_STATE_LABELS,
  PHASE_STATUS_LABELS,
  estimationActionRoute,
  estimationStep,
  isEstimationFinal,
  type EstimationAction,
} from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { Policies, Policy } from '../../jsonapi/define-resource.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { userName } from '../admin/assignees.ts';
import { repairs } from '../repairs/repairs.table.ts';
import { checkItemRemoval } from './item-rules.ts';
import { phasesOf, type EstimationRow } from './estimation-lines.ts';

// What the roles allow on estimations that the estimate's state, its phases or their holders
// still refuse (the domain's estimationStep says which and why).

const actionPolicy = (action: EstimationAction): Policy<[row: EstimationRow]> => ({
  refuses: {
    409: `The estimate’s state or phases do not offer ${action} (its available_actions say which do), or another user holds the phase (the message names them and offers the take-over)${action.startsWith('take_over') ? '; or someone else took the phase over since the holder the body names' : ''}.`,
  },
  async check(ctx, row) {
    const step = estimationStep(row.state, phasesOf(row), action, ctx.actor.id);
    if (step.ok) return;
    const label = ESTIMATION_ACTION_LABELS[action][ctx.locale];
    const phase = step.phase ? ESTIMATION_PHASE_LABELS[step.phase][ctx.locale] : '';
    switch (step.reason) {
      case 'state':
        return conflictWith('estimation.cannot_action', { action: label, state: ESTIMATION_STATE_LABELS[row.state][ctx.locale] });
      case 'phase':
        return conflictWith('estimation.cannot_phase', { action: label, phase, status: PHASE_STATUS_LABELS[phasesOf(row)[step.phase!].status][ctx.locale] });
      case 'held':
        return conflictWith('estimation.held', { holder: await userName(ctx, step.holder), phase });
      case 'own':
        return conflictWith('estimation.already_holder', { phase });
    }
  },
});

export const estimationPolicies: Policies<EstimationRow> = {
  // Giving assignees or an approver needs its permission: the relationships say so (estimations.resource.ts).
  edit: {
    refuses: {
      409: 'A canceled estimate is kept as it was; items are removed only while descriptions may change.',
    },
    async check(ctx, row, input) {
      if (isEstimationFinal(row.state)) return conflictWith('estimation.final');
      // Lines left out of the document are removed: that is a change of the descriptions.
      const list = input.children.items;
      if (list && list.before.length > list.items.filter((i) => i.existing).length) await checkItemRemoval(ctx, row);
    },
  },
  delete: {
    refuses: {
      409: 'An estimate is kept once it is canceled (as a canceled repair is), once it opened a repair (even one canceled since: the work order names it), or once it was sent to the customer (what they received, and signed, stays).',
    },
    async check(ctx, row) {
      if (isEstimationFinal(row.state)) return conflictWith('estimation.final');
      if (row.sent_at !== null) return conflictWith('estimation.delete_sent');
      // redo-approve unlinks the repair it cancels: the repair still names the estimate.
      if (row.repair_id || (await ctx.db.select({ id: repairs.id }).from(repairs).where(eq(repairs.estimation_id, row.id)).limit(1)).length)
        return conflictWith('estimation.delete_repair');
    },
  },
  actions: Object.fromEntries(ESTIMATION_ACTIONS.map((action) => [estimationActionRoute(action), actionPolicy(action)])),
};
