import { attr, declare, organizationRecord, rel, timestamps } from '../declare/declare.ts';
import { CONTACTABLE_TYPES, CONTACT_TITLES, CONTACT_TITLE_LABELS, type Phone } from '../crm/crm.ts';

export const contacts = declare('contacts', {
  attributes: {
    title: attr.enum(CONTACT_TITLES, CONTACT_TITLE_LABELS),
    firstname: attr.string().isRequired().max(100),
    lastname: attr.string().isRequired().max(100),
    full_name: attr.string().isReadOnly(),
    birthday: attr.date(),
    email: attr.email(),
    phones: attr.list<Phone>().notNull(),
    contactable_type: attr.string(),
    contactable_id: attr.string(),
    notes: attr.text(),
    ...timestamps(),
  },
  relationships: {
    ...organizationRecord(),
    customer: rel.toOne('customers'),
    supplier: rel.toOne('suppliers'),
    /** Whose contact this is (contactable_type, contactable_id): the customer or the supplier. */
    contactable: rel.polymorphicOne(CONTACTABLE_TYPES),
  },
  filters: ['search', 'same_name', 'except', 'customer', 'supplier', 'contactable_type', 'title', 'tags'],
  sorts: ['full_name', 'name', 'firstname', 'lastname', 'birthday', 'email', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
