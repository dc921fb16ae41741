import type { TaxAmount } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, numeric, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { cents } from '../../db/columns.ts';
import { products } from '../inventory/inventory.table.ts';
import { taxGroups } from '../settings/settings.table.ts';

// The columns the documents of trade share (purchases now, sales next; issue 22): a priced line
// and a document's totals, computed by the server (trade.ts in the domain) and kept on the rows so
// lists sort and sum without recomputing. Quantities are exact decimals (4 places), money cents.

export const quantity = (name: string) => numeric(name, { precision: 18, scale: 4 });

const taxDetails = () => jsonb('tax_details').$type<TaxAmount[]>().notNull().default([]);

/** A priced line: product or description, quantity, unit price, discount (percent), tax group, and its totals. */
export const tradeLineColumns = () => ({
  position: integer('position').notNull().default(0),
  product_id: uuid('product_id').references((): AnyPgColumn => products.id, { onDelete: 'restrict' }),
  description: text('description'),
  quantity: quantity('quantity').notNull(),
  unit_price: bigint('unit_price', { mode: 'number' }),
  discount: numeric('discount', { precision: 7, scale: 4 }),
  tax_group_id: uuid('tax_group_id').references((): AnyPgColumn => taxGroups.id, { onDelete: 'set null' }),
  subtotal: cents('subtotal'),
  tax_total: cents('tax_total'),
  total: cents('total'),
  tax_details: taxDetails(),
});

/** A priced line's checks, named after its table. */
export const tradeLineChecks = (table: string, t: { quantity: AnyPgColumn; unit_price: AnyPgColumn; discount: AnyPgColumn }) => [
  check(`${table}_quantity_check`, sql`${t.quantity} >= 0`),
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
