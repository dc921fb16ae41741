import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { chooseFollowUpChannel, customerName, firstLocale, followUpDueAt, followUpSchedule, textableNumber, type FollowUpReason, type FollowUpSchedule, type Locale, DEFAULT_TIME_ZONE } from '@atelier/domain';
import { rowsOf, type Database, type Db } from '../../db/client.ts';
import { t } from '../../i18n/index.ts';
import type { Jobs } from '../../jobs/queue.ts';
import type { Services } from '../../jsonapi/router.ts';
import { options, organizations } from '../admin/admin.table.ts';
import { customers } from '../crm/crm.table.ts';
import { deferredWork } from '../estimations/deferred-work.table.ts';
import { customerConsents } from '../messaging/messaging.table.ts';
import { recordMessage, type PromotionalMessage } from '../messaging/promotional.ts';
import { deliverText } from '../messaging/texts.ts';
import { formatDay } from '../../reports/format.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { followUps } from './follow-ups.table.ts';
import { bookedSince } from './booking.ts';

// The follow-ups runner (issue 26; docs/decisions.md "Follow-ups"): a small scheduler over the
// follow_ups table. Each tick plans the next step of each open deferred work of the organizations
// that follow up, then runs the due steps: each claimed with FOR UPDATE SKIP LOCKED and marked
// 'sending' before its message goes, so it runs once whatever the runners and restarts.

/** A step found more than this late when planned (follow-ups just turned on, a server down for weeks) is skipped, not sent in a burst. */
export const LATE_DAYS = 14;
const DAY_MS = 86_400_000;
const PLAN_BATCH = 500;

type FollowUpRow = typeof followUps.$inferSelect;

