import { declarations } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { nextRecordCode } from '../../db/codes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { warehouses } from '../inventory/inventory.table.ts';
import { tradeDocumentTotals } from '../trade/lines.ts';
import { generateActions, generatePolicies, salesOrderFlow } from './sales-orders.actions.ts';
import { salesOrders } from './sales.table.ts';

type OrderRow = RowOf<typeof salesOrders>;

/** A new order gets its code and issuer; its locations are its warehouse's unless given. */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: OrderRow | null) {
  const v = input.values;
  if (existing) return;
  v.code = await nextRecordCode(ctx.db, String(v.organization_id), 'CV');
  v.issuer_id = ctx.actor.id;
  if (!input.present.has('allowedLocations') && v.source_warehouse_id) {
    const [w] = await ctx.db.select({ location_ids: warehouses.location_ids }).from(warehouses).where(and(eq(warehouses.id, String(v.source_warehouse_id)), eq(warehouses.organization_id, String(v.organization_id))));
    v.location_ids = w?.location_ids ?? [];
  }
}

/**
 * Sales orders (spec platform §3 Sales, §7 /sales-orders; issue 23): a workflow document with
 * priced lines on the kit, as purchase orders are. Its totals derive from its lines; validate,
 * close and cancel are the workflow's; generate-delivery and generate-invoice make its documents.
 */
export const salesOrdersResource = defineResource(declarations['sales-orders'], {
  table: salesOrders,
  permissions: 'sales orders',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    recipient: rel.belongsTo('customer_id'),
    sourceWarehouse: rel.belongsTo('source_warehouse_id'),
    items: rel.ownsMany('sales_order_id', { order: 'position', derive: tradeDocumentTotals }),
    issuer: rel.belongsTo('issuer_id'),
    validatedBy: rel.belongsTo('validated_by_id'),
    canceledBy: rel.belongsTo('canceled_by_id'),
  },
  filters: {
    state: filter.in('state'),
    delivery_status: filter.in('delivery_status'),
    invoicing_status: filter.in('invoicing_status'),
    recipient: filter.ids('customer_id', 'recipient'),
    sourceWarehouse: filter.ids('source_warehouse_id', 'sourceWarehouse'),
    search: filter.search(['code', 'customer_reference', 'notes']),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  workflow: salesOrderFlow,
  actions: generateActions,
  hooks: { beforeWrite },
  policies: { delete: salesOrderFlow.editable, actions: generatePolicies },
  notify: { label: (row) => String(row.code ?? '') },
});
