import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { READ_ONLY, defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { followUps } from './follow-ups.table.ts';

/**
 * The follow-ups of declined work (issue 26), read only (the runner writes them): shown on the
 * vehicle and its deferred work, read with the estimates' permissions as the deferred work is.
 * The customer's link token is never served.
 */
export const followUpsResource = defineResource(declarations['follow-ups'], {
  table: followUps,
  permissions: 'estimations',
  tenancy: tenancy.organization(),
  ...READ_ONLY,
  relationships: {
    organization: rel.belongsTo('organization_id'),
    deferredWork: rel.belongsTo('deferred_work_id'),
    vehicle: rel.belongsTo('vehicle_id'),
    customer: rel.belongsTo('customer_id'),
    message: rel.belongsTo('message_id'),
  },
  filters: {
    vehicle: filter.ids('vehicle_id', 'vehicle'),
    deferredWork: filter.ids('deferred_work_id', 'deferredWork'),
    status: filter.in('status'),
  },
});
