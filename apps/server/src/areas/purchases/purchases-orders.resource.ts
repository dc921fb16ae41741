import { declarations } from '@atelier/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { nextRecordCode } from '../../db/codes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { warehouses } from '../inventory/inventory.table.ts';
import { tradeDocumentTotals } from '../trade/lines.ts';
import { purchasesOrders } from './documents.table.ts';
import { generateActions, generatePolicies, purchasesOrderFlow } from './purchases-orders.actions.ts';
import { reorderAction } from './reorder.action.ts';

type OrderRow = RowOf<typeof purchasesOrders>;

/** A new order gets its code and issuer; its locations are its warehouse's unless given. */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: OrderRow | null) {
  const v = input.values;
  if (existing) return;
  v.code = await nextRecordCode(ctx.db, String(v.organization_id), 'PO');
  v.issuer_id = ctx.actor.id;
  if (!input.present.has('allowedLocations') && v.destination_warehouse_id) {
    const [w] = await ctx.db.select({ location_ids: warehouses.location_ids }).from(warehouses).where(and(eq(warehouses.id, String(v.destination_warehouse_id)), inArray(warehouses.organization_id, [String(v.organization_id)])));
    v.location_ids = w?.location_ids ?? [];
  }
}

/**
 * Purchase orders (spec platform §3 Purchases, §7 /purchases-orders; issue 22): a workflow
 * document with priced lines on the kit. Its totals derive from its lines; validate, close and
 * cancel are the workflow's; generate-delivery and generate-invoice make its documents.
 */
export const purchasesOrdersResource = defineResource(declarations['purchases-orders'], {
  table: purchasesOrders,
  permissions: 'purchases orders',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    supplier: rel.belongsTo('supplier_id'),
    destinationWarehouse: rel.belongsTo('destination_warehouse_id'),
    items: rel.ownsMany('purchases_order_id', { order: 'position', derive: tradeDocumentTotals }),
    issuer: rel.belongsTo('issuer_id'),
    validatedBy: rel.belongsTo('validated_by_id'),
    canceledBy: rel.belongsTo('canceled_by_id'),
  },
  filters: {
    state: filter.in('state'),
    delivery_status: filter.in('delivery_status'),
    invoicing_status: filter.in('invoicing_status'),
    supplier: filter.ids('supplier_id', 'supplier'),
    destinationWarehouse: filter.ids('destination_warehouse_id', 'destinationWarehouse'),
    search: filter.search(['code', 'supplier_reference', 'notes']),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  workflow: purchasesOrderFlow,
  actions: { ...generateActions, reorder: reorderAction },
  hooks: { beforeWrite },
  // Only a draft is deleted, as it is edited.
  policies: { delete: purchasesOrderFlow.editable, actions: generatePolicies },
  notify: { label: (row) => String(row.code ?? '') },
});
