import { addressAttributes, attr, contactAttributes, declare, organizationRecord, rel, timestamps } from '../declare/declare.ts';
import { CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS } from '../crm/crm.ts';
import { LOCALES, LOCALE_LABELS, PROVINCES } from '../locale.ts';

export const customers = declare('customers', {
  attributes: {
    type: attr.enum(CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS).notNull(),
    customer_name: attr.string().isReadOnly(),
    firstname: attr.string().max(100),
    lastname: attr.string().max(100),
    company_name: attr.string().max(150),
    tax_id: attr.string().max(50),
    ...contactAttributes(PROVINCES),
    billing_same_as_customer: attr.boolean(),
    billing_name: attr.string().max(150),
    ...contactAttributes(PROVINCES, 'billing_'),
    ...addressAttributes(PROVINCES, 'delivery_'),
    notes: attr.text(),
    /** The customer's language: a shared inspection report opens in it. */
    locale: attr.enum(LOCALES, LOCALE_LABELS).notNull(),
    ...timestamps(),
  },
  relationships: {
    ...organizationRecord(),
    contacts: rel.toMany('contacts', { readOnly: true }),
    vehicles: rel.toMany('vehicles', { readOnly: true }),
    requests: rel.toMany('requests', { readOnly: true }),
  },
  filters: ['search', 'type', 'province', 'tags'],
  sorts: ['customer_name', 'company_name', 'lastname', 'firstname', 'email', 'city', 'type', 'created_at', 'updated_at'],
  defaultSort: 'customer_name',
});
