import { PRICE_REQUEST_FIELDS, type RequestChannel } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Services } from '../../jsonapi/router.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { requestLogs } from './pricing.table.ts';

// Every estimation call is written to the request log (spec §3): who, from where, the answer's
// status and how long it took. The log is written outside the call's own work, so a refused or
// failed call is logged too; a log that cannot be written never fails the call, unless the answer's
// appraisal goes with it (issue 27: the two are one write).

export interface CallInfo {
  organizationId: string;
  channel: RequestChannel;
  endpoint: string;
  userId: string | null;
  domainId?: string | null;
  host?: string | null;
  ip: string;
  debug: boolean;
  request?: Record<string, unknown>;
}

/**
 * Runs a call and logs it with its status (an ApiError's, 500 for anything else) and duration.
 * `keep` writes what the answer leaves behind (its appraisal) in the log's transaction: an answer
 * is kept only with its call logged; if it cannot be kept, the call fails (logged as such).
 */
export async function logged<T>(db: Db, info: CallInfo, run: () => Promise<T>, log: (err: unknown) => void, keep?: (tx: Db, result: T) => Promise<void>): Promise<T> {
  const started = performance.now();
  const row = (status: number) => ({
    organization_id: info.organizationId,
    channel: info.channel,
    endpoint: info.endpoint,
    user_id: info.userId,
    domain_id: info.domainId ?? null,
    host: info.host ?? null,
    ip_address: info.ip,
    http_status_code: status,
    debug_mode: info.debug && status === 200,
    duration_ms: Math.round(performance.now() - started),
    request: info.request ?? null,
  });
  // direct write: the API's request log (infrastructure rows)
  const logAlone = (status: number) => db.insert(requestLogs).values(row(status)).catch(log);
  let result: T;
  try {
    result = await run();
  } catch (err) {
    await logAlone(err instanceof ApiError ? err.status : 500);
    throw err;
  }
  if (!keep) {
    await logAlone(200);
    return result;
  }
  try {
    await db.transaction(async (tx) => {
      // direct write: the request log and the appraisal it keeps, one transaction (an answer is never given that was not kept)
      await tx.insert(requestLogs).values(row(200));
      await keep(tx as unknown as Db, result);
    });
  } catch (err) {
    await logAlone(500);
    throw err;
  }
  return result;
}

/** The longest text kept of a member, and the most names of unknown members. */
const KEPT_TEXT = 200;
const KEPT_UNKNOWN = 20;
const KNOWN: ReadonlySet<string> = new Set(PRICE_REQUEST_FIELDS);

/**
 * The body kept in the log: a refused caller (any site, with the public key) must not fill the
 * database, so only the known members, their text cut, a list or object by its kind, and the names
 * of a few unknown members (what an integrator needs to see their mistake).
 */
export function loggedBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { body: Array.isArray(body) ? 'array' : typeof body };
  const kept: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (!KNOWN.has(name)) {
      if (unknown.length < KEPT_UNKNOWN) unknown.push(name.slice(0, 100));
    } else if (typeof value === 'string') kept[name] = value.slice(0, KEPT_TEXT);
    else if (typeof value === 'object' && value !== null) kept[name] = Array.isArray(value) ? '[array]' : '[object]';
    else kept[name] = value;
  }
  return unknown.length ? { ...kept, unknown_members: unknown } : kept;
}

const HOUR_SECONDS = 3600;

/** Deletes the logs older than the retention; returns how many. */
export async function purgeRequestLogs(db: Db, retentionDays: number): Promise<number> {
  // direct write: the request log's retention (infrastructure rows)
  const result = await db.execute(sql`DELETE FROM ${requestLogs} WHERE created_at < now() - make_interval(days => ${retentionDays})`);
  return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
}

/** Purges at start, then every hour: a timer job of the queue, on one instance at a time. */
export function requestLogJobs(services: Services) {
  services.jobs.every('request-logs.purge', HOUR_SECONDS, () => purgeRequestLogs(services.database.db, services.config.requestLogRetentionDays));
}
