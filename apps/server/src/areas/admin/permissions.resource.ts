import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { READ_ONLY, defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { permissions } from './admin.table.ts';

/** The permission catalogue of @atelier/domain, seeded at start; read only. */
export const permissionsResource = defineResource(declarations.permissions, {
  table: permissions,
  permissions: 'permissions',
  tenancy: tenancy.global(),
  ...READ_ONLY,
  filters: {
    search: filter.search(['name']),
    area: filter.in('area'),
    subject: filter.in('subject'),
    scope: filter.in('scope'),
  },
});
