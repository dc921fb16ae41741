import { LOCALES } from '@atelier/domain';
import { optionsBody, readOptions } from '../../jsonapi/action-options.ts';
import type { Policy, RecordAction } from '../../jsonapi/define-resource.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { TEXTED_TO, TEXT_OUTCOME } from '../messaging/send-option.ts';
import { SEND_OPTIONS, sendInvoiceLink } from './invoice-links.ts';
import type { salesInvoices } from './sales.table.ts';

// POST /sales-invoices/{id}/send (issue 23): the validated invoice's link to its public page (see
// it, download its PDF, pay it online), e-mailed to the customer in their language unless asked
// not to; the link in meta.link, this once.

type InvoiceRow = typeof salesInvoices.$inferSelect;

const whenValidated: Policy<[row: InvoiceRow]> = {
  refuses: { 409: 'Only a validated invoice is sent to the customer.' },
  check(_ctx, row) {
    if (row.state !== 'validated') return conflictWith('sales_invoice.not_sendable');
  },
};

export const sendPolicies = { send: whenValidated };

export const sendInvoiceAction: RecordAction<InvoiceRow> = {
  permission: 'edit sales invoices',
  contract: {
    summary:
      'Sends the validated invoice to the customer: a link to its page (the invoice, its PDF, « Payer en ligne » where a provider is configured), e-mailed to the customer (or to data.attributes.email) in their language (or data.attributes.locale), valid 60 days (or expires_in_days, up to 365); with send_email false nothing is e-mailed; the link is in meta.link, this once',
    body: optionsBody(SEND_OPTIONS),
    meta: {
      link: {
        type: 'object',
        description: 'The customer’s link (url) and where it was e-mailed (email, null when no address is known or send_email was false).',
        required: ['url', 'email', 'sms', 'text', 'locale', 'expires_at'],
        properties: { url: { type: 'string' }, email: { type: ['string', 'null'] }, sms: TEXTED_TO, text: TEXT_OUTCOME, locale: { enum: [...LOCALES] }, expires_at: { type: 'string', format: 'date-time' } },
        additionalProperties: false,
      },
    },
  },
  async handler(ctx, row, body) {
    const link = await sendInvoiceLink(ctx, row, readOptions(SEND_OPTIONS, body));
    return { meta: { link }, log: { sent_to: link.email } };
  },
};
