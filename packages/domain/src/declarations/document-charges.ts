import { attr, rel } from '../declare/declare.ts';

// What an estimate and its repair charge above their lines (issue 27, lines/document-charges.ts):
// the shop supplies' terms (the settings' when the estimate was made, carried to its repair) and
// the document discount (needs 'apply discounts estimations', within the role's maximum).

export const documentChargesAttributes = () => ({
  /** Shop supplies: a percentage of the charged labour (0: none)… */
  shop_supplies_percent: attr.decimal().notNull().min(0).max(100),
  /** …at most this many cents (empty: no cap). */
  shop_supplies_cap: attr.money().min(0).max(100_000_000),
  /** The document discount as a percentage of the charged lines after their discounts, or… */
  document_discount_percent: attr.decimal().min(0).max(100),
  /** …as an amount in cents (never more than the lines; not both). */
  document_discount_amount: attr.money().min(0).max(100_000_000),
  /** What the supplies come to, in cents (in the subtotal). */
  shop_supplies_total: attr.money().isReadOnly(),
  /** What the document discount takes off, in cents (also in discount_total). */
  document_discount_total: attr.money().isReadOnly(),
});

/** The tax group the shop supplies are charged with (the settings' default when the estimate was made). */
export const documentChargesRelationships = () => ({
  shopSuppliesTaxGroup: rel.toOne('tax-groups'),
});
