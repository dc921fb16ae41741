import { repairDocumentTotals, repairLineTotals, sumHours, type RepairItemLine, type TaxRate } from '@atelier/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { totalsColumns } from '../../db/columns.ts';
import { storedTotals } from '../estimations/estimation-lines.ts';
import { chargeColumns, documentPricing, type TermColumns } from '../estimations/document-charges.ts';
import { options } from '../admin/admin.table.ts';
import { taxes } from '../settings/settings.table.ts';
import type { repairItems } from './repairs.table.ts';

// What repair items and their work order cost (packages/domain repairs/items.ts): each item's
// totals are computed when it is written, with its tax group's taxes, and kept on its row; the
// work order adds up its items' rows with its supplies and discount (repairDocumentTotals), so a list reads stored numbers and the
// document always equals the sum of its printed lines.

type ItemRow = typeof repairItems.$inferSelect;

/** The settings of estimates a new item takes (spec §9): the default hourly rate and tax group. */
export async function itemDefaults(db: Db, organizationId: string): Promise<{ hourly_rate: number | null; tax_group_id: string | null }> {
  const rows = await db
    .select({ name: options.name, value: options.value })
    .from(options)
    .where(and(eq(options.organization_id, organizationId), inArray(options.name, ['estimations.default_hourly_rate', 'estimations.default_tax_group'])));
  const value = new Map(rows.map((r) => [r.name, r.value]));
  const rate = value.get('estimations.default_hourly_rate');
  const group = value.get('estimations.default_tax_group');
  return { hourly_rate: typeof rate === 'number' ? rate : null, tax_group_id: typeof group === 'string' && group ? group : null };
}

/** The taxes of a tax group, in its order (none: the line is not taxed). */
async function taxesOf(db: Db, taxGroupId: string | null | undefined): Promise<TaxRate[]> {
  if (!taxGroupId) return [];
  return db.select({ code: taxes.code, rate: taxes.rate, type: taxes.type }).from(taxes).where(eq(taxes.tax_group_id, taxGroupId)).orderBy(taxes.position, taxes.id);
}


/** The totals columns of an item as it will be written (its stored values overlaid with the new ones). */
export async function priceItem(db: Db, item: Partial<ItemRow>) {
  const line: RepairItemLine = {
    quantity: item.quantity ?? '1',
    unit_price: item.unit_price ?? 0,
    manual_labour: item.manual_labour,
    time: item.time ?? 0,
    hourly_rate: item.hourly_rate ?? 0,
    taxes: await taxesOf(db, item.tax_group_id),
    repair_mode: item.repair_mode ?? 'internal',
    state: item.state ?? 'pending',
    // The discount the estimate gave, copied with the item (from-estimation.ts), or given here.
    discount_percent: item.discount_percent,
    discount_amount: item.discount_amount,
    environmental_fee: item.environmental_fee,
    core_charge: item.core_charge,
    core_returned: item.core_returned,
  };
  return totalsColumns(repairLineTotals(line));
}

/** Hours as the numeric(12, 4) columns read back ("1.5000"): an unchanged sum is not a change. */
const asColumn = (hours: string) => {
  const [whole, fraction = ''] = hours.split('.');
  return `${whole}.${fraction.padEnd(4, '0')}`;
};

/** What the work order charges: its items' stored totals (those not done left out) with its supplies and discount. */
export async function repairCharges(db: Db, repair: TermColumns, items: readonly Record<string, unknown>[]) {
  const rows = items as unknown as ItemRow[];
  const { terms, taxesOf } = await documentPricing(db, repair, items);
  return repairDocumentTotals(rows, rows.map(storedTotals), terms, taxesOf);
}

/** The work order's values derived from its items' rows and its terms: what it charges, the hours planned and clocked. */
export async function repairValuesOf(items: readonly Record<string, unknown>[], repair: TermColumns, db: Db) {
  const rows = items as unknown as ItemRow[];
  const charged = await repairCharges(db, repair, items);
  return {
    ...totalsColumns(charged),
    ...chargeColumns(charged),
    planned_time: asColumn(sumHours(rows.map((r) => r.time))),
    time_spent: asColumn(sumHours(rows.map((r) => r.time_spent))),
  };
}
