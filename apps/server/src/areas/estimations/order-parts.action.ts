import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { RecordAction } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { partsRoomOf } from '../inventory/parts-room.ts';
import { DRAFTED_ORDERS, orderMissingParts } from '../purchases/draft-orders.ts';
import type { EstimationRow } from './estimation-lines.ts';
import { estimationItems } from './estimations.table.ts';

/**
 * POST /estimations/{id}/order-parts (issue 22): as a repair's, the inventory parts its items need
 * and its location's parts room lacks, as draft orders (purchases/draft-orders.ts); items denied by
 * the approver or declined by the customer need none. The repair made from it follows those orders.
 */
export const orderEstimationParts: RecordAction<EstimationRow> = {
  permission: 'create purchases orders',
  contract: {
    summary: 'Drafts purchase orders (one per supplier) of the inventory parts the estimate’s items need and its location’s parts room lacks; the items’ part status follows those orders; answers the orders made and the items nobody sells',
    meta: DRAFTED_ORDERS,
  },
  async handler(ctx, estimation) {
    const room = await partsRoomOf(ctx, estimation);
    if (!room) throw new ApiError(409, 'estimation.no_parts_room');
    const items = (
      await ctx.db
        .select()
        .from(estimationItems)
        .where(and(eq(estimationItems.estimation_id, estimation.id), isNotNull(estimationItems.product_id)))
        .orderBy(asc(estimationItems.position), asc(estimationItems.id))
    ).filter((i) => i.state !== 'denied' && i.customer_decision !== 'declined');
    const meta = await orderMissingParts(ctx, {
      organizationId: estimation.organization_id,
      room,
      type: 'estimation-items',
      items: items.map((i) => ({ id: i.id, product_id: i.product_id!, supplier_id: i.supplier_id, quantity: i.quantity })),
      cause: { type: 'estimations', id: estimation.id },
      notes: estimation.code,
    });
    return { meta, log: { ordered: meta.orders.map((o) => o.code) } };
  },
};
