import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { documentFilters, stampRelationships, tradeDocumentTotals } from '../trade/lines.ts';
import { newOrderHook } from '../trade/orders.ts';
import { purchasesOrders } from './documents.table.ts';
import { generateActions, generatePolicies, purchasesOrderFlow } from './purchases-orders.actions.ts';
import { reorderAction } from './reorder.action.ts';

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
    ...stampRelationships(),
  },
  filters: documentFilters(
    {
      delivery_status: filter.in('delivery_status'),
      invoicing_status: filter.in('invoicing_status'),
      supplier: filter.ids('supplier_id', 'supplier'),
      destinationWarehouse: filter.ids('destination_warehouse_id', 'destinationWarehouse'),
    },
    ['supplier_reference'],
  ),
  workflow: purchasesOrderFlow,
  actions: { ...generateActions, reorder: reorderAction },
  hooks: { beforeWrite: newOrderHook('PO', 'destination_warehouse_id') },
  // Only a draft is deleted, as it is edited.
  policies: { delete: purchasesOrderFlow.editable, actions: generatePolicies },
  notify: { label: (row) => String(row.code ?? '') },
});
