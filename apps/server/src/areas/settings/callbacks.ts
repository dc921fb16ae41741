import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CALLBACK_EVENTS, CALLBACK_MAX_ATTEMPTS, callbackBackoffSeconds } from '@atelier/domain';
import { rowsOf, type Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { ResourceDefinition } from '../../jsonapi/define-resource.ts';
import { readRecord } from '../../jsonapi/includes.ts';
import { parseQuery } from '../../jsonapi/query.ts';
import { renderDocument, type Services } from '../../jsonapi/router.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { options } from '../admin/admin.table.ts';
import { postChecked } from './net.ts';
import { callbackDeliveries, callbackSecrets } from './settings.table.ts';

// Callbacks (webhooks): when an event happens to a record and the organization has a URL for it,
// the record's JSON:API document is queued in the event's transaction with its job (no commit, no
// callback) and POSTed after the commit by that job (below), signed with the organization's secret. The
// user's request never waits for the receiver and never fails because of it.

export const SIGNATURE_HEADER = 'X-Atelier-Signature';
export const EVENT_HEADER = 'X-Atelier-Event';
export const DELIVERY_HEADER = 'X-Atelier-Delivery';
export const TIMESTAMP_HEADER = 'X-Atelier-Timestamp';

/** `sha256=` and the hex HMAC-SHA256 of the raw body with the organization's secret. */
export const signatureOf = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/** The organization's signing secret, made on first use. */
export async function secretOf(db: Db, organizationId: string): Promise<string> {
  // direct write: an organization's callback secret (a secret, not a business record)
  await db.execute(sql`INSERT INTO callback_secrets (organization_id, secret) VALUES (${organizationId}, ${newSecret()}) ON CONFLICT (organization_id) DO NOTHING`);
  const [row] = await db.select({ secret: callbackSecrets.secret }).from(callbackSecrets).where(eq(callbackSecrets.organization_id, organizationId));
  return row.secret;
}

/** A new secret: receivers must take it before the next delivery verifies. */
export async function regenerateSecret(db: Db, organizationId: string): Promise<string> {
  const secret = newSecret();
  // direct write: an organization's callback secret (a secret, not a business record)
  await db.execute(sql`
    INSERT INTO callback_secrets (organization_id, secret) VALUES (${organizationId}, ${secret})
    ON CONFLICT (organization_id) DO UPDATE SET secret = excluded.secret, updated_at = now()`);
  return secret;
}

/**
 * Queues the callback of an event about a record, in the caller's transaction, when the record's
 * organization has a URL for the event. One line at the place the event happens:
 * `await emitCallback(ctx, 'inspection.completed', inspectionsResource, row.id)`.
 */
export async function emitCallback(ctx: RequestContext, event: string, def: ResourceDefinition, recordId: string, include: string[] = []) {
  const known = CALLBACK_EVENTS.get(event);
  if (!known) throw new Error(`Unknown callback event ${event}`);
  const q = parseQuery(ctx.registry, def, include.length ? { include: include.join(',') } : {}, { list: false });
  const { row, doc } = await readRecord(ctx, def, recordId, q.include);
  const organizationId = row.organization_id as string;
  const [option] = await ctx.db
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.organization_id, organizationId), eq(options.name, known.option)));
  const url = typeof option?.value === 'string' && option.value ? option.value : null;
  if (!url) return;
  const id = newId();
  const document = await renderDocument(ctx, def, row, q, { event, delivery: id }, doc);
  // direct write: the callbacks queue (infrastructure rows)
  await ctx.db.insert(callbackDeliveries).values({
    id,
    organization_id: organizationId,
    event,
    url,
    subject_type: def.type,
    subject_id: recordId,
    body: JSON.stringify(document),
  });
  // Its job goes with it: committed together, and this instance looks for it once committed.
  const jobs = jobsOf(ctx.registry);
  if (!jobs) return;
  await jobs.send(CALLBACK_QUEUE, { id }, { db: ctx.db, singletonKey: id });
  ctx.onCommit?.(() => jobs.notify(CALLBACK_QUEUE));
}

/** Deliveries sent at once by one server (a slow receiver does not hold up the others). */
const CONCURRENCY = 4;

/** The queue of delivery attempts: one job per attempt, the delivery's id its singleton key. */
export const CALLBACK_QUEUE = 'callbacks.deliver';

type DeliveryRow = typeof callbackDeliveries.$inferSelect;

/**
 * Sends deliveries as jobs of the queue (jobs/queue.ts). The row is the delivery's state and log;
 * a job is one attempt: it claims its row with a lease (so one attempt runs at a time, whichever
 * instances hold jobs for it), posts, writes the outcome, and a failed attempt sends the next job
 * after the backoff in the same transaction. A killed instance's job expires and is retried
 * elsewhere once the lease has run out. A timer job sends a job for each pending delivery that has
 * none waiting (rows of an older version, or written by hand).
 */
