import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { READ_ONLY, defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { callbackDeliveries } from './settings.table.ts';

/**
 * The delivery log of callbacks, read only (the worker writes it): what was sent where, how it
 * went. The body sent is not served (it is the record, readable at its own type).
 */
export const callbackDeliveriesResource = defineResource(declarations['callback-deliveries'], {
  table: callbackDeliveries,
  permissions: 'settings',
  tenancy: tenancy.organization(),
  ...READ_ONLY,
  relationships: { organization: rel.belongsTo('organization_id') },
  filters: { status: filter.in('status'), event: filter.in('event') },
});
