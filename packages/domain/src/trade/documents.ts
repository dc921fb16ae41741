import type { Permission } from '../access/permissions.ts';
import { defineEnum } from '../enums.ts';
import { CANCEL_ACTION, WORK_STATES, defineWorkflow } from '../workflow/workflow.ts';
import type { Progress } from './trade.ts';

// The documents of trade (spec platform §3 Purchases and Sales, §4 Documents; issues 22 and 23):
// an order, the deliveries and invoices made from it, the payments of an invoice. Purchases and
// sales declare theirs with these factories, so both sides read and act alike.

/** How an invoice is made from an order (spec §3): everything left, an amount (a deposit), or the products delivered. */
export const [INVOICING_TYPES, INVOICING_TYPE_LABELS] = defineEnum('invoicing_types', ['complete', 'amount', 'product']);
export type InvoicingType = (typeof INVOICING_TYPES)[number];

export const [INVOICING_STATUSES, INVOICING_STATUS_LABELS] = defineEnum('invoicing_statuses', ['pending', 'partially_invoiced', 'invoiced']);
export type InvoicingStatus = (typeof INVOICING_STATUSES)[number];

export const [DELIVERY_STATUSES, DELIVERY_STATUS_LABELS] = defineEnum('delivery_statuses', ['pending', 'partially_delivered', 'delivered']);
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** An invoice's payments (derived from them): nothing paid, some, all. */
export const [PAYMENT_STATUSES, PAYMENT_STATUS_LABELS] = defineEnum('payment_statuses', ['unpaid', 'partially_paid', 'paid']);
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const [PAYMENT_METHODS, PAYMENT_METHOD_LABELS] = defineEnum('payment_methods', ['transfer', 'cheque', 'card', 'cash', 'other']);

/** An order's statuses as its documents' progress reads (trade.ts progress()). */
const DELIVERY_OF: Readonly<Record<Progress, DeliveryStatus>> = { pending: 'pending', partial: 'partially_delivered', complete: 'delivered' };
const INVOICING_OF: Readonly<Record<Progress, InvoicingStatus>> = { pending: 'pending', partial: 'partially_invoiced', complete: 'invoiced' };
export const deliveryStatusOf = (p: Progress): DeliveryStatus => DELIVERY_OF[p];
export const invoicingStatusOf = (p: Progress): InvoicingStatus => INVOICING_OF[p];

/** An invoice's payment status from what is paid of its total (cents). */
export function paymentStatusOf(total: number, paid: number): PaymentStatus {
  if (paid <= 0) return 'unpaid';
  return paid >= total ? 'paid' : 'partially_paid';
}

/** What a validated invoice's payments leave of it: its balance and payment status (cents). */
export const invoiceSettlement = (invoice: { total: number; amount_paid: number }): { balance: number; payment_status: PaymentStatus } => ({
  balance: invoice.total - invoice.amount_paid,
  payment_status: paymentStatusOf(invoice.total, invoice.amount_paid),
});

// Every trade document is feminine in French (une commande, une facture, une livraison, une réception).
const VALIDATED = { label: { fr: 'Validée', en: 'Validated' }, color: 'teal' } as const;
const CANCELED = { label: { fr: 'Annulée', en: 'Canceled' }, color: 'red' } as const;
const validate = (permission: Permission) =>
  ({ label: { fr: 'Valider', en: 'Validate' }, permission, from: ['draft'], to: 'validated', stamps: { by: 'validated_by_id', at: 'validated_at' }, get: true, confirm: true }) as const;

/** The subjects of trade documents' permissions (spec §6: view/create/edit/delete each). */
export type TradeSubject = 'purchases orders' | 'purchases deliveries' | 'purchases invoices' | 'sales orders' | 'sales deliveries' | 'sales invoices' | 'reseller invoices';
const edit = (subject: TradeSubject) => `edit ${subject}` as Permission;

/**
 * An order (spec §4: draft, validated, completed, canceled): written as a draft, validated to be
 * sent; completed once all is delivered and invoiced (by its documents), or closed by hand with
 * what is left (the supplier will not deliver the rest); canceled while nothing is delivered or invoiced.
 */
export const orderWorkflow = (subject: TradeSubject) =>
  defineWorkflow({
    states: {
      draft: WORK_STATES.draft,
      validated: VALIDATED,
      completed: { label: { fr: 'Terminée', en: 'Completed' }, color: 'cyan' },
      canceled: CANCELED,
    },
    actions: {
      validate: validate(edit(subject)),
      complete: { label: { fr: 'Clore', en: 'Close' }, permission: edit(subject), from: ['validated'], to: 'completed', stamps: { at: 'completed_at' }, confirm: true },
      cancel: { ...CANCEL_ACTION, permission: edit(subject), from: ['draft', 'validated'], color: 'red.8' },
    },
    editable: ['draft'],
    // A validated order's next step is its receipt (the page's own button): closing it is rarer.
    next: { draft: ['validate', 'cancel'] },
  });

/** A delivery or an invoice (spec §4: validated or canceled): a draft is written freely; a validated one counts against its order. */
export const documentWorkflow = (subject: TradeSubject) =>
  defineWorkflow({
    states: { draft: WORK_STATES.draft, validated: VALIDATED, canceled: CANCELED },
    actions: {
      validate: validate(edit(subject)),
      cancel: { ...CANCEL_ACTION, permission: edit(subject), from: ['draft', 'validated'], color: 'red.8' },
    },
    editable: ['draft'],
    next: { draft: ['validate', 'cancel'], validated: ['cancel'] },
  });

export type OrderWorkflow = ReturnType<typeof orderWorkflow>;
export type DocumentWorkflow = ReturnType<typeof documentWorkflow>;
export type OrderState = OrderWorkflow['states'][number];
export type DocumentState = DocumentWorkflow['states'][number];
