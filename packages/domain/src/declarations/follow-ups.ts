import { MESSAGE_CHANNELS } from '../messaging/consent.ts';
import { FOLLOW_UP_REASONS, FOLLOW_UP_REASON_LABELS, FOLLOW_UP_STATUSES, FOLLOW_UP_STATUS_LABELS } from '../follow-ups/follow-ups.ts';
import { attr, declare, rel, serverWritten, stampedAt, timestamps } from '../declare/declare.ts';

/**
 * A follow-up of declined work (issue 26): one step of the organization's schedule for one
 * deferred work, due on a day, run once by the server's runner; read only (the runner writes it).
 */
export const followUps = declare('follow-ups', {
  attributes: serverWritten({
    /** 1 for the first follow-up of the schedule, 2 for the second... */
    step: attr.integer(),
    status: attr.enum(FOLLOW_UP_STATUSES, FOLLOW_UP_STATUS_LABELS),
    reason: attr.enum(FOLLOW_UP_REASONS, FOLLOW_UP_REASON_LABELS),
    channel: attr.enum(MESSAGE_CHANNELS),
    /** The phone number or e-mail address it went to. */
    contact: attr.string(),
    /** What the provider answered when it refused. */
    error: attr.text(),
    ...stampedAt('due_at', 'done_at'),
    ...timestamps(),
  }),
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    deferredWork: rel.toOne('deferred-work', { readOnly: true }),
    vehicle: rel.toOne('vehicles', { readOnly: true }),
    customer: rel.toOne('customers', { readOnly: true }),
    message: rel.toOne('messages', { readOnly: true }),
  },
  filters: ['vehicle', 'deferredWork', 'status'],
  sorts: ['due_at', 'created_at', 'step'],
  defaultSort: 'due_at',
});
