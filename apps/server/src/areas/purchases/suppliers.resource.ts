import { PROVINCES } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { attr, contactAttributes } from '../../jsonapi/attributes.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { suppliers } from './purchases.table.ts';

/** Suppliers (spec platform §3 Purchases); their dropdown label is company_name. */
export const suppliersResource = defineResource({
  type: 'suppliers',
  table: suppliers,
  permissions: 'suppliers',
  tenancy: tenancy.organization(),
  attributes: {
    company_name: attr.string().isRequired().max(150),
    ...contactAttributes(PROVINCES),
    tax_id: attr.string().max(50),
    website: attr.url(),
    notes: attr.text(),
    created_at: attr.datetime().isReadOnly(),
    updated_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    organization: rel.belongsTo('organizations', 'organization_id', { createOnly: true }),
    allowedLocations: rel.idArray('locations', 'location_ids'),
    tags: rel.idArray('tags', 'tag_ids'),
    contacts: rel.hasMany('contacts', 'supplier_id'),
    supplierProducts: rel.ownsMany('supplier-products', 'supplier_id', { order: 'position' }),
  },
  filters: {
    search: filter.search(['company_name', 'email', 'phone', 'city', 'tax_id']),
    province: filter.in('province'),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  sorts: ['company_name', 'city', 'email', 'created_at', 'updated_at'],
  defaultSort: 'company_name',
  notify: { label: (row) => String(row.company_name ?? '') },
});
