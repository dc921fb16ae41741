import { attr, rel } from '../declare/declare.ts';
import { PART_STATUSES, PART_STATUS_LABELS, REPAIR_ITEM_STATES, REPAIR_ITEM_STATE_LABELS, REPAIR_MODES, REPAIR_MODE_LABELS } from '../repairs/items.ts';
import { workItem } from './work-lines.ts';

/** An item of a work order (spec §3 Repair item): the work, its part and labour, done internally, externally or under warranty. */
export const repairItems = workItem(
  'repair-items',
  {
    state: attr.enum(REPAIR_ITEM_STATES, REPAIR_ITEM_STATE_LABELS).notNull(),
    repair_mode: attr.enum(REPAIR_MODES, REPAIR_MODE_LABELS).notNull(),
    /** Its inventory part's status, read from the purchase orders made for it (never typed). */
    part_status: attr.enum(PART_STATUSES, PART_STATUS_LABELS).isReadOnly(),
    /** Hours the mechanics clocked on it (planned: time). */
    time_spent: attr.decimal().isReadOnly(),
    /** When the current user's clock on it started; null when theirs is not running (POST /repair-items/{id}/start-clock). */
    clock_started_at: attr.datetime().isReadOnly(),
  },
  ['repair', 'repairs'],
  // The estimate item it carries out.
  ['estimationItem', rel.toOne('estimation-items', { readOnly: true })],
  ['state', 'repair_mode', 'part_status'],
);
