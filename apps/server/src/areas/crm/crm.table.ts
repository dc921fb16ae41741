import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, text, uuid } from 'drizzle-orm/pg-core';
import { CONTACT_TITLES, CUSTOMER_TYPES, LOCALES, PROVINCES, type Phone } from '@atelier/domain';
import { contactColumns, listIndexes, oneOf, placedColumns, valueChecks } from '../../db/columns.ts';
import { tenantTable } from '../admin/admin.table.ts';
import { suppliers } from '../purchases/purchases.table.ts';

/** A person or company the organization serves (spec platform §3 CRM). */
export const customers = tenantTable(
  'customers',
  {
    type: text('type').notNull().default('individual'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    company_name: text('company_name'),
    tax_id: text('tax_id'),
    ...contactColumns(),
    /** When true the billing information is the customer's own (billing_* are then empty). */
    billing_same_as_customer: boolean('billing_same_as_customer').notNull().default(true),
    billing_name: text('billing_name'),
    billing_email: text('billing_email'),
    billing_phone: text('billing_phone'),
    billing_address: text('billing_address'),
    billing_city: text('billing_city'),
    billing_province: text('billing_province'),
    billing_postal_code: text('billing_postal_code'),
    delivery_address: text('delivery_address'),
    delivery_city: text('delivery_city'),
    delivery_province: text('delivery_province'),
    delivery_postal_code: text('delivery_postal_code'),
    notes: text('notes'),
    /** The customer's language: a shared inspection report opens in it. */
    locale: text('locale').notNull().default('fr'),
    ...placedColumns(),
  },
  (t) => [
    ...listIndexes('customers', t),
    index('customers_org_email_idx').on(t.organization_id, sql`lower(${t.email})`),
    // The natural keys an import's chunk looks up without case (imports/matching.ts preload).
    index('customers_org_company_idx').on(t.organization_id, sql`lower(${t.company_name})`),
    ...valueChecks('customers', t, { type: CUSTOMER_TYPES, province: PROVINCES, billing_province: PROVINCES, delivery_province: PROVINCES, locale: LOCALES }),
  ],
);

/**
 * A person to reach (spec platform §3 Contact). Its contactable (a customer or a supplier) is kept
 * as one foreign key per possible type, so the database keeps the link true; the API shows it as
 * contactable_type + contactable_id and as the customer or supplier relationship.
 */
export const contacts = tenantTable(
  'contacts',
  {
    title: text('title'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    birthday: date('birthday', { mode: 'string' }),
    email: text('email'),
    phones: jsonb('phones').$type<Phone[]>().notNull().default(sql`'[]'::jsonb`),
    customer_id: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    supplier_id: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    notes: text('notes'),
    ...placedColumns(),
  },
  (t) => [
    ...listIndexes('contacts', t),
    index('contacts_org_name_idx').on(t.organization_id, sql`lower(${t.lastname})`, sql`lower(${t.firstname})`),
    index('contacts_org_email_idx').on(t.organization_id, sql`lower(${t.email})`),
    index('contacts_customer_idx').on(t.customer_id),
    index('contacts_supplier_idx').on(t.supplier_id),
    oneOf('contacts_title_check', t.title, CONTACT_TITLES),
    check('contacts_one_contactable_check', sql`${t.customer_id} IS NULL OR ${t.supplier_id} IS NULL`),
  ],
);
