import { documentTotals, type DocumentTerms, type DocumentTotals } from '../lines/document-charges.ts';
import type { TaxRate } from '../taxes/taxes.ts';
import { toScaled, scaledToText, type DecimalInput } from '../lines/decimal.ts';
import { workLineTotals, type WorkLine, type WorkTotals } from '../lines/work-lines.ts';
import { defineEnum } from '../enums.ts';

// The items of a work order (spec §3 Repair item; issue 12).

/** Where the work is done: in the shop, by a subcontractor, or under warranty (nothing charged). */
export const [REPAIR_MODES, REPAIR_MODE_LABELS] = defineEnum('repair_modes', ['internal', 'external', 'warranty']);
export type RepairMode = (typeof REPAIR_MODES)[number];

/** The mechanic's progress on an item; `not_done` (could not be done) is not charged. */
export const [REPAIR_ITEM_STATES, REPAIR_ITEM_STATE_LABELS] = defineEnum('repair_item_states', ['pending', 'in_progress', 'done', 'not_done']);
export type RepairItemState = (typeof REPAIR_ITEM_STATES)[number];

/** Where the item's part is: to order, ordered, received (the repair screen's parts status). */
export const [PART_STATUSES, PART_STATUS_LABELS] = defineEnum('part_statuses', ['to_order', 'ordered', 'received']);
export type PartStatus = (typeof PART_STATUSES)[number];

export interface RepairItemLine extends Omit<WorkLine, 'warranty'> {
  repair_mode?: RepairMode | null;
  state?: RepairItemState | null;
}

/** One item's totals: under warranty, nothing is charged. */
export function repairLineTotals(item: RepairItemLine): WorkTotals {
  return workLineTotals({ ...item, warranty: item.repair_mode === 'warranty' });
}

/**
 * What the work order charges from its items' totals (each as repairLineTotals gave it, in the
 * order of `items`): every item but those not done, with its supplies and document discount
 * (lines/document-charges.ts; `tax_group_id` keys the discount's split). The server keeps each
 * item's totals on its row and adds them up with this, so the document and its lines never disagree.
 */
export function repairDocumentTotals(
  items: readonly (Pick<RepairItemLine, 'state'> & { tax_group_id?: string | null })[],
  lines: readonly WorkTotals[],
  terms: DocumentTerms,
  taxesOf: (group: string | null) => readonly TaxRate[],
): DocumentTotals {
  const charged = items.flatMap((item, k) => (item.state === 'not_done' ? [] : [{ group: item.tax_group_id ?? null, totals: lines[k] }]));
  return documentTotals(charged, terms, taxesOf);
}

/** Hours added up exactly (the items' planned times, the clocked times), as a decimal text. */
export function sumHours(hours: readonly DecimalInput[]): string {
  const total = hours.reduce<bigint>((s, h) => s + toScaled(h), 0n);
  return scaledToText(total);
}
