import { declare } from '../declare/declare.ts';
import { resellerCatalogueAttributes, resellerCatalogueRelationships } from './reseller-products.ts';

/** A service a reseller bills (set-up, training; spec platform §3 Reseller billing): a line of its invoices. */
export const resellerServices = declare('reseller-services', {
  attributes: resellerCatalogueAttributes(),
  relationships: resellerCatalogueRelationships(),
  filters: ['search', 'active', 'reseller'],
  sorts: ['name', 'price', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
