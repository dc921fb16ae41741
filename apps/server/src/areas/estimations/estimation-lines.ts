import {
  DEFAULT_OPTIONS,
  sumEstimationLines,
  workLineTotals,
  type EstimationPhase,
  type EstimationPhases,
  type TaxAmount,
  type TaxRate,
  type WorkTotals,
} from '@atelier/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { totalsColumns } from '../../db/columns.ts';
import { options } from '../admin/admin.table.ts';
import { taxes } from '../settings/settings.table.ts';
import { estimationItems, estimations } from './estimations.table.ts';
import { chargeColumns, documentPricing, type TermColumns } from './document-charges.ts';

// What an estimate's rows mean to the domain: its phases, its items' money. An item's totals are
// computed when it is written (with its tax group's taxes then) and stored; the estimate's are
// the sums of its items' (docs/decisions.md "Totals of an estimate are stored").

export type EstimationRow = typeof estimations.$inferSelect;
export type EstimationItemRow = typeof estimationItems.$inferSelect;

/** The columns of each phase: its status and its holder. */
const PHASE_COLUMNS = {
  components: { status: 'components_status', holder: 'components_holder_id' },
  times: { status: 'times_status', holder: 'times_holder_id' },
  approval: { status: 'approval_status', holder: 'approval_holder_id' },
} as const satisfies Record<EstimationPhase, { status: keyof EstimationRow; holder: keyof EstimationRow }>;

export function phasesOf(row: Pick<EstimationRow, (typeof PHASE_COLUMNS)[EstimationPhase][keyof (typeof PHASE_COLUMNS)['components']]>): EstimationPhases {
  const phase = (p: EstimationPhase) => ({ status: row[PHASE_COLUMNS[p].status], holder: row[PHASE_COLUMNS[p].holder] });
  return { components: phase('components'), times: phase('times'), approval: phase('approval') };
}

/** The columns of phases as the domain leaves them. */
export function phaseColumns(phases: EstimationPhases): Partial<EstimationRow> {
  const out: Record<string, unknown> = {};
  for (const [p, c] of Object.entries(PHASE_COLUMNS) as [EstimationPhase, (typeof PHASE_COLUMNS)[EstimationPhase]][]) {
    out[c.status] = phases[p].status;
    out[c.holder] = phases[p].status === 'in_progress' ? phases[p].holder : null;
  }
  return out as Partial<EstimationRow>;
}

/** The organization's value of an option, or its default. */
export async function optionValue(db: Db, organizationId: string, name: string): Promise<unknown> {
  const [row] = await db
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.organization_id, organizationId), eq(options.name, name)));
  return row ? row.value : DEFAULT_OPTIONS[name];
}

/** The hourly rate of new items (cents), from the settings. */
export async function defaultHourlyRate(db: Db, organizationId: string): Promise<number> {
  const v = await optionValue(db, organizationId, 'estimations.default_hourly_rate');
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : (DEFAULT_OPTIONS['estimations.default_hourly_rate'] as number);
}

/** The tax group of a module's new lines (estimations, purchases, sales), from the settings (null: none chosen). */
export async function defaultTaxGroup(db: Db, organizationId: string, module: 'estimations' | 'purchases' | 'sales' = 'estimations'): Promise<string | null> {
  const v = await optionValue(db, organizationId, `${module}.default_tax_group`);
  return typeof v === 'string' && v ? v : null;
}

/**
 * Gives a line written without a tax group the settings' default (issue 20 point 3): every estimate
 * and repair item hook calls this on creation, and on a change that clears the group. No group is
 * never a choice: an exempt line names an exempt group (a group without taxes, "Exempté"). An
 * untaxed line written before this, and not touched since, keeps its totals as they were sent.
 */
export async function defaultLineTaxGroup(db: Db, organizationId: string, input: { values: Record<string, unknown>; present: ReadonlySet<string> }, existing: { tax_group_id: string | null } | null) {
  if (existing && !input.present.has('taxGroup')) return;
  const chosen = Object.hasOwn(input.values, 'tax_group_id') ? input.values.tax_group_id : existing?.tax_group_id;
  if (!chosen) input.values.tax_group_id = await defaultTaxGroup(db, organizationId);
}

