import { declare, rel, timestamps } from '../declare/declare.ts';
import { TRADE_LINE_SORTS, tradeLineAttributes, tradeLineRelationships } from './trade-lines.ts';

/** A line of a supplier's bill: an order line's quantity invoiced, or a line of its own (freight, a deposit). */
export const purchasesInvoiceItems = declare('purchases-invoice-items', {
  attributes: {
    ...tradeLineAttributes(),
    ...timestamps(),
  },
  relationships: {
    ...tradeLineRelationships('purchasesInvoice', 'purchases-invoices', 'purchasesInvoiceable'),
    purchasesOrderItem: rel.toOne('purchases-order-items', { readOnly: true }),
  },
  filters: ['purchasesInvoice', 'product'],
  sorts: TRADE_LINE_SORTS,
  defaultSort: 'position',
});