/** The link of a follow-up (booking, no more reminders), on the web app. */
export const followUpUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/reminders/${token}`;
export const newFollowUpToken = () => randomBytes(24).toString('base64url');

/** The schedule of each organization that follows up, by organization. */
export async function schedules(db: Db, organizationIds?: string[]): Promise<Map<string, FollowUpSchedule>> {
  const rows = await db
    .select({ organization_id: options.organization_id, name: options.name, value: options.value })
    .from(options)
    .where(
      and(
        inArray(options.name, ['estimations.follow_ups_enabled', 'estimations.follow_up_days', 'estimations.follow_up_channel']),
        organizationIds ? inArray(options.organization_id, organizationIds) : undefined,
      ),
    );
  const byOrg = new Map<string, { enabled?: unknown; days?: unknown; channel?: unknown }>();
  for (const r of rows) {
    const o = byOrg.get(r.organization_id) ?? {};
    if (r.name === 'estimations.follow_ups_enabled') o.enabled = r.value;
    else if (r.name === 'estimations.follow_up_days') o.days = r.value;
    else o.channel = r.value;
    byOrg.set(r.organization_id, o);
  }
  return new Map([...byOrg].map(([org, o]) => [org, followUpSchedule(o)]));
}

const runners = new WeakMap<Database, FollowUpRunner>();
/** The runner an app started on this database (tests drive it with their clock). */
export const followUpRunnerOf = (database: Database) => runners.get(database);

/**
 * Plans and runs follow-ups. `clock` gives "now" for what is due (tests move it; the leases use
 * the database's own time). Ticked by a timer job of the app's queue every few minutes.
 */
export class FollowUpRunner {
  private stopping = false;

  constructor(
    readonly services: Pick<Services, 'database' | 'config' | 'mailer'>,
    readonly clock: () => Date = () => new Date(),
  ) {}

  private get db() {
    return this.services.database.db;
  }

  /** The app's runner: a tick every few minutes, a timer job of the queue (one instance at a time). */
  define(jobs: Jobs) {
    runners.set(this.services.database, this);
    jobs.onStop(() => (this.stopping = true));
    const every = this.services.config.followUpsEverySeconds;
    if (every) jobs.every('follow-ups.tick', every, () => this.tick());
  }

  /** One pass: interrupted sends closed, next steps planned, due steps run. Answers how many steps ran. */
  async tick(now: Date = this.clock()): Promise<number> {
    await this.closeInterrupted();
    await this.plan(now);
    let ran = 0;
    for (;;) {
      if (this.stopping) break;
      const row = await this.claim(now);
      if (!row) break;
      await this.run(row, now);
      ran++;
    }
    return ran;
  }

  /** A step left 'sending' past its lease: its runner died mid-send; it may have gone, so it is never sent again. */
  private async closeInterrupted() {
    // direct write: the follow-ups queue (job bookkeeping: a dead runner's step)
    await this.db.execute(sql`
      UPDATE follow_ups SET status = 'failed', reason = 'interrupted', lease_until = NULL, done_at = now(), updated_at = now()
       WHERE status = 'sending' AND lease_until < now()`);
  }

  /**
   * The next step of each open deferred work of the organizations that follow up, unless one is
   * still to run or the sequence stopped; a step already more than LATE_DAYS late is skipped.
   */
  async plan(now: Date) {
    const all = await schedules(this.db);
    for (const [org, schedule] of all) {
      if (!schedule.enabled) continue;
      for (let round = 0; round < schedule.days.length; round++) {
        const open = rowsOf<{ id: string; vehicle_id: string; customer_id: string | null; declined_at: string; location_ids: string[]; last: number }>(
          await this.db.execute(sql`
            SELECT w.id, w.vehicle_id, w.customer_id, w.declined_at, w.location_ids,
                   (SELECT coalesce(max(f.step), 0) FROM follow_ups f WHERE f.deferred_work_id = w.id)::int AS last
              FROM deferred_work w
             WHERE w.organization_id = ${org} AND w.state = 'open'
               AND NOT EXISTS (SELECT 1 FROM follow_ups f WHERE f.deferred_work_id = w.id AND f.status IN ('scheduled', 'sending', 'stopped'))
               AND (SELECT count(*) FROM follow_ups f WHERE f.deferred_work_id = w.id) < ${schedule.days.length}
             ORDER BY w.declined_at LIMIT ${PLAN_BATCH}`),
        );
        if (!open.length) break;
        const late = new Date(now.getTime() - LATE_DAYS * DAY_MS);
        const values = open.flatMap((w) => {
          const step = w.last + 1;
          const due = followUpDueAt(new Date(w.declined_at), step, schedule.days);
          if (!due) return [];
          const skipped = due < late;
          return [
            {
              organization_id: org,
              deferred_work_id: w.id,
              vehicle_id: w.vehicle_id,
              customer_id: w.customer_id,
              step,
              due_at: due.toISOString(),
              token: newFollowUpToken(),
              location_ids: w.location_ids,
              ...(skipped ? { status: 'skipped' as const, reason: 'late' as const, done_at: now.toISOString() } : {}),
            },
          ];
        });
        if (!values.length) break;
        // direct write: the follow-ups queue (the runner plans its own jobs; one per work and step, whoever plans it)
        await this.db.insert(followUps).values(values).onConflictDoNothing();
        // Only skipped steps make another step to plan at once.
        if (!values.some((v) => 'status' in v)) break;
      }
    }
  }

  private async claim(now: Date): Promise<FollowUpRow | null> {
    const rows = rowsOf<Record<string, unknown>>(
      // direct write: the follow-ups queue's leases (job bookkeeping)
      await this.db.execute(sql`
        UPDATE follow_ups SET status = 'sending', lease_until = now() + make_interval(secs => ${this.services.config.jobLeaseSeconds}), updated_at = now()
         WHERE id = (SELECT id FROM follow_ups WHERE status = 'scheduled' AND due_at <= ${now.toISOString()}
                      ORDER BY due_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`),
    );
    if (!rows[0]) return null;
    const [row] = await this.db.select().from(followUps).where(eq(followUps.id, String(rows[0].id)));
    return row ?? null;
  }

  private async finish(id: string, values: Partial<FollowUpRow>) {
    // direct write: the follow-ups queue (the step's result)
    await this.db.update(followUps).set({ ...values, lease_until: null, done_at: sql`now()`, updated_at: sql`now()` }).where(eq(followUps.id, id));
  }

  /** Why the sequence stops before this step: follow-ups off, the work closed, a booking, a reply after an earlier step. */
  private async stopReason(row: FollowUpRow, work: typeof deferredWork.$inferSelect | undefined, schedule: FollowUpSchedule | undefined): Promise<FollowUpReason | null> {
    if (!schedule?.enabled) return 'disabled';
    if (!work || work.state !== 'open') return 'closed';
    if (await bookedSince(this.db, work)) return 'booked';
    const [replied] = rowsOf<{ one: number }>(
      await this.db.execute(sql`
        SELECT 1 AS one FROM messages m
          JOIN follow_ups f ON f.deferred_work_id = ${row.deferred_work_id} AND f.status = 'sent'
         WHERE m.organization_id = ${row.organization_id} AND m.direction = 'in'
           AND (m.customer_id = ${row.customer_id} OR m.contact = f.contact) AND m.at > f.done_at
         LIMIT 1`),
    );
    return replied ? 'replied' : null;
  }

  private async run(row: FollowUpRow, now: Date) {
    const [work] = await this.db.select().from(deferredWork).where(eq(deferredWork.id, row.deferred_work_id));
    const schedule = (await schedules(this.db, [row.organization_id])).get(row.organization_id);
    const stop = await this.stopReason(row, work, schedule);
    // Turned off: this step is skipped, the sequence resumes if follow-ups are turned on again (late steps skipped then).
    if (stop === 'disabled') return this.finish(row.id, { status: 'skipped', reason: stop });
    if (stop) return this.finish(row.id, { status: 'stopped', reason: stop });
    const [customer] = row.customer_id ? await this.db.select().from(customers).where(eq(customers.id, row.customer_id)) : [];
    if (!customer) return this.finish(row.id, { status: 'skipped', reason: 'no_contact' });
    const sms = this.services.config.sms;
    const phone = sms ? textableNumber(customer.phone) : null;
    const email = customer.email?.trim() || null;
    const consents = await this.db
      .select()
      .from(customerConsents)
      .where(and(eq(customerConsents.customer_id, customer.id), inArray(customerConsents.contact, [phone, email].filter((c): c is string => !!c).concat(['']))));
    const choice = chooseFollowUpChannel(schedule!.preference, { phone, email, consents: consents.map((c) => ({ ...c, at: new Date(c.at) })), declinedAt: new Date(work!.declined_at), now });
    if (!choice.channel) return this.finish(row.id, { status: 'skipped', reason: choice.reason });

    const [organization] = await this.db.select().from(organizations).where(eq(organizations.id, row.organization_id));
    const [vehicle] = await this.db.select().from(vehicles).where(eq(vehicles.id, row.vehicle_id));
    const locale: Locale = firstLocale(customer.locale, organization?.locale);
    const url = followUpUrl(this.services.config.appUrl, row.token);
    const params = {
      organization: organization?.name ?? '',
      // CASL s. 6(2): the sender, its mailing address and a way to reach it, in every e-mail.
      sender: [organization?.name, [organization?.address, organization?.city, organization?.province, organization?.postal_code].filter(Boolean).join(', '), organization?.phone, organization?.email]
        .filter(Boolean)
        .join('\n'),
      name: customerName(customer),
      date: formatDay(work!.declined_at, locale, DEFAULT_TIME_ZONE),
      work: work!.detail,
      url,
      unsubscribe: `${url}?stop=1`,
      vehicle: [vehicle?.make, vehicle?.model, vehicle?.model_year].filter(Boolean).join(' ') || t(locale, 'follow_up.vehicle'),
    };
    const message: PromotionalMessage = {
      organizationId: row.organization_id,
      customerId: customer.id,
      channel: choice.channel,
      contact: choice.contact,
      subject: work!.estimation_id ? { type: 'estimations', id: work!.estimation_id } : null,
      consentId: choice.consentId,
      body: t(locale, choice.channel === 'sms' ? 'follow_up.sms' : 'follow_up.email_body', params),
      emailSubject: choice.channel === 'email' ? t(locale, 'follow_up.email_subject', params) : undefined,
    };
    // As a transactional text leaves (messaging/texts.ts): the message row first, then Twilio, its
    // outcome written back on the row; a crash between leaves the step 'sending' (interrupted, never sent twice).
    const messageId = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      if (choice.channel === 'email') await this.services.mailer.queue(db, { to: message.contact, subject: message.emailSubject ?? '', text: message.body, organizationId: message.organizationId });
      const id = await recordMessage(db, message);
      // direct write: the follow-ups queue (the step's message; an e-mail is sent once queued with it)
      await db
        .update(followUps)
        .set({ channel: choice.channel, contact: choice.contact, message_id: id, ...(choice.channel === 'email' ? { status: 'sent' as const, reason: null, lease_until: null, done_at: sql`now()` } : {}), updated_at: sql`now()` })
        .where(eq(followUps.id, row.id));
      return id;
    });
    if (choice.channel !== 'sms') return;
    const outcome = await deliverText(this.db, sms!, messageId, choice.contact, message.body, locale);
    await this.finish(row.id, outcome.status === 'sent' ? { status: 'sent', reason: null } : { status: 'failed', reason: 'provider_error', error: outcome.error });
  }
}
