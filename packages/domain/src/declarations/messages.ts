import { MESSAGE_CHANNELS, MESSAGE_DIRECTIONS, MESSAGE_ERRORS, MESSAGE_STATUSES, MESSAGE_SUBJECT_TYPES } from '../messaging/consent.ts';
import { attr, declare, rel, serverWritten, timestamps } from '../declare/declare.ts';

/**
 * A text or e-mail sent to a customer or received from one (issue 26), read only: sends and the
 * provider's webhook write it. An outgoing text names the consent it was sent under.
 */
export const messages = declare('messages', {
  attributes: serverWritten({
    channel: attr.enum(MESSAGE_CHANNELS),
    direction: attr.enum(MESSAGE_DIRECTIONS),
    /** The customer's phone number or e-mail address. */
    contact: attr.string(),
    subject_type: attr.enum(MESSAGE_SUBJECT_TYPES),
    subject_id: attr.uuid(),
    body: attr.text(),
    status: attr.enum(MESSAGE_STATUSES),
    /** Why it failed (status failed), to be told in the reader's language. */
    error_code: attr.enum(MESSAGE_ERRORS),
    /** The provider's own words about a failure, as it gave them (for support; not translated). */
    provider_error: attr.string(),
    /** The provider's id of the message (Twilio's MessageSid). */
    provider_sid: attr.string(),
    at: attr.datetime(),
    ...timestamps(),
  }),
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    customer: rel.toOne('customers', { readOnly: true }),
    consent: rel.toOne('customer-consents', { readOnly: true }),
    sentBy: rel.toOne('users', { readOnly: true }),
  },
  filters: ['customer', 'channel', 'direction', 'subject_id'],
  sorts: ['at', 'created_at'],
  defaultSort: 'at',
});
