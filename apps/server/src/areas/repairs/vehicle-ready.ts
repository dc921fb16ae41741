import { LOCALES, isEmail } from '@atelier/domain';
import { z } from 'zod';
import { optionsBody, readOptions, withMessage } from '../../jsonapi/action-options.ts';
import type { Policy, RecordAction } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { SEND_SMS_OPTION, TEXTED_TO, TEXT_OUTCOME } from '../messaging/send-option.ts';
import { sendToCustomer } from '../messaging/texts.ts';
import type { RepairRow } from './repairs.policies.ts';

// POST /repairs/{id}/notify-ready (issue 26): "your vehicle is ready", once the work is completed
// (or validated), e-mailed and/or texted to the customer in their language; the text under their
// consent to transactional texts; both written into the customer's conversation.

export const READY_OPTIONS = z.object({
  send_email: z.boolean().nullish().meta({ description: 'true: e-mailed to the customer (or to email)' }),
  email: withMessage(z.string().refine(isEmail).nullish(), 'validation.email'),
  send_sms: SEND_SMS_OPTION,
  locale: z.enum(LOCALES).nullish(),
});

const whenReady: Policy<[row: RepairRow]> = {
  refuses: { 409: 'Only a completed or validated repair with a customer is announced ready.' },
  check(_ctx, row) {
    if ((row.state !== 'completed' && row.state !== 'validated') || !row.customer_id) return conflictWith('vehicle_ready.not_ready');
  },
};

export const readyPolicies = { 'notify-ready': whenReady };

export const notifyReadyAction: RecordAction<RepairRow> = {
  permission: 'edit repairs',
  contract: {
    summary: 'Tells the customer their vehicle is ready (the repair completed or validated): e-mailed (send_email, to the customer or to email) and/or texted (send_sms, under their consent to transactional texts), in their language (or locale); answers the repair with meta.ready',
    body: optionsBody(READY_OPTIONS),
    meta: {
      ready: {
        type: 'object',
        description: 'Where it was e-mailed (null: not) and what became of the text (null: not texted).',
        required: ['email', 'sms', 'text'],
        properties: { email: { type: ['string', 'null'] }, sms: TEXTED_TO, text: TEXT_OUTCOME },
        additionalProperties: false,
      },
    },
  },
  async handler(ctx, row, body) {
    const options = readOptions(READY_OPTIONS, body);
    if (!options.send_email && !options.send_sms) throw new ApiError(422, 'vehicle_ready.no_channel', undefined, { pointer: '/data/attributes/send_sms' });
    const { email, sms, text } = await sendToCustomer(
      ctx,
      { organizationId: row.organization_id, customerId: row.customer_id, subject: { type: 'repairs', id: row.id }, mail: { subject: 'mail.vehicle_ready.subject', body: 'mail.vehicle_ready.body' }, template: 'vehicle_ready', params: { code: row.code ?? '' }, noEmail: 'vehicle_ready.no_email' },
      options,
    );
    // text: completed in place once this has committed and Twilio answered.
    return { meta: { ready: { email, sms, text } }, log: { notified_ready: { email, sms } } };
  },
};
