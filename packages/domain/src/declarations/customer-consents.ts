import { CONSENT_KINDS, CONSENT_SOURCES, MESSAGE_CHANNELS } from '../messaging/consent.ts';
import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * A customer's consent to be contacted on one channel for one kind of message, given or withdrawn
 * (issue 26). Records are never changed: the latest for a channel and kind decides
 * (consentDecision), the earlier ones are its history. A reply (STOP, START) records itself.
 */
export const customerConsents = declare('customer-consents', {
  attributes: {
    /** The phone number or e-mail address the consent is about. */
    contact: attr.string().isRequired().isCreateOnly().max(255),
    channel: attr.enum(MESSAGE_CHANNELS).isRequired().isCreateOnly(),
    kind: attr.enum(CONSENT_KINDS).isRequired().isCreateOnly(),
    given: attr.boolean().isRequired().isCreateOnly(),
    source: attr.enum(CONSENT_SOURCES).isReadOnly(),
    at: attr.datetime().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    customer: rel.toOne('customers', { createOnly: true, required: true }),
    givenBy: rel.toOne('users', { readOnly: true }),
  },
  filters: ['customer', 'channel', 'kind'],
  sorts: ['at', 'created_at'],
  defaultSort: '-at',
});
