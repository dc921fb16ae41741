import { lt, sql } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database, Db } from '../db/client.ts';
import type { Jobs } from '../jobs/queue.ts';
import { ApiError } from '../jsonapi/errors.ts';
import { rateLimits } from './auth.table.ts';

/**
 * Limits for the endpoints that guess secrets or send mail, counted per IP and per account.
 * On a PostgreSQL server the counters are rows of rate_limits, so every instance behind the
 * load balancer counts the same failures; the embedded database is one process and counts in
 * memory.
 *
 * Secret-guessing endpoints (login, verify, reset) count failures only: a dealership's whole
 * staff signs in from one public IP every morning, and successes must not lock them out.
 * Endpoints that send mail or create tenants (forgot, register), and the public report links,
 * count every request.
 */
export type LimitName = 'login' | 'verify' | 'forgot' | 'register' | 'shared_report' | 'vehicle_price';
export interface LimitKeys {
  ip: string;
  account?: string;
}

export interface Limits {
  /** Answers 429 when the caller is already over a limit; counts nothing. */
  check(name: LimitName, keys: LimitKeys): Promise<void>;
  /** Counts one failure (or one request) against the IP and the account; 429 past the limit. */
  consume(name: LimitName, keys: LimitKeys): Promise<void>;
  /** Clears an account's failures after a success. */
  reset(name: LimitName, account: string): Promise<void>;
}

interface Window {
  points: number;
  duration: number;
}

const SETTINGS: Record<LimitName, { ip: Window; account: Window }> = {
  login: { ip: { points: 30, duration: 60 * 5 }, account: { points: 10, duration: 60 * 15 } },
  verify: { ip: { points: 30, duration: 60 * 5 }, account: { points: 10, duration: 60 * 15 } },
  forgot: { ip: { points: 10, duration: 60 * 15 }, account: { points: 3, duration: 60 * 15 } },
  register: { ip: { points: 10, duration: 60 * 60 }, account: { points: 3, duration: 60 * 60 } },
  // Public report links: every read counts (a PDF is real work); a customer opens a few, not hundreds.
  shared_report: { ip: { points: 60, duration: 60 * 10 }, account: { points: 60, duration: 60 * 10 } },
  // The price estimation's public frame (per visitor's IP) and API keys (per organization): a
  // dealership's website and systems, not a scraper's loop.
  vehicle_price: { ip: { points: 60, duration: 60 }, account: { points: 600, duration: 60 } },
};

const tooMany = (msBeforeNext: number) => {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiError(429, 'error.too_many_requests', { seconds }, undefined, { 'Retry-After': String(seconds) });
};

export function createLimits(database: Pick<Database, 'db' | 'driver'>): Limits {
  const limiter = (keyPrefix: string, w: Window): RateLimiterAbstract =>
    database.driver === 'pg'
      ? // Expired counters are purged by one job across instances (rateLimitJobs), not by a timer of each limiter.
        new RateLimiterDrizzle({ storeClient: database.db, schema: rateLimits, keyPrefix, clearExpiredByTimeout: false, ...w })
      : new RateLimiterMemory({ keyPrefix, ...w });
  const limiters = Object.fromEntries(
    Object.entries(SETTINGS).map(([name, s]) => [name, { ip: limiter(`${name}-ip`, s.ip), account: limiter(`${name}-account`, s.account) }]),
  ) as Record<LimitName, { ip: RateLimiterAbstract; account: RateLimiterAbstract }>;

  const pairs = (name: LimitName, { ip, account }: LimitKeys) => {
    const list: [RateLimiterAbstract, string][] = [[limiters[name].ip, ip]];
    if (account) list.push([limiters[name].account, account.toLowerCase()]);
    return list;
  };

  return {
    async check(name, keys) {
      for (const [limiter, key] of pairs(name, keys)) {
        const res = await limiter.get(key);
        if (res && res.consumedPoints >= limiter.points) throw tooMany(res.msBeforeNext);
      }
    },
    async consume(name, keys) {
      for (const [limiter, key] of pairs(name, keys)) {
        try {
          await limiter.consume(key);
        } catch (res) {
          if (res instanceof RateLimiterRes) throw tooMany(res.msBeforeNext);
          throw res;
        }
      }
    },
    async reset(name, account) {
      await limiters[name].account.delete(account.toLowerCase());
    },
  };
}

/** Deletes the counters expired for an hour or more (what each limiter's own timer did, once per instance and limiter). */
export async function purgeExpiredLimits(db: Db): Promise<void> {
  // direct write: rate-limit counters past their window (infrastructure rows, no business value)
  await db.delete(rateLimits).where(lt(rateLimits.expire, sql`now() - interval '1 hour'`));
}

/** The counters' purge, hourly on one instance at a time (the kept job queue). */
export function rateLimitJobs(jobs: Jobs, db: Db) {
  jobs.every('rate-limits.purge', 60 * 60, () => purgeExpiredLimits(db));
}

