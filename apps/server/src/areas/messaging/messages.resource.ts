import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { READ_ONLY, defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { customersResource } from '../crm/customers.resource.ts';
import { messages } from './messaging.table.ts';

/** The texts and e-mails to and from customers (issue 26), read only: sends and the provider's webhook write them. */
export const messagesResource = defineResource(declarations.messages, {
  table: messages,
  permissions: 'customers',
  tenancy: tenancy.ownedBy(customersResource, 'customer_id', { organization: true }),
  ...READ_ONLY,
  relationships: {
    organization: rel.belongsTo('organization_id'),
    customer: rel.belongsTo('customer_id'),
    consent: rel.belongsTo('consent_id'),
    sentBy: rel.belongsTo('sent_by_id'),
  },
  filters: {
    customer: filter.ids('customer_id', 'customer'),
    channel: filter.in('channel'),
    direction: filter.in('direction'),
    subject_id: filter.ids('subject_id', 'subject_id'),
  },
});
