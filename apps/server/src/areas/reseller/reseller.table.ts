import { PACKAGE_FREQUENCIES, PAYMENT_STATUSES, TAX_TYPES, resellerInvoiceWorkflow, subscriptionWorkflow, type PackageFrequency, type SubscriptionState } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { at, cents, id, oneOf, ownedBy, requiredRef, timestamps, valueChecks } from '../../db/columns.ts';
import { organizations, resellers, roles } from '../admin/admin.table.ts';
import { documentStampColumns, documentState, invoiceColumns, lineTotalColumns, paymentAmountColumns, paymentChecks, quantity } from '../trade/trade.columns.ts';

// Reseller billing (issue 24): a reseller's catalogue (products, services, packages), its
// organizations' subscriptions, and its invoices to them with their payments. These rows are the
// reseller's (reseller_id); those about one organization carry it too (organization_id).

const resellerId = () =>
  uuid('reseller_id')
    .notNull()
    .references((): AnyPgColumn => resellers.id, { onDelete: 'cascade' });

/** A reseller's own tax groups (issue 24): what its catalogue's lines are taxed by. */
export const resellerTaxGroups = pgTable(
  'reseller_tax_groups',
  {
    id: id(),
    reseller_id: resellerId(),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('reseller_tax_groups_name_unique').on(t.reseller_id, sql`lower(${t.name})`)],
);

/** A tax of a reseller's group: a percentage of the line or an amount per unit (four decimals, exact). */
export const resellerTaxes = pgTable(
  'reseller_taxes',
  {
    id: id(),
    reseller_tax_group_id: ownedBy('reseller_tax_group_id', () => resellerTaxGroups.id),
    code: text('code').notNull(),
    rate: numeric('rate', { precision: 12, scale: 4 }).notNull(),
    type: text('type').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('reseller_taxes_group_idx').on(t.reseller_tax_group_id, t.position),
    oneOf('reseller_taxes_type_check', t.type, TAX_TYPES),
    check('reseller_taxes_rate_check', sql`${t.rate} >= 0 AND (${t.type} = 'amount' OR ${t.rate} <= 100)`),
  ],
);

/** A line's reseller tax group (none: no tax); a group in use is not deleted. */
const resellerTaxGroupId = () => uuid('tax_group_id').references((): AnyPgColumn => resellerTaxGroups.id, { onDelete: 'restrict' });

const catalogueColumns = () => ({
  reseller_id: resellerId(),
  name: text('name').notNull(),
  description: text('description'),
  price: cents('price'),
  tax_group_id: resellerTaxGroupId(),
  active: boolean('active').notNull().default(true),
  ...timestamps(),
});

export const resellerProducts = pgTable('reseller_products', { id: id(), ...catalogueColumns() }, (t) => [
  uniqueIndex('reseller_products_name_unique').on(t.reseller_id, sql`lower(${t.name})`),
]);

export const resellerServices = pgTable('reseller_services', { id: id(), ...catalogueColumns() }, (t) => [
  uniqueIndex('reseller_services_name_unique').on(t.reseller_id, sql`lower(${t.name})`),
]);

export const packages = pgTable(
  'packages',
  {
    id: id(),
    ...catalogueColumns(),
    frequency: text('frequency').$type<PackageFrequency>().notNull(),
    maximum_users: integer('maximum_users'),
    default_role_id: uuid('default_role_id').references(() => roles.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('packages_name_unique').on(t.reseller_id, sql`lower(${t.name})`),
    ...valueChecks('packages', t, { frequency: PACKAGE_FREQUENCIES }),
    check('packages_maximum_users_check', sql`${t.maximum_users} IS NULL OR ${t.maximum_users} > 0`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    organization_id: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    reseller_id: resellerId(),
    package_id: requiredRef('package_id', () => packages.id),
    state: text('state').$type<SubscriptionState>().notNull().default('active'),
    start_time: at('start_time').notNull(),
    end_time: at('end_time').notNull(),
    auto_renew: boolean('auto_renew').notNull().default(true),
    notes: text('notes'),
    renewed_at: at('renewed_at'),
    ...timestamps(),
  },
  (t) => [
    // One subscription per organization: a change of package is an edit of it.
    uniqueIndex('subscriptions_organization_unique').on(t.organization_id),
    index('subscriptions_reseller_idx').on(t.reseller_id, t.end_time),
    index('subscriptions_renewal_idx').on(t.end_time).where(sql`${t.auto_renew}`),
    oneOf('subscriptions_state_check', t.state, subscriptionWorkflow.states),
    check('subscriptions_period_check', sql`${t.end_time} > ${t.start_time}`),
  ],
);

export const resellerInvoices = pgTable(
  'reseller_invoices',
  {
    id: id(),
    /** The organization billed (the recipient). */
    organization_id: requiredRef('organization_id', () => organizations.id),
    reseller_id: resellerId(),
    ...documentStampColumns(),
    state: documentState(),
    subscription_id: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    period_start: date('period_start', { mode: 'string' }),
    period_end: date('period_end', { mode: 'string' }),
    ...invoiceColumns(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('reseller_invoices_code_unique').on(t.reseller_id, t.code),
    index('reseller_invoices_reseller_state_idx').on(t.reseller_id, t.state, t.created_at),
    index('reseller_invoices_organization_idx').on(t.organization_id, t.created_at),
    // A subscription's period is billed once (generate_subscription_invoice), unless that invoice is canceled.
    uniqueIndex('reseller_invoices_period_unique').on(t.subscription_id, t.period_start).where(sql`${t.state} <> 'canceled'`),
    ...valueChecks('reseller_invoices', t, { state: resellerInvoiceWorkflow.states, payment_status: PAYMENT_STATUSES }),
  ],
);

export const resellerInvoiceItems = pgTable(
  'reseller_invoice_items',
  {
    id: id(),
    organization_id: requiredRef('organization_id', () => organizations.id),
    reseller_invoice_id: ownedBy('reseller_invoice_id', () => resellerInvoices.id),
    position: integer('position').notNull().default(0),
    reseller_product_id: uuid('reseller_product_id').references(() => resellerProducts.id, { onDelete: 'restrict' }),
    reseller_service_id: uuid('reseller_service_id').references(() => resellerServices.id, { onDelete: 'restrict' }),
    description: text('description'),
    quantity: quantity('quantity').notNull(),
    unit_price: bigint('unit_price', { mode: 'number' }),
    discount: numeric('discount', { precision: 7, scale: 4 }),
    tax_group_id: resellerTaxGroupId(),
    ...lineTotalColumns(),
    ...timestamps(),
  },
  (t) => [
    index('reseller_invoice_items_invoice_idx').on(t.reseller_invoice_id, t.position),
    check('reseller_invoice_items_quantity_check', sql`${t.quantity} >= 0`),
    check('reseller_invoice_items_unit_price_check', sql`${t.unit_price} >= 0`),
    check('reseller_invoice_items_discount_check', sql`${t.discount} >= 0 AND ${t.discount} <= 100`),
  ],
);

export const resellerPayments = pgTable(
  'reseller_payments',
  {
    id: id(),
    organization_id: requiredRef('organization_id', () => organizations.id),
    reseller_id: resellerId(),
    reseller_invoice_id: requiredRef('reseller_invoice_id', () => resellerInvoices.id),
    ...paymentAmountColumns(),
    ...timestamps(),
  },
  (t) => [index('reseller_payments_invoice_idx').on(t.reseller_invoice_id), index('reseller_payments_reseller_idx').on(t.reseller_id, t.paid_on), ...paymentChecks('reseller_payments', t)],
);
