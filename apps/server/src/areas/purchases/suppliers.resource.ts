import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { suppliers } from './purchases.table.ts';

/** Suppliers (spec platform §3 Purchases); their dropdown label is company_name. */
export const suppliersResource = defineResource(declarations.suppliers, {
  table: suppliers,
  permissions: 'suppliers',
  tenancy: tenancy.organization(),
  relationships: {
    ...placedRelationships(),
    contacts: rel.hasMany('supplier_id'),
    supplierProducts: rel.ownsMany('supplier_id', { order: 'position' }),
  },
  filters: {
    search: filter.search(['company_name', 'email', 'phone', 'city', 'tax_id']),
    province: filter.in('province'),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  notify: { label: (row) => String(row.company_name ?? '') },
});
