import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CALLBACK_EVENTS, CALLBACK_MAX_ATTEMPTS, callbackBackoffSeconds } from '@atelier/domain';
import { rowsOf, type Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { ResourceDefinition } from '../../jsonapi/define-resource.ts';
import { readRecord } from '../../jsonapi/includes.ts';
import { parseQuery } from '../../jsonapi/query.ts';
import type { Registry } from '../../jsonapi/registry.ts';
import { renderDocument, type Services } from '../../jsonapi/router.ts';
import { options } from '../admin/admin.table.ts';
import { postChecked } from './net.ts';
import { callbackDeliveries, callbackSecrets } from './settings.table.ts';

// Callbacks (webhooks): when an event happens to a record and the organization has a URL for it,
// the record's JSON:API document is queued in the event's transaction (no commit, no callback)
// and POSTed after the commit by the worker below, signed with the organization's secret. The
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

/** The worker of each app, so that an event committed on that app is sent at once. */
const workers = new WeakMap<Registry, CallbackWorker>();

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
  const worker = workers.get(ctx.registry);
  if (worker) ctx.onCommit?.(() => worker.wake());
}

/** Deliveries sent at once by one server (a slow receiver does not hold up the others). */
const CONCURRENCY = 4;

type DeliveryRow = typeof callbackDeliveries.$inferSelect;

/**
 * Sends due deliveries: the rows are the jobs, claimed with FOR UPDATE SKIP LOCKED and a lease,
 * so several servers on one PostgreSQL share them and a stopped server's are taken up again.
 * Woken after the commit of an event, and every few seconds for retries.
 */
export class CallbackWorker {
  private stopping = false;
  private running = 0;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly idle = new Set<() => void>();

  constructor(private readonly services: Services) {
    workers.set(services.registry, this);
  }

  private get db() {
    return this.services.database.db;
  }

  async start() {
    // Embedded mode is one process (DATA_DIR is locked): no other worker holds a lease.
    // direct write: the callbacks queue's leases (infrastructure rows)
    if (this.services.database.driver === 'pglite') await this.db.execute(sql`UPDATE callback_deliveries SET lease_until = NULL WHERE status = 'pending' AND lease_until IS NOT NULL`);
    this.wake();
    const every = Math.max(0.2, Math.min(5, this.services.config.callbacksBackoffSeconds));
    this.timer = setInterval(() => this.wake(), every * 1000);
    this.timer.unref();
  }

  async stop() {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.settled();
  }

  /** Resolves once no delivery is being sent (tests, stop). */
  settled(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.add(resolve));
  }

  /** Looks for due deliveries now (after a commit, on the timer). */
  wake() {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    for (let i = 0; i < CONCURRENCY; i++) this.loop();
  }

  private loop() {
    this.running++;
    void (async () => {
      try {
        for (;;) {
          if (this.stopping) break;
          const row = await this.claim();
          if (!row) break;
          await this.deliver(row);
        }
      } catch (err) {
        if (!this.stopping) console.error('callback worker', err);
      } finally {
        this.running--;
        if (this.running === 0) {
          for (const resolve of this.idle) resolve();
          this.idle.clear();
          if (this.again && !this.stopping) {
            this.again = false;
            this.wake();
          }
        }
      }
    })();
  }

  private async claim(): Promise<DeliveryRow | null> {
    const rows = rowsOf<DeliveryRow>(
      // direct write: the callbacks queue's leases (infrastructure rows)
      await this.db.execute(sql`
        UPDATE callback_deliveries SET lease_until = now() + make_interval(secs => ${this.services.config.jobLeaseSeconds})
         WHERE id = (SELECT id FROM callback_deliveries
                      WHERE status = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
                      ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
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
    await this.db
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
  }
}