export async function taxesOfGroup(db: Db, taxGroupId: string | null | undefined): Promise<TaxRate[]> {
  if (!taxGroupId) return [];
  return db.select({ code: taxes.code, rate: taxes.rate, type: taxes.type }).from(taxes).where(eq(taxes.tax_group_id, taxGroupId)).orderBy(asc(taxes.position), asc(taxes.id));
}

type Priced = Pick<EstimationItemRow, 'quantity' | 'unit_price' | 'manual_labour' | 'time' | 'hourly_rate' | 'warranty' | 'tax_group_id'> &
  Partial<Pick<EstimationItemRow, 'discount_percent' | 'discount_amount' | 'environmental_fee' | 'core_charge' | 'core_returned'>>;

/** An item's total columns, by the domain's line rule with its group's taxes. */
export async function itemTotalColumns(db: Db, item: Priced) {
  return itemTotals(item, await taxesOfGroup(db, item.tax_group_id));
}

/** An item's total columns with the taxes of its group, already read. */
export function itemTotals(item: Omit<Priced, 'tax_group_id'>, taxes: readonly TaxRate[]) {
  const t = workLineTotals({
    quantity: item.quantity,
    unit_price: item.unit_price ?? 0,
    manual_labour: item.manual_labour,
    time: item.time ?? 0,
    hourly_rate: item.hourly_rate ?? 0,
    warranty: item.warranty,
    discount_percent: item.discount_percent,
    discount_amount: item.discount_amount,
    environmental_fee: item.environmental_fee,
    core_charge: item.core_charge,
    core_returned: item.core_returned,
    taxes,
  });
  return totalsColumns(t);
}


/** The totals an item stored, as the domain reads them. */
export const storedTotals = (r: Record<string, unknown>): WorkTotals => ({
  parts: Number(r.parts_total ?? 0),
  labour: Number(r.labour_total ?? 0),
  discount: Number(r.discount_total ?? 0),
  part_charges: Number(r.part_charges_total ?? 0),
  subtotal: Number(r.subtotal ?? 0),
  tax: Number(r.tax_total ?? 0),
  total: Number(r.total ?? 0),
  warranty: Number(r.warranty_total ?? 0),
  taxes: (r.tax_details as TaxAmount[] | null) ?? [],
});

/**
 * What an estimate's stored items add up to with its supplies and discount: all that is proposed,
 * and what is approved (a deposit asks a share of it).
 */
export async function estimationSums(db: Db, estimation: TermColumns, items: Record<string, unknown>[]) {
  const { terms, taxesOf } = await documentPricing(db, estimation, items);
  return sumEstimationLines(
    items.map((i) => ({ state: i.state as EstimationItemRow['state'], customer_decision: i.customer_decision as EstimationItemRow['customer_decision'], tax_group_id: i.tax_group_id as string | null, totals: storedTotals(i) })),
    terms,
    taxesOf,
  );
}

/** The estimate's total columns from all its items and its terms (the items relationship's `derive`). */
export async function estimationTotalColumns(items: Record<string, unknown>[], estimation: TermColumns, db: Db) {
  const sums = await estimationSums(db, estimation, items);
  return { ...totalsColumns(sums.proposed), ...chargeColumns(sums.proposed), approved_total: sums.approved.total };
}

/** The supplies' terms of a new estimate: the organization's settings now, and its default tax group. */
export async function suppliesTerms(db: Db, organizationId: string) {
  const percent = await optionValue(db, organizationId, 'estimations.shop_supplies_percent');
  const cap = await optionValue(db, organizationId, 'estimations.shop_supplies_cap');
  const group = await defaultTaxGroup(db, organizationId);
  return {
    shop_supplies_percent: typeof percent === 'string' || typeof percent === 'number' ? String(percent) : '0',
    shop_supplies_cap: typeof cap === 'number' ? cap : null,
    shop_supplies_tax_group_id: group,
  };
}

