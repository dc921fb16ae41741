import { REQUEST_TYPE_PERMISSIONS, consentDecision, customerName, parseDecimal, type Permission, firstLocale, textableNumber, type Locale } from '@atelier/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { t } from '../../i18n/index.ts';
import { ApiError, badRequest } from '../../jsonapi/errors.ts';
import { publicTokenRoute } from '../../jsonapi/openapi.ts';
import { inTransaction, type RouteRegistrar } from '../../jsonapi/router.ts';
import { systemContext } from '../../jsonapi/system.ts';
import { createRecord } from '../../jsonapi/write.ts';
import { organizations } from '../admin/admin.table.ts';
import { customers } from '../crm/crm.table.ts';
import { deferredWork } from '../estimations/deferred-work.table.ts';
import { customerConsents } from '../messaging/messaging.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { followUps } from './follow-ups.table.ts';
import { bookedSince } from './booking.ts';
import { followUpRunnerOf } from './runner.ts';

// The customer's page of a follow-up (the link in its text or e-mail; no sign-in, the token opens
// it): the work recommended, "book a visit" (a service request for the vehicle, which stops the
// sequence) and "no more reminders" (the promotional consents withdrawn, CASL's unsubscribe).

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

interface Opened {
  followUp: typeof followUps.$inferSelect;
  work: typeof deferredWork.$inferSelect;
  customer: typeof customers.$inferSelect | undefined;
  locale: Locale;
}

async function open(db: Db, token: string): Promise<Opened> {
  const [followUp] = TOKEN.test(token) ? await db.select().from(followUps).where(and(eq(followUps.token, token), eq(followUps.status, 'sent'))) : [];
  if (!followUp) throw new ApiError(404, 'follow_up.not_found');
  const [work] = await db.select().from(deferredWork).where(eq(deferredWork.id, followUp.deferred_work_id));
  if (!work) throw new ApiError(404, 'follow_up.not_found');
  const [customer] = followUp.customer_id ? await db.select().from(customers).where(eq(customers.id, followUp.customer_id)) : [];
  const [organization] = await db.select({ locale: organizations.locale }).from(organizations).where(eq(organizations.id, followUp.organization_id));
  return { followUp, work, customer, locale: firstLocale(customer?.locale, organization?.locale) };
}

async function view(db: Db, o: Opened) {
  const [organization] = await db.select({ name: organizations.name, phone: organizations.phone }).from(organizations).where(eq(organizations.id, o.followUp.organization_id));
  const [vehicle] = await db.select({ make: vehicles.make, model: vehicles.model, model_year: vehicles.model_year }).from(vehicles).where(eq(vehicles.id, o.followUp.vehicle_id));
  const booked = await bookedSince(db, o.work);
  const decisions = await promotionalDecisions(db, o.customer);
  return {
    locale: o.locale,
    organization: organization?.name ?? '',
    organization_phone: organization?.phone ?? null,
    customer: o.customer ? customerName(o.customer) : '',
    vehicle: [vehicle?.make, vehicle?.model, vehicle?.model_year].filter(Boolean).join(' '),
    work: o.work.detail,
    declined_at: new Date(o.work.declined_at).toISOString(),
    booked: Boolean(booked),
    booking_code: booked?.code ?? null,
    // Asked on one of their contacts (withdrawn), and none still takes reminders.
    stopped: decisions.some((d) => !d.decision.allowed && d.decision.reason === 'withdrawn') && !decisions.some((d) => d.decision.allowed),
  };
}

/** The customer's contacts (their number and address), each with what their promotional consents say (the latest record on it decides). */
async function promotionalDecisions(db: Db, customer: Opened['customer']) {
  if (!customer) return [];
  const contacts = [
    { channel: 'sms' as const, contact: textableNumber(customer.phone) },
    { channel: 'email' as const, contact: customer.email?.trim() || null },
  ].filter((c): c is { channel: 'sms' | 'email'; contact: string } => !!c.contact);
  const consents = await db.select().from(customerConsents).where(and(eq(customerConsents.customer_id, customer.id), eq(customerConsents.kind, 'promotional')));
  return contacts.map((c) => ({
    ...c,
    decision: consentDecision(
      consents.filter((r) => r.contact === c.contact).map((r) => ({ ...r, at: new Date(r.at) })),
      c.channel,
      'promotional',
    ),
  }));
}

