import { attr, declare, documentState, rel, stampedBy, workflowAttributes } from '../declare/declare.ts';
import { resellerInvoiceWorkflow as workflow } from '../reseller/billing.ts';
import { TRADE_DOCUMENT_SORTS, invoiceSettlementAttributes, invoiceTermsAttributes, tradeTotalsAttributes } from './trade-lines.ts';

/**
 * A reseller's invoice to one of its organizations (spec platform §3 Reseller billing, §4, §7
 * validate/cancel; issue 24): lines of its products and services, or a subscription's period
 * (generate_subscription_invoice). Validated, it is due; its payments make its balance.
 */
export const resellerInvoices = declare('reseller-invoices', {
  attributes: {
    ...documentState(workflow),
    ...invoiceTermsAttributes(),
    /** The subscription period it bills (generated invoices). */
    period_start: attr.date().isReadOnly(),
    period_end: attr.date().isReadOnly(),
    ...tradeTotalsAttributes(),
    ...invoiceSettlementAttributes(),
    ...workflowAttributes(workflow, 'validated_at', 'canceled_at'),
  },
  relationships: {
    reseller: rel.toOne('resellers', { readOnly: true }),
    /** The organization billed (spec: recipient). */
    recipient: rel.toOne('organizations', { required: true, createOnly: true }),
    organization: rel.toOne('organizations', { readOnly: true }),
    subscription: rel.toOne('subscriptions', { readOnly: true }),
    items: rel.toMany('reseller-invoice-items'),
    payments: rel.toMany('reseller-payments', { readOnly: true }),
    ...stampedBy('creator', 'validatedBy', 'canceledBy'),
  },
  filters: ['state', 'payment_status', 'organization', 'recipient', 'subscription', 'search'],
  sorts: [...TRADE_DOCUMENT_SORTS, 'expiration_time', 'balance', 'issued_on'],
  defaultSort: '-created_at',
});
