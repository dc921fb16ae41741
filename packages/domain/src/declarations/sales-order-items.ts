import { declare } from '../declare/declare.ts';
import { TRADE_LINE_SORTS, orderLineAttributes, tradeLineRelationships } from './trade-lines.ts';

/** A line of a sales order (a product, work or free text): what is sold, and how much of it its validated deliveries and invoices cover. */
export const salesOrderItems = declare('sales-order-items', {
  attributes: orderLineAttributes(),
  relationships: tradeLineRelationships('salesOrder', 'sales-orders', 'salesOrderable'),
  filters: ['salesOrder', 'product'],
  sorts: TRADE_LINE_SORTS,
  defaultSort: 'position',
});
