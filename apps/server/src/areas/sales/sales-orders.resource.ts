import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { documentFilters, stampRelationships, tradeDocumentTotals } from '../trade/lines.ts';
import { newOrderHook } from '../trade/orders.ts';
import { generateActions, generatePolicies, salesOrderFlow } from './sales-orders.actions.ts';
import { salesOrders } from './sales.table.ts';

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
    ...stampRelationships(),
  },
  filters: documentFilters(
    {
      delivery_status: filter.in('delivery_status'),
      invoicing_status: filter.in('invoicing_status'),
      recipient: filter.ids('customer_id', 'recipient'),
      sourceWarehouse: filter.ids('source_warehouse_id', 'sourceWarehouse'),
    },
    ['customer_reference'],
  ),
  workflow: salesOrderFlow,
  actions: generateActions,
  hooks: { beforeWrite: newOrderHook('CV', 'source_warehouse_id') },
  policies: { delete: salesOrderFlow.editable, actions: generatePolicies },
  notify: { label: (row) => String(row.code ?? '') },
});
