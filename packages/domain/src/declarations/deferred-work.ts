import { attr, declare, doneBy, rel, timestamps } from '../declare/declare.ts';
import { DEFERRED_WORK_STATES, DEFERRED_WORK_STATE_LABELS } from '../estimations/deferred-work.ts';
import { ITEM_CONDITIONS, ITEM_CONDITION_LABELS } from '../estimations/items.ts';
import { URGENCIES, URGENCY_LABELS } from '../inspections/urgency.ts';

/**
 * Work a customer declined on an estimate, kept on the vehicle and suggested again at its next
 * visit (estimations/deferred-work.ts). Made by the server from the customer's answer; users close
 * it (done, dismissed) or add it to a new estimate.
 */
export const deferredWork = declare('deferred-work', {
  attributes: {
    detail: attr.text().isReadOnly(),
    condition: attr.enum(ITEM_CONDITIONS, ITEM_CONDITION_LABELS).isReadOnly(),
    urgency: attr.enum(URGENCIES, URGENCY_LABELS).isReadOnly(),
    /** Cents, taxes included, as quoted when declined. */
    total: attr.money().isReadOnly(),
    declined_at: attr.datetime().isReadOnly(),
    state: attr.enum(DEFERRED_WORK_STATES, DEFERRED_WORK_STATE_LABELS).notNull(),
    /** Why it was dismissed, or a word on how it was done. */
    note: attr.text().max(2000),
    closed_at: attr.datetime().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    vehicle: rel.toOne('vehicles', { readOnly: true }),
    customer: rel.toOne('customers', { readOnly: true }),
    /** The estimate it was declined on. */
    estimation: rel.toOne('estimations', { readOnly: true }),
    /** The estimate it was offered again on. */
    reofferedIn: rel.toOne('estimations', { readOnly: true }),
    closedBy: doneBy(),
  },
  filters: ['vehicle', 'customer', 'estimation', 'state'],
  sorts: ['declined_at', 'created_at', 'total'],
  defaultSort: '-declined_at',
});
