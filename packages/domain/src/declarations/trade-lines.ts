import { attr, rel, stampedBy, timestamps, workflowAttributes, type AnyAttribute, type RelationshipDeclaration } from '../declare/declare.ts';
import type { TaxAmount } from '../taxes/taxes.ts';
import { DELIVERY_STATUSES, DELIVERY_STATUS_LABELS, INVOICING_STATUSES, INVOICING_STATUS_LABELS, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '../trade/documents.ts';

// What the documents of trade (orders, deliveries, invoices of purchases, sales and resellers) declare
// alike: a line's product or description, quantity, price, discount and taxes; a document's totals,
// computed by the server with trade/trade.ts (read only); an invoice's terms, settlement and
// payments; a delivery's lines.

/**
 * A priced line: the product or a free description, how many, at what price, less a discount, taxed
 * by its group. `signed`: a quantity may be negative (an invoice's deduction of a deposit, a credit).
 */
export const tradeLineAttributes = (options: { signed?: boolean } = {}) => ({
  description: attr.string().max(255),
  quantity: attr.decimal().isRequired().min(options.signed ? -10_000_000 : 0).max(10_000_000),
  /** Cents per unit (the product's price when left out). */
  unit_price: attr.money().min(0).max(100_000_000),
  /** Percent off the line (0 to 100). */
  discount: attr.decimal().min(0).max(100),
  /** Its place in the document. */
  position: attr.integer().isReadOnly(),
  subtotal: attr.money().isReadOnly(),
  tax_total: attr.money().isReadOnly(),
  total: attr.money().isReadOnly(),
  tax_details: attr.json<TaxAmount[]>().isReadOnly(),
});

/** A line of an order (purchases, sales): a priced line, and how much of it its validated deliveries and invoices cover. */
export const orderLineAttributes = () => ({
  ...tradeLineAttributes(),
  quantity_delivered: attr.decimal().isReadOnly(),
  quantity_invoiced: attr.decimal().isReadOnly(),
  ...timestamps(),
});

/** What a document's priced lines add up to, in cents. */
export const tradeTotalsAttributes = () => ({
  item_count: attr.integer().isReadOnly(),
  subtotal: attr.money().isReadOnly(),
  discount_total: attr.money().isReadOnly(),
  tax_total: attr.money().isReadOnly(),
  total: attr.money().isReadOnly(),
  tax_details: attr.json<TaxAmount[]>().isReadOnly(),
});

/**
 * What a line of a trade document links to: its document (given on create, kept), its product
 * (also by the spec's include name, e.g. items.purchasesOrderable), its tax group.
 */
export const tradeLineRelationships = <const N extends string, const T extends string, const P extends string>(document: N, type: T, productAlias: P) => ({
  organization: rel.toOne('organizations', { readOnly: true }),
  ...({ [document]: rel.toOne(type, { required: true, createOnly: true }) } as Record<N, RelationshipDeclaration<T, false>>),
  product: rel.toOne('products'),
  ...({ [productAlias]: rel.toOne('products', { readOnly: true }) } as Record<P, RelationshipDeclaration<'products', false>>),
  taxGroup: rel.toOne('tax-groups'),
});

/** How far an order's validated deliveries and invoices went, computed by the server. */
export const orderStatusAttributes = () => ({
  invoicing_status: attr.enum(INVOICING_STATUSES, INVOICING_STATUS_LABELS).isReadOnly(),
  delivery_status: attr.enum(DELIVERY_STATUSES, DELIVERY_STATUS_LABELS).isReadOnly(),
});

/** A delivery's own (a receipt, parts out to a customer) after its date: its notes, how many lines, its workflow's stamps. */
export const deliveryAttributes = <A extends string>(workflow: { readonly actions: readonly A[] }) => ({
  notes: attr.text().max(5000),
  item_count: attr.integer().isReadOnly(),
  ...workflowAttributes(workflow, 'validated_at', 'canceled_at'),
});

/** What a delivery links to after its lines: the stock movement its validation made, who made, validated and canceled it. */
export const deliveryMovementRelationships = () => ({
  stockMovement: rel.toOne('stock-movements', { readOnly: true }),
  ...stampedBy('creator', 'validatedBy', 'canceledBy'),
});

/** An invoice's terms (purchases, sales, reseller): when it was issued and is due, where it is billed, its notes. */
export const invoiceTermsAttributes = () => ({
  issued_on: attr.date(),
  /** When it is due. */
  expiration_time: attr.date(),
  billing_address: attr.text().max(1000),
  notes: attr.text().max(5000),
});

/** What its payments make of an invoice, computed by the server: what is paid, the balance, its payment status. */
export const invoiceSettlementAttributes = () => ({
  amount_paid: attr.money().isReadOnly(),
  balance: attr.money().isReadOnly(),
  payment_status: attr.enum(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS).isReadOnly(),
});

/** A payment typed against an invoice (a supplier's bill, a reseller's invoice): how much, when, how, its reference and notes. */
export const invoicePaymentAttributes = () => ({
  amount: attr.money().isRequired().isCreateOnly().min(1).max(10_000_000_000),
  paid_on: attr.date().isRequired(),
  method: attr.enum(PAYMENT_METHODS, PAYMENT_METHOD_LABELS).isRequired(),
  reference: attr.string().max(100),
  notes: attr.text().max(2000),
  ...timestamps(),
});

/**
 * A line of a delivery (a receipt from a supplier, parts out to a customer): how much of its order's
 * line moved; its description is the order line's. `more`: what the side adds (a receipt's cost).
 */
export const deliveryLineAttributes = <const M extends Record<string, AnyAttribute>>(more: M) => ({
  description: attr.string().isReadOnly(),
  quantity: attr.decimal().isRequired().min(0).max(10_000_000),
  ...more,
  position: attr.integer().isReadOnly(),
  ...timestamps(),
});

/** What a delivery's line links to: its delivery and its order's line (given on create, kept), and their product (also by the spec's include name). */
export const deliveryLineRelationships = <const N extends string, const T extends string, const L extends string, const U extends string, const P extends string>(delivery: N, type: T, orderLine: L, orderLineType: U, productAlias: P) => ({
  organization: rel.toOne('organizations', { readOnly: true }),
  ...({ [delivery]: rel.toOne(type, { required: true, createOnly: true }) } as Record<N, RelationshipDeclaration<T, false>>),
  ...({ [orderLine]: rel.toOne(orderLineType, { required: true, createOnly: true }) } as Record<L, RelationshipDeclaration<U, false>>),
  product: rel.toOne('products', { readOnly: true }),
  ...({ [productAlias]: rel.toOne('products', { readOnly: true }) } as Record<P, RelationshipDeclaration<'products', false>>),
});

export const DELIVERY_LINE_SORTS = ['position', 'created_at', 'updated_at'] as const;
export const TRADE_LINE_SORTS = ['position', 'created_at', 'updated_at', 'total'] as const;
export const TRADE_DOCUMENT_SORTS = ['created_at', 'updated_at', 'code', 'state', 'total'] as const;
