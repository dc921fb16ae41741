import { PAYMENT_METHODS, type DeliveryStatus, type DocumentState, type InvoicingStatus, type InvoicingType, type OrderState, type PaymentStatus, type TaxAmount } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, numeric, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { at, cents, locationIds, oneOf, tagIds } from '../../db/columns.ts';
import { userRef } from '../admin/admin.table.ts';
import { products, stockMovements } from '../inventory/inventory.table.ts';
import { taxGroups } from '../settings/settings.table.ts';

// The columns the documents of trade share (purchases, sales, reseller billing; issues 22-24): a priced line
// and a document's totals, computed by the server (trade.ts in the domain) and kept on the rows so
// lists sort and sum without recomputing. Quantities are exact decimals (4 places), money cents.

export const quantity = (name: string) => numeric(name, { precision: 18, scale: 4 });

const taxDetails = () => jsonb('tax_details').$type<TaxAmount[]>().notNull().default([]);

/** A line of products, in its place: a product or a description, and how many (a delivery's line). */
export const productLineColumns = () => ({
  position: integer('position').notNull().default(0),
  product_id: uuid('product_id').references((): AnyPgColumn => products.id, { onDelete: 'restrict' }),
  description: text('description'),
  quantity: quantity('quantity').notNull(),
});

/** A priced line: product or description, quantity, unit price, discount (percent), tax group, and its totals. */
export const tradeLineColumns = () => ({
  ...productLineColumns(),
  unit_price: bigint('unit_price', { mode: 'number' }),
  discount: numeric('discount', { precision: 7, scale: 4 }),
  tax_group_id: uuid('tax_group_id').references((): AnyPgColumn => taxGroups.id, { onDelete: 'set null' }),
  ...lineTotalColumns(),
});

/** A priced line's totals (its taxes by whatever the document taxes with: a tax group, a reseller's tax code). */
export const lineTotalColumns = () => ({
  subtotal: cents('subtotal'),
  tax_total: cents('tax_total'),
  total: cents('total'),
  tax_details: taxDetails(),
});

/** A line's quantity is not negative (a check named after its table). */
export const quantityCheck = (table: string, t: { quantity: AnyPgColumn }) => check(`${table}_quantity_check`, sql`${t.quantity} >= 0`);

/** A priced line's checks, named after its table. */
export const tradeLineChecks = (table: string, t: { quantity: AnyPgColumn; unit_price: AnyPgColumn; discount: AnyPgColumn }) => [
  quantityCheck(table, t),
  check(`${table}_unit_price_check`, sql`${t.unit_price} >= 0`),
  check(`${table}_discount_check`, sql`${t.discount} >= 0 AND ${t.discount} <= 100`),
];

/** What a document's lines add up to. */
export const tradeTotalColumns = () => ({
  item_count: integer('item_count').notNull().default(0),
  subtotal: cents('subtotal'),
  discount_total: cents('discount_total'),
  tax_total: cents('tax_total'),
  total: cents('total'),
  tax_details: taxDetails(),
});

/** A document's code and the stamps of its workflow (a reseller's invoice: no locations or tags of an organization). */
export const documentStampColumns = () => ({
  /** PO-2026-000042: the organization's next number of the type when it is made (db/codes.ts). */
  code: text('code'),
  notes: text('notes'),
  validated_by_id: userRef('validated_by_id'),
  validated_at: at('validated_at'),
  canceled_by_id: userRef('canceled_by_id'),
  canceled_at: at('canceled_at'),
});

/** Where a document is filed, its code, and the stamps of its workflow. */
export const documentColumns = () => ({
  ...documentStampColumns(),
  location_ids: locationIds(),
  tag_ids: tagIds(),
});

