import { estimationWorkflow } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { Policies } from '../../jsonapi/define-resource.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { repairs } from '../repairs/repairs.table.ts';
import { checkItemRemoval } from './item-rules.ts';
import type { EstimationRow } from './estimation-lines.ts';

// What the roles allow on estimations that the estimate itself still refuses; its actions'
// policies come from its workflow (estimations.actions.ts).

export const estimationPolicies: Policies<EstimationRow> = {
  // Giving assignees or an approver needs its permission: the relationships say so (estimations.resource.ts).
  edit: {
    refuses: {
      409: 'A canceled estimate is kept as it was; items are removed only while descriptions may change.',
    },
    async check(ctx, row, input) {
      if (estimationWorkflow.isFinal(row.state)) return conflictWith('estimation.final');
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
      if (estimationWorkflow.isFinal(row.state)) return conflictWith('estimation.final');
      if (row.sent_at !== null) return conflictWith('estimation.delete_sent');
      // redo-approve unlinks the repair it cancels: the repair still names the estimate.
      if (row.repair_id || (await ctx.db.select({ id: repairs.id }).from(repairs).where(eq(repairs.estimation_id, row.id)).limit(1)).length)
        return conflictWith('estimation.delete_repair');
    },
  },
};
