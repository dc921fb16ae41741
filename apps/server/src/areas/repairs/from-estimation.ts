import type { TERM_COLUMNS } from '../estimations/document-charges.ts';
import { initialRepairState, repairWorkflow, type DecimalInput, type EnvironmentalFeeKind, type ItemCondition, type PartStatus, type WorkType } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError, notFound } from '../../jsonapi/errors.ts';
import { records } from '../../jsonapi/records.ts';
import { runAction, type Cause } from '../../jsonapi/run-action.ts';
import type { RepairRow } from './repairs.policies.ts';
import { visitOdometer } from '../vehicles/odometer.ts';
import { visitPromise } from '../requests/promise.ts';
import { itemDefaults, priceItem } from './pricing.ts';
import { repairs } from './repairs.table.ts';

// The repair an approved estimate opens (issue 12), and its cancelation when the estimate's
// approval is redone. The estimations area calls these from its actions, in its transaction: the
// estimate's rules (its state, who may approve) are checked there, not here.

/** An approved estimation item as the repair takes it. Money in cents, hours and quantity as decimals. */
export interface RepairSourceItem {
  estimation_item_id: string;
  detail: string;
  condition?: ItemCondition | null;
  part?: string | null;
  part_number?: string | null;
  product_id?: string | null;
  supplier_id?: string | null;
  /** Its part's status from the orders made for the estimate item (the repair item follows them). */
  part_status?: PartStatus | null;
  quantity?: DecimalInput;
  unit_price?: number | null;
  manual_labour?: number | null;
  time?: DecimalInput;
  /** Left out: the settings' default hourly rate. */
  hourly_rate?: number | null;
  /** Left out or null (a line written before defaults applied): the settings' default tax group. */
  tax_group_id?: string | null;
  /** Done under warranty: the item is repaired under warranty, charged nothing. */
  warranty?: boolean;
  /** The estimate item's discount (issue 27), carried as it was approved: a percentage or an amount in cents. */
  discount_percent?: DecimalInput;
  discount_amount?: number | null;
  /** The part's cost, environmental fee and core charge (issue 27), as the estimate item kept them. */
  unit_cost?: number | null;
  environmental_fee_kind?: EnvironmentalFeeKind | null;
  environmental_fee?: number | null;
  core_charge?: number | null;
  core_returned?: boolean;
}

/** What an approved estimate hands its repair. */
export interface RepairSource {
  organization_id: string;
  estimation_id: string;
  inspection_id?: string | null;
  vehicle_id?: string | null;
  customer_id?: string | null;
  type?: WorkType;
  department?: string | null;
  /** The estimate's reading of the visit. */
  odometer?: number | null;
  /** Who approved the estimate. */
  approver_id?: string | null;
  /** The estimate's mechanics (users) and roles: the repair starts assigned to them. */
  assignees?: { users?: string[]; roles?: string[] };
  location_ids?: string[];
  tag_ids?: string[];
  /** The approved items, in the estimate's order. */
  items: RepairSourceItem[];
  /** The estimate's shop supplies and document discount (issue 27): the repair charges as it was approved. */
  terms?: Pick<RepairRow, (typeof TERM_COLUMNS)[number]>;
}

const text = (v: DecimalInput) => (v === null || v === undefined ? null : String(v));

/**
 * Makes the repair of an approved estimate with its items, in the caller's transaction: to do
 * when the estimate names mechanics (they are notified), else approved, to assign. Answers the
 * repair's row.
 */
export async function createRepairFromEstimation(ctx: RequestContext, source: RepairSource): Promise<RepairRow> {
  const users = [...new Set(source.assignees?.users ?? [])];
  const roles = [...new Set(source.assignees?.roles ?? [])];
  const assigned = users.length + roles.length > 0;
  const defaults = await itemDefaults(ctx.db, source.organization_id);
  const items = [];
  for (const item of source.items) {
    const values = {
      organization_id: source.organization_id,
      estimation_item_id: item.estimation_item_id,
      detail: item.detail,
      condition: item.condition ?? null,
      part: item.part ?? null,
      part_number: item.part_number ?? null,
      product_id: item.product_id ?? null,
      supplier_id: item.supplier_id ?? null,
      part_status: item.part_status ?? null,
      quantity: text(item.quantity) ?? '1',
      unit_price: item.unit_price ?? null,
      manual_labour: item.manual_labour ?? null,
      time: text(item.time),
      hourly_rate: item.hourly_rate === undefined ? defaults.hourly_rate : item.hourly_rate,
      tax_group_id: item.tax_group_id ?? defaults.tax_group_id,
      repair_mode: item.warranty ? ('warranty' as const) : ('internal' as const),
      state: 'pending' as const,
      discount_percent: text(item.discount_percent),
      discount_amount: item.discount_amount ?? null,
      unit_cost: item.unit_cost ?? null,
      environmental_fee_kind: item.environmental_fee_kind ?? null,
      environmental_fee: item.environmental_fee ?? null,
      core_charge: item.core_charge ?? null,
      core_returned: item.core_returned ?? false,
    };
    items.push({ ...values, ...(await priceItem(ctx.db, values)) });
  }
  // Through the record service: the repair and its items in one entry of its activity, caused by the estimate; its totals derived from them.
  const row = (await records(ctx, 'repairs').createWithLines(
    {
      organization_id: source.organization_id,
      estimation_id: source.estimation_id,
      inspection_id: source.inspection_id ?? null,
      vehicle_id: source.vehicle_id ?? null,
      customer_id: source.customer_id ?? null,
      type: source.type ?? 'customer',
      department: source.department ?? null,
      approver_id: source.approver_id ?? null,
      odometer: source.odometer !== undefined ? source.odometer : await visitOdometer(ctx.db, source),
      promised_at: await visitPromise(ctx.db, source),
      state: initialRepairState({ hasAssignees: assigned, fromEstimation: true }),
      creator_id: ctx.actor.id,
      assigned_user_ids: users,
      assigned_role_ids: roles,
      ...(assigned ? { assigned_by_id: ctx.actor.id, assigned_at: sql`now()` } : {}),
      location_ids: source.location_ids ?? [],
      tag_ids: source.tag_ids ?? [],
      ...source.terms,
    },
    { items },
    { cause: { type: 'estimations', id: source.estimation_id } },
  )) as RepairRow;
  return row;
}

/**
 * Cancels the repair of an estimate whose approval is redone (its cause), by the repair's own cancel: its clocks stop. Already canceled:
 * nothing to do; completed or validated (the work is done): 409, the estimate's approval stays.
 */
export async function cancelRepairOf(ctx: RequestContext, repairId: string, cause: Cause): Promise<RepairRow> {
  const [row] = await ctx.db.select().from(repairs).where(eq(repairs.id, repairId)).for('update');
  if (!row) throw notFound(repairId);
  if (row.state === 'canceled') return row;
  if (!repairWorkflow.transition(row.state, 'cancel')) throw new ApiError(409, 'repair.not_cancelable', { state: repairWorkflow.stateLabels[row.state][ctx.locale] });
  const run = await runAction(ctx, 'repairs', repairId, 'cancel', {}, { cause });
  return (run?.row ?? row) as RepairRow;
}
