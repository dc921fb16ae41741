import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/** What a reseller sells by the unit (spec platform §3 Reseller billing; issue 24): a line of its invoices. */
export const resellerCatalogueAttributes = () => ({
  name: attr.string().isRequired().max(150),
  description: attr.text().max(2000),
  /** Cents, before taxes. */
  price: attr.money().isRequired().min(0).max(100_000_000),
  active: attr.boolean(),
  ...timestamps(),
});

/** Whose it is, and the reseller's tax group its lines are taxed by. */
export const resellerCatalogueRelationships = () => ({
  reseller: rel.toOne('resellers', { createOnly: true }),
  taxGroup: rel.toOne('reseller-tax-groups'),
});

/** A reseller's products and services are declared alike: what they are, how they are found and sorted. */
export const resellerCatalogue = () => ({
  attributes: resellerCatalogueAttributes(),
  relationships: resellerCatalogueRelationships(),
  filters: ['search', 'active', 'reseller'] as const,
  sorts: ['name', 'price', 'created_at', 'updated_at'] as const,
  defaultSort: 'name' as const,
});

export const resellerProducts = declare('reseller-products', resellerCatalogue());
