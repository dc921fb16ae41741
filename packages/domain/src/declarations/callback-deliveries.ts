import { attr, declare, rel, serverWritten, stampedAt, timestamps } from '../declare/declare.ts';
import { defineEnum } from '../enums.ts';

export const [CALLBACK_EVENT_KEYS, CALLBACK_EVENT_LABELS] = defineEnum('callback_event_keys', [
  'inspection.completed', 'estimation.pending_approval', 'estimation.approved', 'repair.completed',
]);
export const [CALLBACK_STATUSES, CALLBACK_STATUS_LABELS] = defineEnum('callback_statuses', ['pending', 'delivered', 'failed']);

/** The delivery log of callbacks (read only): one row per event sent to an organization's URL, with its tries. */
export const callbackDeliveries = declare('callback-deliveries', {
  attributes: serverWritten({
    event: attr.enum(CALLBACK_EVENT_KEYS, CALLBACK_EVENT_LABELS),
    url: attr.text(),
    subject_type: attr.string(),
    subject_id: attr.string(),
    status: attr.enum(CALLBACK_STATUSES, CALLBACK_STATUS_LABELS),
    attempts: attr.integer(),
    response_code: attr.integer(),
    /** Why the last try failed (an HTTP status, a timeout, a refused address). */
    last_error: attr.text(),
    /** The first characters of the receiver's last answer. */
    response_excerpt: attr.text(),
    ...stampedAt('next_attempt_at', 'delivered_at'),
    ...timestamps(),
  }),
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
  },
  filters: ['status', 'event'],
  sorts: ['created_at', 'status', 'event'],
  defaultSort: '-created_at',
});
