import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ENVIRONMENTAL_FEE_KINDS, type EnvironmentalFeeKind, type TaxAmount, type WorkTotals } from '@atelier/domain';
import { v7 as uuidv7 } from 'uuid';

/**
 * Primary keys are UUIDv7: time-ordered (index-friendly like a sequence), yet globally unique,
 * so rows can move between shards (Citus) or be created offline without coordination.
 */
export const id = () => uuid('id').primaryKey().$defaultFn(() => uuidv7());

export const timestamps = () => ({
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date().toISOString()),
});

/**
 * The locations a row belongs to, as an array (GIN-indexed): scoping a restricted user is one
 * `&&` test, and reading the relationship costs no join.
 */
export const locationIds = () =>
  uuid('location_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);

export const tagIds = () =>
  uuid('tag_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);

/** Where a record is filed and how it is labelled (last of its own columns: tenantTable() closes with the timestamps). */
export const placedColumns = () => ({
  location_ids: locationIds(),
  tag_ids: tagIds(),
});

export const newId = () => uuidv7();

/** How to reach a place or a company: organizations, locations, customers, suppliers. */
export const contactColumns = () => ({
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  city: text('city'),
  province: text('province'),
  postal_code: text('postal_code'),
});

/** A check constraint keeping a column to the values of a domain enumeration (NULL passes). */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly (string | number)[]) =>
  check(
    name,
    sql`${column} IN (${sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', '))})`,
  );

/**
 * One oneOf() a column, each named `<table>_<column>_check` as the migrations made them:
 * `...valueChecks('vehicles', t, { fuel_type: FUEL_TYPES, transmission: TRANSMISSIONS })`.
 */
export const valueChecks = <C extends Record<string, AnyPgColumn>>(table: string, t: C, values: { [K in keyof C]?: readonly (string | number)[] }) =>
  Object.entries(values).map(([column, allowed]) => oneOf(`${table}_${column}_check`, t[column]!, allowed!));

/** The indexes of an organization's list: by date, and by the locations a restricted user sees. */
export const listIndexes = (table: string, t: { organization_id: AnyPgColumn; created_at: AnyPgColumn; location_ids: AnyPgColumn }) => [
  index(`${table}_org_created_idx`).on(t.organization_id, t.created_at),
  index(`${table}_location_ids_idx`).using('gin', t.location_ids),
];

/** A row's owner: the row goes with it (a line with its document, a session with its user). */
export const ownedBy = (name: string, owner: () => AnyPgColumn) => uuid(name).notNull().references(owner, { onDelete: 'cascade' });

/** A row's required reference to what stays while the row names it (a document's party, its order). */
export const requiredRef = (name: string, target: () => AnyPgColumn) => uuid(name).notNull().references(target, { onDelete: 'restrict' });

/** A moment, with its time zone, read as ISO text. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** Moments named by their columns (a workflow's stamps: `started_at`, `completed_at`…), each at(). */
export const instants = <const N extends string>(...names: N[]) => Object.fromEntries(names.map((n) => [n, at(n)])) as Record<N, ReturnType<typeof at>>;

/** Money in integer cents, wide: a document's sums may pass 2^31 cents (21 million dollars). */
export const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * What a work line or a work document (estimate, repair) costs, computed by the server with
 * lines/work-lines.ts and kept on the row so lists sort and sum without recomputing.
 */
export const workTotals = () => ({
  parts_total: cents('parts_total'),
  labour_total: cents('labour_total'),
  discount_total: cents('discount_total'),
  /** The parts' environmental fees and core charges, less the cores returned (issue 27). */
  part_charges_total: cents('part_charges_total'),
  subtotal: cents('subtotal'),
  tax_total: cents('tax_total'),
  total: cents('total'),
  warranty_total: cents('warranty_total'),
  tax_details: jsonb('tax_details').$type<TaxAmount[]>().notNull().default([]),
});

/**
 * How a canned job's line and an estimate's item are priced (the one becomes the other): the part
 * and its number, how many at what price (cents), labour by hand (cents) or by the hour at a rate.
 */
export const workLinePriceColumns = () => ({
  part: text('part'),
  part_number: text('part_number'),
  quantity: numeric('quantity').notNull().default('1'),
  unit_price: integer('unit_price'),
  manual_labour: integer('manual_labour'),
  time: numeric('time'),
  hourly_rate: integer('hourly_rate'),
});

/**
 * What a work line's part carries beyond its price (issue 27), as it was when the product was put
 * on the line: its cost (the margin's base, shown to staff only), its environmental fee (kind and
 * cents per unit), its core charge (cents per unit), and whether the old cores came back.
 */
export const partChargeColumns = () => ({
  unit_cost: bigint('unit_cost', { mode: 'number' }),
  environmental_fee_kind: text('environmental_fee_kind').$type<EnvironmentalFeeKind>(),
  environmental_fee: bigint('environmental_fee', { mode: 'number' }),
  core_charge: bigint('core_charge', { mode: 'number' }),
  core_returned: boolean('core_returned').notNull().default(false),
});

/** The checks of partChargeColumns(): a known fee kind, amounts never negative. */
export const partChargeChecks = (table: string, t: Record<keyof ReturnType<typeof partChargeColumns>, AnyPgColumn>) => [
  oneOf(`${table}_environmental_fee_kind_check`, t.environmental_fee_kind, ENVIRONMENTAL_FEE_KINDS),
  check(`${table}_part_charges_check`, sql`${t.unit_cost} >= 0 AND ${t.environmental_fee} >= 0 AND ${t.core_charge} >= 0`),
];

/**
 * A work document's terms and charges above its lines (issue 27, lines/document-charges.ts): its
 * shop supplies (percent of labour, cap in cents, their tax group: the settings' when it was made)
 * and its document discount (a percentage or an amount), with what they came to.
 */
export const documentCharges = (taxGroup: () => AnyPgColumn) => ({
  shop_supplies_percent: numeric('shop_supplies_percent', { precision: 7, scale: 4 }).notNull().default('0'),
  shop_supplies_cap: integer('shop_supplies_cap'),
  shop_supplies_tax_group_id: uuid('shop_supplies_tax_group_id').references(taxGroup),
  document_discount_percent: numeric('document_discount_percent', { precision: 7, scale: 4 }),
  document_discount_amount: integer('document_discount_amount'),
  shop_supplies_total: cents('shop_supplies_total'),
  document_discount_total: cents('document_discount_total'),
});

/** Totals computed by the domain, as the workTotals() columns keep them. */
export const totalsColumns = (t: WorkTotals) => ({
  parts_total: t.parts,
  labour_total: t.labour,
  discount_total: t.discount,
  part_charges_total: t.part_charges,
  subtotal: t.subtotal,
  tax_total: t.tax,
  total: t.total,
  warranty_total: t.warranty,
  tax_details: t.taxes,
});
