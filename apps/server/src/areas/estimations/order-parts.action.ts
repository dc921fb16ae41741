import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { orderMissingPartsAction } from '../purchases/draft-orders.ts';
import type { EstimationRow } from './estimation-lines.ts';
import { estimationItems } from './estimations.table.ts';

/**
 * POST /estimations/{id}/order-parts (issue 22): as a repair's, the inventory parts its items need
 * and its location's parts room lacks, as draft orders (purchases/draft-orders.ts); items denied by
 * the approver or declined by the customer need none. The repair made from it follows those orders.
 */
export const orderEstimationParts = orderMissingPartsAction<EstimationRow>({ type: 'estimations', noun: 'estimate', items: 'estimation-items', noRoom: 'estimation.no_parts_room' }, async (ctx, estimation) => ({
  items: (
    await ctx.db
      .select()
      .from(estimationItems)
      .where(and(eq(estimationItems.estimation_id, estimation.id), isNotNull(estimationItems.product_id)))
      .orderBy(asc(estimationItems.position), asc(estimationItems.id))
  ).filter((i) => i.state !== 'denied' && i.customer_decision !== 'declined'),
}));
