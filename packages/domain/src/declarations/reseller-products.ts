import { attr, declare, rel, timestamps } from '../declare/declare.ts';
import { RESELLER_TAX_CODES, RESELLER_TAX_CODE_LABELS } from '../reseller/billing.ts';

/** What a reseller sells by the unit (spec platform §3 Reseller billing; issue 24): a line of its invoices. */
export const resellerCatalogueAttributes = () => ({
  name: attr.string().isRequired().max(150),
  description: attr.text().max(2000),
  /** Cents, before taxes. */
  price: attr.money().isRequired().min(0).max(100_000_000),
  tax_code: attr.enum(RESELLER_TAX_CODES, RESELLER_TAX_CODE_LABELS).notNull(),
  active: attr.boolean(),
  ...timestamps(),
});

export const resellerProducts = declare('reseller-products', {
  attributes: resellerCatalogueAttributes(),
  relationships: { reseller: rel.toOne('resellers', { createOnly: true }) },
  filters: ['search', 'active', 'reseller'],
  sorts: ['name', 'price', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
