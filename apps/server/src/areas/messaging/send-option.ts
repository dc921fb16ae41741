import { z } from 'zod';

// Apart from texts.ts, which reaches the commented records' resources: the send actions read these while their area loads.

/** The send actions' option to text the link as well. */
export const SEND_SMS_OPTION = z
  .boolean()
  .nullish()
  .meta({ description: 'true: the link is also texted to the customer’s phone (422 without their consent to transactional texts, 409 when texting is not configured)' });

/** Where a send action's answer says the link was texted. */
export const TEXTED_TO = { type: ['string', 'null'], description: 'The number the link was texted to (null: not texted).' } as const;

/** Where a send action's answer says what became of the text (null: not texted). */
export const TEXT_OUTCOME = {
  type: ['object', 'null'],
  description: 'The text of the link (null: not texted): its number, message, and whether Twilio took it (sent) or not (failed, with the reason in the request’s language; the link was made all the same).',
  required: ['to', 'message_id', 'status', 'error'],
  properties: {
    to: { type: 'string' },
    message_id: { type: 'string', format: 'uuid' },
    status: { enum: ['queued', 'sent', 'failed'] },
    error: { type: ['string', 'null'] },
  },
  additionalProperties: false,
} as const;
