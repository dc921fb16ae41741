import { attr, rel } from '../declare/declare.ts';
import { CUSTOMER_DECISIONS, CUSTOMER_DECISION_LABELS, ESTIMATION_ITEM_STATES, ESTIMATION_ITEM_STATE_LABELS } from '../estimations/items.ts';
import { URGENCIES, URGENCY_LABELS } from '../inspections/urgency.ts';
import { PART_STATUSES, PART_STATUS_LABELS } from '../repairs/items.ts';
import { workItem } from './work-lines.ts';

/**
 * An item of an estimate (spec §3 Estimation item): what to do, the part and the labour, the
 * approver's decision and the customer's. Written inside its estimate's document or at its own
 * route (the older clients' DELETE /evaluation-items/{id} is the same resource); who may write
 * which attribute follows the phases (estimations/items.ts itemAttributeGroup).
 */
export const estimationItems = workItem(
  'estimation-items',
  {
    state: attr.enum(ESTIMATION_ITEM_STATES, ESTIMATION_ITEM_STATE_LABELS),
    urgency: attr.enum(URGENCIES, URGENCY_LABELS),
    /** Covered by a warranty: nothing charged to the customer. */
    warranty: attr.boolean(),
    /** The inspection's photos of what the item is about. */
    images: attr.list<string>().notNull(),
    customer_decision: attr.enum(CUSTOMER_DECISIONS, CUSTOMER_DECISION_LABELS).isReadOnly(),
    customer_decided_at: attr.datetime().isReadOnly(),
    /** Its inventory part's status, read from the purchase orders made for it (never typed). */
    part_status: attr.enum(PART_STATUSES, PART_STATUS_LABELS).isReadOnly(),
  },
  ['estimation', 'estimations'],
  // The inspection field it was drafted from.
  ['inspectionField', rel.toOne('inspection-fields', { readOnly: true })],
  ['state', 'condition', 'urgency'],
);
