import { declare, rel, timestamps } from '../declare/declare.ts';
import { TRADE_LINE_SORTS, tradeLineAttributes, tradeLineRelationships } from './trade-lines.ts';

/**
 * A line of a customer's invoice: an order line's quantity invoiced, a repair's part or labour, a
 * line of its own, or a deposit deducted (a negative quantity naming the deposit invoice).
 */
export const salesInvoiceItems = declare('sales-invoice-items', {
  attributes: {
    ...tradeLineAttributes({ signed: true }),
    ...timestamps(),
  },
  relationships: {
    ...tradeLineRelationships('salesInvoice', 'sales-invoices', 'salesInvoiceable'),
    salesOrderItem: rel.toOne('sales-order-items', { readOnly: true }),
    repairItem: rel.toOne('repair-items', { readOnly: true }),
    /** The line of the corrected invoice this credit note's line gives back. */
    creditedItem: rel.toOne('sales-invoice-items', { readOnly: true }),
    /** The deposit invoice this line deducts. */
    deductedInvoice: rel.toOne('sales-invoices', { readOnly: true }),
  },
  filters: ['salesInvoice', 'product'],
  sorts: TRADE_LINE_SORTS,
  defaultSort: 'position',
});
