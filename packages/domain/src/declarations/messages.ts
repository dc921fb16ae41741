import { MESSAGE_CHANNELS, MESSAGE_DIRECTIONS, MESSAGE_ERRORS, MESSAGE_STATUSES, MESSAGE_SUBJECT_TYPES } from '../messaging/consent.ts';
import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * A text or e-mail sent to a customer or received from one (issue 26), read only: sends and the
 * provider's webhook write it. An outgoing text names the consent it was sent under.
 */
export const messages = declare('messages', {
  attributes: {
    channel: attr.enum(MESSAGE_CHANNELS).isReadOnly(),
    direction: attr.enum(MESSAGE_DIRECTIONS).isReadOnly(),
    /** The customer's phone number or e-mail address. */
    contact: attr.string().isReadOnly(),
    subject_type: attr.enum(MESSAGE_SUBJECT_TYPES).isReadOnly(),
    subject_id: attr.uuid().isReadOnly(),
    body: attr.text().isReadOnly(),
    status: attr.enum(MESSAGE_STATUSES).isReadOnly(),
    /** Why it failed (status failed), to be told in the reader's language. */
    error_code: attr.enum(MESSAGE_ERRORS).isReadOnly(),
    /** The provider's own words about a failure, as it gave them (for support; not translated). */
    provider_error: attr.string().isReadOnly(),
    /** The provider's id of the message (Twilio's MessageSid). */
    provider_sid: attr.string().isReadOnly(),
    at: attr.datetime().isReadOnly(),
    ...timestamps(),
  },
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