/** A document's code unique in its organization, its lists by state, its locations. */
export const documentIndexes = (table: string, t: { organization_id: AnyPgColumn; code: AnyPgColumn; state: AnyPgColumn; created_at: AnyPgColumn; location_ids: AnyPgColumn }) => [
  uniqueIndex(`${table}_org_code_unique`).on(t.organization_id, t.code),
  index(`${table}_org_state_idx`).on(t.organization_id, t.state, t.created_at),
  index(`${table}_location_ids_idx`).using('gin', t.location_ids),
];

/** A delivery's or an invoice's state in its workflow (draft, validated, canceled). */
export const documentState = () => text('state').$type<DocumentState>().notNull().default('draft');

/** What a delivery of an order keeps beside its order, party and warehouse: the stock movement its validation caused, its line count, who made it. */
export const deliveryColumns = () => ({
  state: documentState(),
  stock_movement_id: uuid('stock_movement_id').references(() => stockMovements.id, { onDelete: 'set null' }),
  item_count: integer('item_count').notNull().default(0),
  creator_id: userRef('creator_id'),
});

/** What every invoice keeps (purchases, sales, reseller): its dates, the address it bills, its totals and payments, who made it. */
export const invoiceColumns = () => ({
  issued_on: date('issued_on', { mode: 'string' }),
  expiration_time: date('expiration_time', { mode: 'string' }),
  billing_address: text('billing_address'),
  ...tradeTotalColumns(),
  ...balanceColumns(),
  creator_id: userRef('creator_id'),
});

/** An invoice's payments as they add up (kept by them: trade/payments.ts). */
export const balanceColumns = () => ({
  amount_paid: cents('amount_paid'),
  balance: cents('balance'),
  payment_status: text('payment_status').$type<PaymentStatus>().notNull().default('unpaid'),
});

/** A payment of an invoice, as any invoice's (a reseller's: not filed in an organization's locations or tags). */
export const paymentAmountColumns = () => ({
  amount: bigint('amount', { mode: 'number' }).notNull(),
  paid_on: date('paid_on', { mode: 'string' }).notNull(),
  method: text('method').notNull(),
  reference: text('reference'),
  notes: text('notes'),
  creator_id: userRef('creator_id'),
});

/** A payment of an organization's invoice (the invoice's reference is the table's own column). */
export const paymentColumns = () => ({
  ...paymentAmountColumns(),
  location_ids: locationIds(),
  tag_ids: tagIds(),
});

/** A payment's amount is positive (`refunds`: not zero, a refund being a negative payment), its method one of the known. */
export const paymentChecks = (table: string, t: { amount: AnyPgColumn; method: AnyPgColumn }, options: { refunds?: boolean } = {}) => [
  check(`${table}_amount_check`, options.refunds ? sql`${t.amount} <> 0` : sql`${t.amount} > 0`),
  oneOf(`${table}_method_check`, t.method, PAYMENT_METHODS),
];

export const paymentIndexes = (table: string, t: { amount: AnyPgColumn; method: AnyPgColumn; location_ids: AnyPgColumn }, options: { refunds?: boolean } = {}) => [
  index(`${table}_location_ids_idx`).using('gin', t.location_ids),
  ...paymentChecks(table, t, options),
];

/** An order's workflow and what its documents cover of it (purchases and sales orders). */
export const orderColumns = () => ({
  state: text('state').$type<OrderState>().notNull().default('draft'),
  issuer_id: userRef('issuer_id'),
  invoicing_type: text('invoicing_type').$type<InvoicingType>().notNull().default('complete'),
  invoicing_status: text('invoicing_status').$type<InvoicingStatus>().notNull().default('pending'),
  delivery_status: text('delivery_status').$type<DeliveryStatus>().notNull().default('pending'),
  expected_on: date('expected_on', { mode: 'string' }),
  completed_at: at('completed_at'),
  ...tradeTotalColumns(),
});

/** What an order line's validated deliveries and invoices cover of it (kept by their actions: trade/orders.ts). */
export const coveredColumns = () => ({
  quantity_delivered: quantity('quantity_delivered').notNull().default('0'),
  quantity_invoiced: quantity('quantity_invoiced').notNull().default('0'),
});
