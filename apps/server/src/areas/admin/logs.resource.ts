import { tenancy } from '../../access/tenancy.ts';
import { attr } from '../../jsonapi/attributes.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { logs } from './admin.table.ts';

/** The activity log, read only: written by the engine for every change and workflow action. */
export const logsResource = defineResource({
  type: 'logs',
  table: logs,
  permissions: 'logs',
  tenancy: tenancy.owner(),
  operations: { create: false, update: false, delete: false },
  logged: false,
  attributes: {
    subject_type: attr.string().isReadOnly(),
    subject_id: attr.string().isReadOnly(),
    event: attr.string().isReadOnly(),
    properties: attr.object().isReadOnly(),
    created_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    causer: rel.belongsTo('users', 'causer_id', { readOnly: true }),
    organization: rel.belongsTo('organizations', 'organization_id', { readOnly: true }),
  },
  filters: {
    subject_type: filter.in('subject_type'),
    subject_id: filter.in('subject_id'),
    event: filter.in('event'),
    causer: filter.ids('causer_id', 'causer'),
    search: filter.search(['subject_type', 'event']),
  },
  sorts: ['created_at', 'event', 'subject_type'],
  defaultSort: '-created_at',
});
