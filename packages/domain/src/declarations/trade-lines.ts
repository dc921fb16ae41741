import { attr, rel, type RelationshipDeclaration } from '../declare/declare.ts';
import type { TaxAmount } from '../taxes/taxes.ts';

// What the documents of trade (orders, deliveries, invoices of purchases and sales) declare alike:
// a line's product or description, quantity, price, discount and taxes; a document's totals,
// computed by the server with trade/trade.ts (read only).

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

export const TRADE_LINE_SORTS = ['position', 'created_at', 'updated_at', 'total'] as const;
export const TRADE_DOCUMENT_SORTS = ['created_at', 'updated_at', 'code', 'state', 'total'] as const;
