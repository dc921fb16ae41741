// What the trade documents' screens (orders and invoices of purchases, sales and resellers) show
// alike, in the order every one of them shows it.

/** A document's amounts, after its lines. */
export const TOTALS = ['subtotal', 'tax_total', 'total'] as const;

/** What its payments make of an invoice, after its amounts. */
export const SETTLEMENT = ['amount_paid', 'balance', 'payment_status', 'payments'] as const;

/** An invoice's columns after whom it is to (and its own): when it is due, its payment status, its total and balance. */
export const INVOICE_COLUMNS = [{ key: 'expiration_time', visibleFrom: 'md' }, { key: 'payment_status', visibleFrom: 'md' }, 'total', { key: 'balance', visibleFrom: 'sm' }] as const;

/** An order's columns after whom it is with: how far it is delivered and invoiced, when it is expected, its total. */
export const ORDER_COLUMNS = [{ key: 'delivery_status', visibleFrom: 'md' }, { key: 'invoicing_status', visibleFrom: 'lg' }, { key: 'expected_on', visibleFrom: 'lg' }, { key: 'total', visibleFrom: 'sm' }] as const;