export class CallbackWorker {
  constructor(private readonly services: Services) {
    const { jobs, config } = services;
    const lease = config.jobLeaseSeconds;
    jobs.define<{ id: string }>(
      CALLBACK_QUEUE,
      { policy: 'stately', concurrency: CONCURRENCY, expireInSeconds: Math.ceil(config.callbacksTimeoutMs / 1000) + lease, retryLimit: 3, retryDelaySeconds: lease },
      async ({ id }) => {
        const row = await this.claim(id);
        if (row) await this.deliver(row);
      },
    );
    jobs.every('callbacks.resume', Math.max(1, Math.min(30, lease / 2)), () => this.resume(), { atEachStart: true });
  }

  private get db() {
    return this.services.database.db;
  }

  async start() {
    // Embedded mode is one process (DATA_DIR is locked): no other worker holds a lease.
    // direct write: the callbacks queue's leases (infrastructure rows)
    if (this.services.database.driver === 'pglite') await this.db.execute(sql`UPDATE callback_deliveries SET lease_until = NULL WHERE status = 'pending' AND lease_until IS NOT NULL`);
  }

  /** A job for each pending delivery not being tried (stately: one waiting per delivery at most). */
  private async resume() {
    const pending = rowsOf<{ id: string; wait: number }>(
      await this.db.execute(sql`
        SELECT id, greatest(0, extract(epoch FROM next_attempt_at - now()))::float AS wait FROM callback_deliveries
         WHERE status = 'pending' AND (lease_until IS NULL OR lease_until < now())`),
    );
    for (const { id, wait } of pending) await this.services.jobs.send(CALLBACK_QUEUE, { id }, { singletonKey: id, startAfterSeconds: wait });
    if (pending.length) this.services.jobs.notify(CALLBACK_QUEUE);
  }

  /**
   * The delivery, leased for this attempt; null when it is no longer pending or another attempt
   * holds it. Waits for a row locked by a short write (not SKIP LOCKED): skipped, the attempt's job
   * would end with nothing tried nor sent next, and the delivery wait for the resume timer.
   */
  private async claim(id: string): Promise<DeliveryRow | null> {
    const rows = rowsOf<DeliveryRow>(
      // direct write: the callbacks queue's leases (infrastructure rows)
      await this.db.execute(sql`
        UPDATE callback_deliveries SET lease_until = now() + make_interval(secs => ${this.services.config.jobLeaseSeconds})
         WHERE id = ${id} AND status = 'pending' AND (lease_until IS NULL OR lease_until < now())
        RETURNING *`),
    );
    return rows[0] ?? null;
  }

  /** One try: 2xx delivers; anything else is retried with backoff until the last attempt. */
  private async deliver(row: DeliveryRow) {
    const { config } = this.services;
    const attempts = row.attempts + 1;
    let code: number | null = null;
    let excerpt: string | null = null;
    let error: string | null = null;
    try {
      const secret = await secretOf(this.db, row.organization_id);
      const result = await postChecked(
        row.url,
        row.body,
        {
          'Content-Type': 'application/vnd.api+json',
          'User-Agent': 'Atelier-Callbacks/1.0',
          [EVENT_HEADER]: row.event,
          [DELIVERY_HEADER]: row.id,
          [TIMESTAMP_HEADER]: String(Math.floor(Date.now() / 1000)),
          [SIGNATURE_HEADER]: signatureOf(secret, row.body),
        },
        { allowPrivate: config.callbacksAllowPrivate, timeoutMs: config.callbacksTimeoutMs },
      );
      code = result.status;
      excerpt = result.excerpt || null;
      if (code < 200 || code >= 300) error = `HTTP ${code}`;
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
    }
    const delivered = error === null;
    const status = delivered ? 'delivered' : attempts >= CALLBACK_MAX_ATTEMPTS ? 'failed' : 'pending';
    const wait = callbackBackoffSeconds(attempts, config.callbacksBackoffSeconds);
    await this.db.transaction(async (tx) => {
      await tx
        // direct write: the callbacks queue (infrastructure rows)
        .update(callbackDeliveries)
        .set({
          status,
          attempts,
          response_code: code,
          response_excerpt: excerpt,
          last_error: error,
          lease_until: null,
          delivered_at: delivered ? sql`now()` : null,
          next_attempt_at: delivered || status === 'failed' ? sql`now()` : sql`now() + make_interval(secs => ${wait})`,
          updated_at: sql`now()`,
        })
        .where(eq(callbackDeliveries.id, row.id));
      // The next attempt, committed with this one's outcome.
      if (status === 'pending') await this.services.jobs.send(CALLBACK_QUEUE, { id: row.id }, { db: tx as unknown as Db, singletonKey: row.id, startAfterSeconds: wait });
    });
  }
}
