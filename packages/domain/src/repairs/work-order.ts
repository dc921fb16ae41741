import { partChargeLines, type PartChargeLines } from '../lines/part-charges.ts';
import { taxesOfLines, type DocumentTerms } from '../lines/document-charges.ts';
import type { Locale } from '../locale.ts';
import { documentParties, decimalNumber, decimalSum, documentFooter, documentTaxes, filled, labelled, ratesCharged, type DocumentParties, type DocumentPartiesInput, type DocumentTax, type Labelled } from '../lines/documents.ts';
import type { DecimalInput } from '../lines/decimal.ts';
import type { WorkTotals } from '../lines/work-lines.ts';
import { ITEM_CONDITION_LABELS, type ItemCondition } from '../estimations/items.ts';
import { WORK_TYPE_LABELS, type WorkType } from '../estimations/states.ts';
import {
  PART_STATUS_LABELS,
  REPAIR_ITEM_STATE_LABELS,
  REPAIR_MODE_LABELS,
  repairDocumentTotals,
  repairLineTotals,
  type PartStatus,
  type RepairItemLine,
  type RepairItemState,
  type RepairMode,
} from './items.ts';
import { type RepairState, repairWorkflow } from './states.ts';

// What a repair's PDF, the work order, says (issue 12; GET /repairs/{id}/report): each item with
// where it is done (in the shop, outside, under warranty), its part and the part's status, the
// time planned and clocked, who does it and what it costs; the totals with warranty lines at zero;
// the sign-offs. Pure, like the quote (estimations/quote.ts). Every amount is the one the item
// stored when it was written (docs/decisions.md: a work order keeps the taxes it was priced with),
// never recomputed here: a tax rate edited since does not change the document.

/** A repair item as the work order reads it: the declaration's attributes, its tax group's taxes now, supplier and mechanics by name. */
export interface WorkOrderItemInput extends RepairItemLine {
  id: string;
  /** The totals the item stored, with its group's taxes when it was written (a warranty line at zero). */
  totals: WorkTotals;
  detail: string;
  condition?: ItemCondition | null;
  repair_mode: RepairMode;
  state: RepairItemState;
  part?: string | null;
  part_number?: string | null;
  supplier?: string | null;
  part_status?: PartStatus | null;
  /** Hours the mechanics clocked on it. */
  time_spent?: DecimalInput;
  /** Who does it: the mechanics who clocked time on it, else those it is assigned to. */
  mechanics?: readonly string[] | null;
  position?: number | null;
  /** Its tax group: the document discount is split by group. */
  tax_group_id?: string | null;
}

export interface WorkOrderInput extends DocumentPartiesInput {
  locale: Locale;
  repair: {
    code: string;
    state: RepairState;
    type: WorkType;
    department?: string | null;
    notes?: string | null;
    created_at: string;
    started_at?: string | null;
    completed_at?: string | null;
    validated_at?: string | null;
  };
  /** The codes of the estimate and inspection it comes from. */
  estimation_code?: string | null;
  inspection_code?: string | null;
  items: readonly WorkOrderItemInput[];
  /** Its shop supplies and document discount (lines/document-charges.ts; the supplies' taxes read). */
  terms?: DocumentTerms;
  /** The people's names. */
  people?: { approver?: string | null; holder?: string | null; repairers?: readonly string[] | null; completed_by?: string | null; validated_by?: string | null };
  /** The organization's options (GET /options' map): the document footer. */
  options?: Readonly<Record<string, unknown>> | null;
}

export interface WorkOrderLine {
  id: string;
  number: number;
  detail: string;
  condition: Labelled<ItemCondition> | null;
  mode: Labelled<RepairMode>;
  state: Labelled<RepairItemState>;
  part: string | null;
  part_number: string | null;
  supplier: string | null;
  part_status: Labelled<PartStatus> | null;
  quantity: number;
  /** Cents per unit. */
  unit_price: number;
  labour: { time: number; hourly_rate: number; manual: boolean };
  /** Hours: planned (the item's time) and clocked; null when nobody clocked any. */
  planned: number;
  actual: number | null;
  mechanics: string[];
  /** Its part's environmental fee and core charge, printed under it (issue 27). */
  charges: PartChargeLines;
  /** As the item stored them: a warranty line is charged nothing, its value in totals.warranty. */
  totals: WorkTotals;
  /** Charged on the work order: every item but those not done. */
  charged: boolean;
}

