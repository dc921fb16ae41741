import { toScaled, scaledToText, type DecimalInput } from '../lines/decimal.ts';
import { sumWorkTotals, workLineTotals, type WorkLine, type WorkTotals } from '../lines/work-lines.ts';
import type { Labels } from '../vehicles/vehicle-enums.ts';

// The items of a work order (spec §3 Repair item; issue 12).

/** Where the work is done: in the shop, by a subcontractor, or under warranty (nothing charged). */
export const REPAIR_MODES = ['internal', 'external', 'warranty'] as const;
export type RepairMode = (typeof REPAIR_MODES)[number];
export const REPAIR_MODE_LABELS: Labels<RepairMode> = {
  internal: { fr: "À l'interne", en: 'Internally' },
  external: { fr: "À l'externe", en: 'Externally' },
  warranty: { fr: 'Sous garantie', en: 'Under warranty' },
};

/** The mechanic's progress on an item; `not_done` (could not be done) is not charged. */
export const REPAIR_ITEM_STATES = ['pending', 'in_progress', 'done', 'not_done'] as const;
export type RepairItemState = (typeof REPAIR_ITEM_STATES)[number];
export const REPAIR_ITEM_STATE_LABELS: Labels<RepairItemState> = {
  pending: { fr: 'À faire', en: 'To do' },
  in_progress: { fr: 'En cours', en: 'In progress' },
  done: { fr: 'Fait', en: 'Done' },
  not_done: { fr: 'Non fait', en: 'Not done' },
};

/** Where the item's part is: to order, ordered, received (the repair screen's parts status). */
export const PART_STATUSES = ['to_order', 'ordered', 'received'] as const;
export type PartStatus = (typeof PART_STATUSES)[number];
export const PART_STATUS_LABELS: Labels<PartStatus> = {
  to_order: { fr: 'À commander', en: 'To order' },
  ordered: { fr: 'Commandée', en: 'Ordered' },
  received: { fr: 'Reçue', en: 'Received' },
};

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
 * order of `items`): every item but those not done. The server keeps each item's totals on its
 * row and adds them up with this, so the document and its lines never disagree.
 */
export function chargedRepairTotals(items: readonly Pick<RepairItemLine, 'state'>[], lines: readonly WorkTotals[]): WorkTotals {
  return sumWorkTotals(lines.filter((_, k) => items[k].state !== 'not_done'));
}

/** Hours added up exactly (the items' planned times, the clocked times), as a decimal text. */
export function sumHours(hours: readonly DecimalInput[]): string {
  const total = hours.reduce<bigint>((s, h) => s + toScaled(h), 0n);
  return scaledToText(total);
}
