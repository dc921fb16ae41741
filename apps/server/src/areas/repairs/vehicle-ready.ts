import { LOCALES, customerName, firstLocale, isEmail } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { t } from '../../i18n/index.ts';
import { optionsBody, readOptions, withMessage } from '../../jsonapi/action-options.ts';
import type { Policy, RecordAction } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { organizations } from '../admin/admin.table.ts';
import { customers } from '../crm/crm.table.ts';
import { SEND_SMS_OPTION, TEXTED_TO, TEXT_OUTCOME } from '../messaging/send-option.ts';
import { mailCustomer, sendText } from '../messaging/texts.ts';
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
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, row.customer_id!));
    const [organization] = await ctx.db.select({ name: organizations.name, locale: organizations.locale }).from(organizations).where(eq(organizations.id, row.organization_id));
    const locale = options.locale ?? firstLocale(customer?.locale, organization?.locale);
    let email: string | null = null;
    if (options.send_email) {
      email = options.email ?? (typeof customer?.email === 'string' && isEmail(customer.email) ? customer.email : null);
      if (!email) throw new ApiError(422, 'vehicle_ready.no_email', undefined, { pointer: '/data/attributes/email' });
      const params = { organization: organization?.name ?? '', code: row.code ?? '', name: customer ? customerName(customer) : '' };
      await mailCustomer(ctx, { organizationId: row.organization_id, customerId: row.customer_id, subject: { type: 'repairs', id: row.id }, to: email, title: t(locale, 'mail.vehicle_ready.subject', params), text: t(locale, 'mail.vehicle_ready.body', params) });
    }
    const text = options.send_sms
      ? await sendText(ctx, { customerId: row.customer_id, subject: { type: 'repairs', id: row.id }, template: 'vehicle_ready', locale, params: { code: row.code ?? '' }, pointer: '/data/attributes/send_sms' })
      : null;
    // text: completed in place once this has committed and Twilio answered.
    return { meta: { ready: { email, sms: text?.to ?? null, text } }, log: { notified_ready: { email, sms: text?.to ?? null } } };
  },
};
