import { declarations } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { READ_ONLY, defineResource } from '../../jsonapi/define-resource.ts';
import { badRequest } from '../../jsonapi/errors.ts';
import { column, filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { repairsResource } from './repairs.resource.ts';
import { repairTimeEntries } from './repairs.table.ts';

/**
 * The mechanics' clocked time (issue 12): read only, made by the items' start-clock and
 * stop-clock; filterable by repair, item and mechanic, and by running (true: clocks still running).
 */
export const repairTimeEntriesResource = defineResource(declarations['repair-time-entries'], {
  table: repairTimeEntries,
  permissions: 'repairs',
  tenancy: tenancy.ownedBy(repairsResource, 'repair_id', { organization: true }),
  ...READ_ONLY,
  relationships: {
    organization: rel.belongsTo('organization_id'),
    user: rel.belongsTo('user_id'),
    repair: rel.belongsTo('repair_id'),
    repairItem: rel.belongsTo('repair_item_id'),
  },
  filters: {
    repair: filter.ids('repair_id', 'repair'),
    repairItem: filter.ids('repair_item_id', 'repairItem'),
    user: filter.ids('user_id', 'user'),
    running: filter.custom((value, _ctx, table) => {
      if (value !== 'true' && value !== 'false') throw badRequest('error.invalid_filter_value', { filter: 'running' }, 'filter[running]');
      return value === 'true' ? sql`${column(table, 'ended_at')} IS NULL` : sql`${column(table, 'ended_at')} IS NOT NULL`;
    }),
  },
});