export const reminderRoutes: RouteRegistrar = (api, _contextOf, services) => {
  const db = services.database.db;

  // Browser journeys move the runner's clock here ("30 days later"); never served in production.
  if (services.config.testOutbox)
    api.post('/dev/follow-ups/tick', async (request) => {
      const asked = (request.query as { days?: unknown }).days;
      const days = asked === undefined ? 0 : typeof asked === 'string' ? parseDecimal(asked) : null;
      if (days === null) throw badRequest('validation.numeric', undefined, 'days');
      const runner = followUpRunnerOf(services.database);
      if (!runner) throw new ApiError(404, 'follow_up.not_found');
      return { ran: await runner.tick(new Date(Date.now() + days * 86_400_000)) };
    });

  const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;

  async function opened(request: FastifyRequest): Promise<Opened> {
    await services.limits.consume('shared_report', { ip: request.ip });
    const o = await open(db, tokenOf(request));
    request.locale = o.locale;
    return o;
  }

  api.get('/public/reminders/:token', async (request, reply) => {
    const o = await opened(request);
    return reply.header('Cache-Control', 'private, no-store').send(await view(db, o));
  });

  api.post('/public/reminders/:token/book', async (request, reply) => {
    const o = await opened(request);
    const base = systemContext({ ...services, db, ip: request.ip }, o.followUp.organization_id, { cause: { type: 'follow-ups', id: o.followUp.id }, locale: o.locale });
    // The customer asks for a repair through the link: that one permission, nothing else.
    const system = { ...base, actor: { ...base.actor, permissions: new Set<Permission>([REQUEST_TYPE_PERMISSIONS.repair]) } };
    const made = await inTransaction(system, async (tx) => {
      // One booking however often the customer taps: the follow-up locked, the booking looked for under the lock.
      await tx.db.select({ id: followUps.id }).from(followUps).where(eq(followUps.id, o.followUp.id)).for('update');
      if (await bookedSince(tx.db, o.work)) return false;
      await createRecord(tx, tx.registry.resource('requests'), {
        data: {
          type: 'requests',
          attributes: { type: 'repair', notes: t(o.locale, 'follow_up.booking_notes', { work: o.work.detail }) },
          relationships: {
            vehicle: { data: { type: 'vehicles', id: o.followUp.vehicle_id } },
            ...(o.followUp.customer_id ? { customer: { data: { type: 'customers', id: o.followUp.customer_id } } } : {}),
          },
        },
      });
      return true;
    });
    // 201: the visit booked now; 200: it was already.
    return reply.code(made ? 201 : 200).header('Cache-Control', 'private, no-store').send(await view(db, o));
  });

  api.post('/public/reminders/:token/stop', async (request, reply) => {
    const o = await opened(request);
    const customer = o.customer;
    // Each contact not withdrawn already (its consent given, or none recorded: their word is kept all the same).
    const withdrawn = (await promotionalDecisions(db, customer)).filter((d) => d.decision.allowed || d.decision.reason === 'none');
    if (customer && withdrawn.length)
      // direct write: the customer's own word from the link (no user recorded it), as a STOP reply is recorded
      await db.insert(customerConsents).values(withdrawn.map((d) => ({ organization_id: customer.organization_id, customer_id: customer.id, channel: d.channel, contact: d.contact, kind: 'promotional' as const, given: false, source: 'form' as const, at: sql`now()` })));
    // 201: withdrawn now; 200: nothing left to withdraw (done already, or no contact), the state as it is.
    return reply.code(withdrawn.length ? 201 : 200).header('Cache-Control', 'private, no-store').send(await view(db, o));
  });
};

const reminder = {
  type: 'object',
  additionalProperties: false,
  required: ['locale', 'organization', 'organization_phone', 'customer', 'vehicle', 'work', 'declined_at', 'booked', 'booking_code', 'stopped'],
  properties: {
    locale: { type: 'string', enum: ['fr', 'en'] },
    organization: { type: 'string' },
    organization_phone: { type: ['string', 'null'] },
    customer: { type: 'string' },
    vehicle: { type: 'string' },
    work: { type: 'string' },
    declined_at: { type: 'string', format: 'date-time' },
    booked: { type: 'boolean', description: 'A visit was booked for the vehicle since the work was declined.' },
    booking_code: { type: ['string', 'null'] },
    stopped: { type: 'boolean', description: 'The customer asked for no more reminders.' },
  },
} as const;

publicTokenRoute('GET', '/public/reminders/:token', {
  summary: 'What the customer’s page of a follow-up shows: the work recommended, the vehicle, whether a visit was booked or reminders stopped',
  tag: 'follow-ups',
  responses: { 200: { contentType: 'application/json', schema: reminder } },
});
publicTokenRoute('POST', '/public/reminders/:token/book', {
  summary: 'The customer books a visit: a repair request for the vehicle (once), which stops the follow-ups',
  description: '201 when the visit is booked now, 200 (the page as it is) when one was booked since the work was declined.',
  tag: 'follow-ups',
  responses: { 200: { contentType: 'application/json', schema: reminder }, 201: { contentType: 'application/json', schema: reminder } },
});
publicTokenRoute('POST', '/public/reminders/:token/stop', {
  summary: 'The customer asks for no more reminders: their promotional consents (text and e-mail) are withdrawn',
  description: '201 when consents are withdrawn now, 200 (the page as it is) when nothing is left to withdraw: withdrawn already, or no number nor address.',
  tag: 'follow-ups',
  responses: { 200: { contentType: 'application/json', schema: reminder }, 201: { contentType: 'application/json', schema: reminder } },
});
