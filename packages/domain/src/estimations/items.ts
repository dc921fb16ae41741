import { workLineTotals, type WorkLine, type WorkTotals } from '../lines/work-lines.ts';
import { documentTotals, taxesOfLines, type DocumentTerms, type DocumentTotals } from '../lines/document-charges.ts';
import type { TaxRate } from '../taxes/taxes.ts';
import { defineEnum } from '../enums.ts';
import type { EstimationItemGroup } from './states.ts';

// The items of an estimate (spec §3 Estimation item, §4 item statuses and conditions; issue 12).

/** What is to be done about what the inspection found. */
export const [ITEM_CONDITIONS, ITEM_CONDITION_LABELS] = defineEnum('item_conditions', [
  'to_replace', 'to_repair', 'to_verify', 'to_monitor', 'to_schedule',
]);
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

/** The approver's decision on an item; none yet: null. */
export const [ESTIMATION_ITEM_STATES, ESTIMATION_ITEM_STATE_LABELS] = defineEnum('estimation_item_states', ['approved', 'reviewed', 'denied']);
export type EstimationItemState = (typeof ESTIMATION_ITEM_STATES)[number];

/** The customer's answer on the approval page; declined items become deferred work on the vehicle. */
export const [CUSTOMER_DECISIONS, CUSTOMER_DECISION_LABELS] = defineEnum('customer_decisions', ['approved', 'declined']);
export type CustomerDecision = (typeof CUSTOMER_DECISIONS)[number];

/** Which phase writes which attributes of an item (writableItemGroups says who may, when). */
const ATTRIBUTES_OF_GROUP: Readonly<Record<EstimationItemGroup, readonly string[]>> = {
  description: ['detail', 'condition', 'urgency', 'warranty', 'position', 'images', 'taxGroup'],
  parts: [
    'part', 'part_number', 'quantity', 'unit_price', 'supplier', 'product', 'unit_cost',
    'environmental_fee_kind', 'environmental_fee', 'core_charge', 'core_returned',
  ],
  labour: ['manual_labour', 'time', 'hourly_rate'],
  decision: ['state'],
};

/** The phase that writes each attribute of an item. */
export const ESTIMATION_ITEM_ATTRIBUTE_GROUPS: Readonly<Record<string, EstimationItemGroup>> = Object.fromEntries(
  (Object.entries(ATTRIBUTES_OF_GROUP) as [EstimationItemGroup, readonly string[]][]).flatMap(([group, names]) => names.map((name) => [name, group])),
);

/** The group of an attribute or relationship a client names; null: not written through the item (totals, the customer's decision). */
export function itemAttributeGroup(name: string): EstimationItemGroup | null {
  return Object.hasOwn(ESTIMATION_ITEM_ATTRIBUTE_GROUPS, name) ? ESTIMATION_ITEM_ATTRIBUTE_GROUPS[name] : null;
}

export interface EstimationItemLine extends WorkLine {
  /** Its tax group (any key naming it): the document discount is split by group (lines/document-charges.ts). */
  tax_group_id?: string | null;
  state?: EstimationItemState | null;
  customer_decision?: CustomerDecision | null;
}

/** An item the approver denied or the customer declined is not charged. */
export function isItemCharged(item: Pick<EstimationItemLine, 'state' | 'customer_decision'>): boolean {
  return item.state !== 'denied' && item.customer_decision !== 'declined';
}

export interface EstimationTotals {
  /** Each item's own totals, in the items' order (a denied item's too, for the screen). */
  lines: WorkTotals[];
  /** Every item still charged, with the estimate's supplies and discount: what the estimate proposes. */
  proposed: DocumentTotals;
  /** The items approved (and not declined by the customer), with supplies and discount on them: what the repair will charge. */
  approved: DocumentTotals;
}

/** An estimate's totals from its items (priced with their `taxes`) and its document terms. */
export function estimationTotals(items: readonly EstimationItemLine[], terms: DocumentTerms = {}): EstimationTotals {
  const lines = items.map(workLineTotals);
  return { lines, ...sumEstimationLines(items.map((item, k) => ({ ...item, totals: lines[k] })), terms, taxesOfLines(items)) };
}

type SummedItem = Pick<EstimationItemLine, 'state' | 'customer_decision' | 'tax_group_id'> & { totals: WorkTotals };

/**
 * An estimate's totals from its items' own totals (each computed when the item was written, with
 * the taxes of its group then) and its terms (`taxesOf`: a group's taxes, for the document
 * discount's parts): what it proposes and what is approved.
 */
export function sumEstimationLines(items: readonly SummedItem[], terms: DocumentTerms = {}, taxesOf: (group: string | null) => readonly TaxRate[] = () => []): Omit<EstimationTotals, 'lines'> {
  const pick = (keep: (item: SummedItem) => boolean) =>
    documentTotals(items.filter(keep).map((i) => ({ group: i.tax_group_id ?? null, totals: i.totals })), terms, taxesOf);
  return {
    proposed: pick(isItemCharged),
    approved: pick((i) => isItemCharged(i) && i.state === 'approved'),
  };
}
