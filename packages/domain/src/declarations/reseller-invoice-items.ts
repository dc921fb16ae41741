import { declare, rel, timestamps } from '../declare/declare.ts';
import { TRADE_LINE_SORTS, tradeLineAttributes } from './trade-lines.ts';

/** A line of a reseller's invoice: one of its products or services, or a line of its own; taxed by its reseller's tax group. */
export const resellerInvoiceItems = declare('reseller-invoice-items', {
  attributes: {
    ...tradeLineAttributes(),
    ...timestamps(),
  },
  relationships: {
    resellerInvoice: rel.toOne('reseller-invoices', { required: true, createOnly: true }),
    resellerProduct: rel.toOne('reseller-products'),
    resellerService: rel.toOne('reseller-services'),
    /** The reseller's tax group charged (the product's or service's when left out). */
    taxGroup: rel.toOne('reseller-tax-groups'),
  },
  filters: ['resellerInvoice'],
  sorts: TRADE_LINE_SORTS,
  defaultSort: 'position',
});
