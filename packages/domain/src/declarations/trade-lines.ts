import { attr, declare, documentState, named, organizationRecord, rel, stampedBy, timestamps, workflowAttributes, type AnyAttribute, type RelationshipDeclaration } from '../declare/declare.ts';
import type { Labels } from '../enums.ts';
import type { TaxAmount } from '../taxes/taxes.ts';
import { DELIVERY_STATUSES, DELIVERY_STATUS_LABELS, INVOICING_STATUSES, INVOICING_STATUS_LABELS, INVOICING_TYPES, INVOICING_TYPE_LABELS, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '../trade/documents.ts';

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
  ...named(document, rel.toOne(type, { required: true, createOnly: true })),
  product: rel.toOne('products'),
  ...named(productAlias, rel.toOne('products', { readOnly: true })),
  taxGroup: rel.toOne('tax-groups'),
});

/**
 * An order (purchases, sales), declared once for both sides since they differ only in names: the
 * parts ordered from a supplier or bought by a customer, from or for a warehouse. `terms`, the
 * side's attributes after how it is invoiced (sales: a deposit first); `reference`, the party's own
 * reference for it; `links`, its party and warehouse (by the side's names) and its lines' type. Its
 * deliveries and invoices are generated from it and move its statuses, computed by the server.
 */
export const tradeOrder = <
  const T extends string,
  S extends string,
  A extends string,
  M extends Record<string, AnyAttribute>,
  F extends Record<string, AnyAttribute>,
  const PN extends string,
  P extends RelationshipDeclaration,
  const WN extends string,
  W extends RelationshipDeclaration,
  const IT extends string,
>(
  type: T,
  workflow: { readonly states: readonly S[]; readonly stateLabels: Labels<S>; readonly actions: readonly A[] },
  terms: M,
  reference: F,
  links: { party: readonly [PN, P]; warehouse: readonly [WN, W]; items: IT },
) =>
  declare(type, {
    attributes: {
      ...documentState(workflow),
      /** How invoices are generated from it by default (spec §3). */
      invoicing_type: attr.enum(INVOICING_TYPES, INVOICING_TYPE_LABELS),
      ...terms,
      invoicing_status: attr.enum(INVOICING_STATUSES, INVOICING_STATUS_LABELS).isReadOnly(),
      delivery_status: attr.enum(DELIVERY_STATUSES, DELIVERY_STATUS_LABELS).isReadOnly(),
      /** When the supplier said it would come, or when it was promised to the customer. */
      expected_on: attr.date(),
      ...reference,
      notes: attr.text().max(5000),
      ...tradeTotalsAttributes(),
      ...workflowAttributes(workflow, 'validated_at', 'completed_at', 'canceled_at'),
    },
    relationships: {
      ...organizationRecord(),
      ...named(links.party[0], links.party[1]),
      ...named(links.warehouse[0], links.warehouse[1]),
      items: rel.toMany(links.items),
      /** Who placed or took it (the user who made it). */
      issuer: rel.toOne('users', { readOnly: true }),
      ...stampedBy('validatedBy', 'canceledBy'),
    },
    filters: ['state', 'delivery_status', 'invoicing_status', links.party[0], links.warehouse[0], 'search', 'tags'],
    sorts: [...TRADE_DOCUMENT_SORTS, 'expected_on'],
    defaultSort: '-created_at',
  });

/**
 * A delivery (a receipt from a supplier, parts out to a customer), declared once for both sides
 * since they differ only in names: `own`, the side's attributes after its state (its date, a
 * reference); `links`, the validated order it moves (given on create, kept), its party and its
 * warehouse (both the order's), its lines' type and the date it sorts by. Validating it makes its
 * stock movement; the server stamps who made, validated and canceled it.
 */
export const tradeDelivery = <
  const T extends string,
  S extends string,
  A extends string,
  O extends Record<string, AnyAttribute>,
  const ON extends string,
  const OT extends string,
  const PN extends string,
  const PT extends string,
  const WN extends string,
  const IT extends string,
  const D extends keyof O & string,
>(
  type: T,
  workflow: { readonly states: readonly S[]; readonly stateLabels: Labels<S>; readonly actions: readonly A[] },
  own: O,
  links: { order: readonly [ON, OT]; party: readonly [PN, PT]; warehouse: WN; items: IT; date: D },
) =>
  declare(type, {
    attributes: {
      ...documentState(workflow),
      ...own,
      notes: attr.text().max(5000),
      item_count: attr.integer().isReadOnly(),
      ...workflowAttributes(workflow, 'validated_at', 'canceled_at'),
    },
    relationships: {
      ...organizationRecord(),
      ...named(links.order[0], rel.toOne(links.order[1], { required: true, createOnly: true })),
      ...named(links.party[0], rel.toOne(links.party[1], { readOnly: true })),
      ...named(links.warehouse, rel.toOne('warehouses', { readOnly: true })),
      items: rel.toMany(links.items),
      stockMovement: rel.toOne('stock-movements', { readOnly: true }),
      ...stampedBy('creator', 'validatedBy', 'canceledBy'),
    },
    filters: ['state', links.order[0], links.party[0], 'search', 'tags'],
    sorts: ['created_at', 'updated_at', 'code', 'state', links.date],
    defaultSort: '-created_at',
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
  ...named(delivery, rel.toOne(type, { required: true, createOnly: true })),
  ...named(orderLine, rel.toOne(orderLineType, { required: true, createOnly: true })),
  product: rel.toOne('products', { readOnly: true }),
  ...named(productAlias, rel.toOne('products', { readOnly: true })),
});

export const DELIVERY_LINE_SORTS = ['position', 'created_at', 'updated_at'] as const;
export const TRADE_LINE_SORTS = ['position', 'created_at', 'updated_at', 'total'] as const;
export const TRADE_DOCUMENT_SORTS = ['created_at', 'updated_at', 'code', 'state', 'total'] as const;
