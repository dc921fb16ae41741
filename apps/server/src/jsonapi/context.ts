import { DEFAULT_TIME_ZONE, dayIn, type Locale } from '@atelier/domain';
import type { Actor } from '../access/actor.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Registry } from './registry.ts';

/** Everything a resource, hook or action sees of the current request. */
export interface RequestContext {
  actor: Actor;
  locale: Locale;
  /** The database, or the request's transaction inside writes and actions. */
  db: Db;
  config: Config;
  mailer: Mailer;
  ip: string;
  /** The reader's time zone (X-Timezone), valid; none for the jobs (DEFAULT_TIME_ZONE). */
  timeZone?: string;
  query: Record<string, string | undefined>;
  /** The types this app serves and the reactions to its writes. */
  registry: Registry;
  /**
   * Inside a writing request's transaction: runs fn once it has committed (never on a rollback),
   * given the database outside the transaction; the request waits for what fn returns (a text
   * handed to its provider) before it answers. fn must not throw.
   */
  onCommit?: (fn: (db: Db) => void | Promise<void>) => void;
  /**
   * Set when nobody signed in writes (system.ts): the cause logged, no user permission asked,
   * every row kept inside the actor's organization.
   */
  system?: { type: string; id: string };
}

/** Today on the reader's calendar: the day a document made now is dated (an invoice, a refund, a receipt). */
export const todayOf = (ctx: Pick<RequestContext, 'timeZone'>): string => dayIn(ctx.timeZone ?? DEFAULT_TIME_ZONE);
