import { attr, contactAttributes, declare, organizationRecord, rel, timestamps } from '../declare/declare.ts';
import { PROVINCES } from '../locale.ts';

export const suppliers = declare('suppliers', {
  attributes: {
    company_name: attr.string().isRequired().max(150),
    ...contactAttributes(PROVINCES),
    tax_id: attr.string().max(50),
    website: attr.url(),
    notes: attr.text(),
    ...timestamps(),
  },
  relationships: {
    ...organizationRecord(),
    contacts: rel.toMany('contacts', { readOnly: true }),
    // Owned: written inside the supplier's document (a child collection).
    supplierProducts: rel.toMany('supplier-products'),
  },
  filters: ['search', 'province', 'tags'],
  sorts: ['company_name', 'city', 'email', 'created_at', 'updated_at'],
  defaultSort: 'company_name',
});
