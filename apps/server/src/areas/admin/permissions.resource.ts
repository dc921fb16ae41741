import { tenancy } from '../../access/tenancy.ts';
import { attr } from '../../jsonapi/attributes.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { permissions } from './admin.table.ts';

/** The permission catalogue of @atelier/domain, seeded at start; read only. */
export const permissionsResource = defineResource({
  type: 'permissions',
  table: permissions,
  permissions: 'permissions',
  tenancy: tenancy.global(),
  operations: { create: false, update: false, delete: false },
  logged: false,
  attributes: {
    name: attr.string().isReadOnly(),
    area: attr.string().isReadOnly(),
    subject: attr.string().isReadOnly(),
    verb: attr.string().isReadOnly(),
    scope: attr.string().isReadOnly(),
  },
  filters: {
    search: filter.search(['name']),
    area: filter.in('area'),
    subject: filter.in('subject'),
    scope: filter.in('scope'),
  },
  sorts: ['id', 'name', 'area', 'subject'],
  defaultSort: 'id',
});
