import { attr, declare, rel, timestamps } from '../declare/declare.ts';
import { RESELLER_TAX_CODES, RESELLER_TAX_CODE_LABELS } from '../reseller/billing.ts';
import { TRADE_LINE_SORTS, tradeLineAttributes } from './trade-lines.ts';

/** A line of a reseller's invoice: one of its products or services, or a line of its own; taxed by its tax code. */
export const resellerInvoiceItems = declare('reseller-invoice-items', {
  attributes: {
    ...tradeLineAttributes(),
    /** The taxes charged (the product's or service's when left out). */
    tax_code: attr.enum(RESELLER_TAX_CODES, RESELLER_TAX_CODE_LABELS),
    ...timestamps(),
  },
  relationships: {
    resellerInvoice: rel.toOne('reseller-invoices', { required: true, createOnly: true }),
    resellerProduct: rel.toOne('reseller-products'),
    resellerService: rel.toOne('reseller-services'),
  },
  filters: ['resellerInvoice'],
  sorts: TRADE_LINE_SORTS,
  defaultSort: 'position',
});