export interface WorkOrderModel extends DocumentParties {
  locale: Locale;
  code: string;
  state: Labelled<RepairState>;
  type: Labelled<WorkType>;
  department: string | null;
  notes: string | null;
  dates: { created_at: string; started_at: string | null; completed_at: string | null; validated_at: string | null };
  estimation_code: string | null;
  inspection_code: string | null;
  people: { approver: string | null; holder: string | null; repairers: string[]; completed_by: string | null; validated_by: string | null };
  lines: WorkOrderLine[];
  /** Hours planned and clocked over every item; `difference` = actual − planned. */
  time: { planned: number; actual: number; difference: number };
  /** How many items are done, of those to do (not_done ones count as not to do). */
  progress: { done: number; total: number };
  totals: WorkTotals;
  taxes: DocumentTax[];
  documentFooter: string | null;
}

/** The work order of a repair: see WorkOrderModel. */
export function buildWorkOrder(input: WorkOrderInput): WorkOrderModel {
  const { locale, repair: r } = input;
  const ordered = input.items.map((item, k) => ({ item, k })).sort((a, b) => (a.item.position ?? a.k) - (b.item.position ?? b.k) || a.k - b.k);
  const items = ordered.map(({ item }) => item);
  // What the work order charges: the sum of its items' stored totals, as the repair keeps it.
  const charged = repairDocumentTotals(items, items.map((i) => i.totals), input.terms ?? {}, taxesOfLines(items));
  const clocked = (v: DecimalInput) => v !== null && v !== undefined && String(v).trim() !== '';
  const lines = items.map((item, k): WorkOrderLine => ({
    id: item.id,
    number: k + 1,
    detail: item.detail,
    condition: item.condition ? labelled(item.condition, ITEM_CONDITION_LABELS, locale) : null,
    mode: labelled(item.repair_mode, REPAIR_MODE_LABELS, locale),
    state: labelled(item.state, REPAIR_ITEM_STATE_LABELS, locale),
    part: filled(item.part),
    part_number: filled(item.part_number),
    supplier: filled(item.supplier),
    part_status: item.part_status ? labelled(item.part_status, PART_STATUS_LABELS, locale) : null,
    quantity: decimalNumber(item.quantity),
    unit_price: Math.round(decimalNumber(item.unit_price)),
    labour: { time: decimalNumber(item.time), hourly_rate: Math.round(decimalNumber(item.hourly_rate)), manual: clocked(item.manual_labour) },
    planned: decimalNumber(item.time),
    actual: clocked(item.time_spent) ? decimalNumber(item.time_spent) : null,
    mechanics: [...new Set((item.mechanics ?? []).map(filled).filter((m): m is string => m !== null))],
    charges: partChargeLines(item),
    totals: item.totals,
    charged: item.state !== 'not_done',
  }));
  const planned = decimalSum(items.map((i) => i.time));
  const actual = decimalSum(items.map((i) => i.time_spent));
  const people = input.people ?? {};
  const name = (n: string | null | undefined) => filled(n);
  return {
    locale,
    code: r.code,
    state: labelled(r.state, repairWorkflow.stateLabels, locale),
    type: labelled(r.type, WORK_TYPE_LABELS, locale),
    department: filled(r.department),
    notes: filled(r.notes),
    dates: { created_at: r.created_at, started_at: r.started_at ?? null, completed_at: r.completed_at ?? null, validated_at: r.validated_at ?? null },
    estimation_code: filled(input.estimation_code),
    inspection_code: filled(input.inspection_code),
    ...documentParties(input),
    people: {
      approver: name(people.approver),
      holder: name(people.holder),
      repairers: (people.repairers ?? []).map(filled).filter((m): m is string => m !== null),
      completed_by: name(people.completed_by),
      validated_by: name(people.validated_by),
    },
    lines,
    time: { planned, actual, difference: decimalSum([actual, -planned]) },
    progress: { done: items.filter((i) => i.state === 'done').length, total: items.filter((i) => i.state !== 'not_done').length },
    totals: charged,
    taxes: documentTaxes(
      charged.taxes,
      items.filter((i) => i.state !== 'not_done').map((i) => ratesCharged(i.taxes, i.totals, repairLineTotals(i))),
    ),
    documentFooter: documentFooter(input.options),
  };
}
