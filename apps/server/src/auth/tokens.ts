import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { pickLocale, type Locale, type Permission } from '@atelier/domain';
import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/client.ts';
import type { Registry } from '../jsonapi/registry.ts';
import { toUuidArray } from '../access/tenancy.ts';
import { oneTimeCodes, sessions } from './auth.table.ts';

/** 256 random bits, URL-safe; only its SHA-256 is stored, so a database leak yields no tokens. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A deadline on the database clock, the one every expiry check reads (app servers may drift). */
export const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** A 6-digit code, uniformly drawn. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export async function createSession(db: Db, userId: string, lifetimeSeconds: number, meta: { ip?: string; userAgent?: string }) {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hash,
    expires_at: secondsFromNow(lifetimeSeconds),
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 500) ?? null,
  });
  return token;
}

/** Revokes one session; the caller then forgets its instance's cached sessions (sessionsOf). */
export async function revokeSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ revoked_at: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/**
 * Ends every session of a user (deactivation, password change), optionally but one, and burns
 * their unused codes and links: those were issued for the credentials that are going away. Called
 * in a transaction, whose commit makes the instance forget its cached sessions (buildRegistry's hook).
 */
export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string) {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
  await db
    .update(oneTimeCodes)
    .set({ used_at: sql`now()` })
    .where(and(eq(oneTimeCodes.user_id, userId), isNull(oneTimeCodes.used_at)));
}

interface ActorRow {
  session_id: string;
  touch: boolean;
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  locale: string;
  organization_id: string | null;
  reseller_id: string | null;
  is_staff: boolean;
  restrict_to_locations: boolean;
  location_ids: string[] | string;
  role_versions: string | null;
  /** The default role of the organization's package ("roleId@updatedAtMicros"), if it has one. */
  package_role: string | null;
}

/**
 * Permission names per set of role versions ("roleId@updatedAtMicros,..."). Any change to a
 * role's permissions bumps its updated_at, so a stale entry is simply never asked for again,
 * on this instance or any other: no cross-instance invalidation is needed.
 */
const permissionCache = new Map<string, ReadonlySet<Permission>>();
const PERMISSION_CACHE_MAX = 10_000;

async function permissionsOf(db: Db, roleVersions: string | null): Promise<ReadonlySet<Permission>> {
  if (!roleVersions) return new Set();
  const cached = permissionCache.get(roleVersions);
  if (cached) return cached;
  const roleIds = roleVersions.split(',').map((v) => v.split('@')[0]);
  const rows = (await db.execute(sql`
    SELECT DISTINCT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
     WHERE rp.role_id = ANY(${toUuidArray(roleIds)})`)) as unknown as { rows: { name: Permission }[] }; // the table holds the catalogue (syncPermissions)
  const names = new Set(rows.rows.map((r) => r.name));
  if (permissionCache.size >= PERMISSION_CACHE_MAX) permissionCache.clear();
  permissionCache.set(roleVersions, names);
  return names;
}

/**
 * An organization on a reseller's package uses what the package's default role holds (issue 24):
 * its users' permissions are those of their roles that the role also holds. No default role: no limit.
 */
async function withinPackage(db: Db, held: ReadonlySet<Permission>, packageRole: string | null): Promise<ReadonlySet<Permission>> {
  if (!packageRole) return held;
  const allowed = await permissionsOf(db, packageRole);
  return new Set([...held].filter((p) => allowed.has(p)));
}

/** What an actor needs of the user row, and the versions of the user's roles. */
const ACTOR_COLUMNS = sql.raw(`u.id, u.email, u.firstname, u.lastname, u.locale, u.organization_id, u.reseller_id,
           u.is_staff, u.restrict_to_locations, u.location_ids,
           (SELECT string_agg(r.id::text || '@' || (extract(epoch FROM r.updated_at) * 1000000)::bigint, ',' ORDER BY r.id)
              FROM user_roles ur JOIN roles r ON r.id = ur.role_id
             WHERE ur.user_id = u.id) AS role_versions,
           (SELECT r.id::text || '@' || (extract(epoch FROM r.updated_at) * 1000000)::bigint
              FROM organizations o JOIN packages pk ON pk.id = o.package_id JOIN roles r ON r.id = pk.default_role_id
             WHERE o.id = u.organization_id) AS package_role`);

async function toActor(db: Db, row: Omit<ActorRow, 'session_id' | 'touch'>, sessionId: string): Promise<Actor> {
  return {
    id: row.id,
    sessionId,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    locale: pickLocale(row.locale) as Locale,
    organizationId: row.organization_id,
    resellerId: row.reseller_id,
    isStaff: row.is_staff,
    restrictToLocations: row.restrict_to_locations,
    locationIds: pgArray(row.location_ids),
    permissions: await withinPackage(db, await permissionsOf(db, row.role_versions), row.package_role),
    roleIds: row.role_versions ? row.role_versions.split(',').map((v) => v.split('@')[0]) : [],
  };
}

/** An active user as an actor outside a request (background jobs act with their creator's rights). */
export async function actorForUser(db: Db, userId: string): Promise<Actor | null> {
  const result = await db.execute(sql`SELECT ${ACTOR_COLUMNS} FROM users u WHERE u.id = ${userId} AND u.active`);
  const row = (result as unknown as { rows: ActorRow[] }).rows[0];
  return row ? toActor(db, row, '') : null;
}

/**
 * Actors by token, for a second or two: one cache per app (sessionsOf), as each instance of a
 * deployment has its own. The session query is most of what a simple read
 * costs; under load one token is used many times a second. Keyed by the token itself so that a
 * hit costs no hash (the process holds the token anyway; only its hash is ever stored). A deliberate trade (docs/decisions.md):
 * every write through this instance forgets them all at once (read-your-writes here), while a
 * revocation made on another instance reaches this one within the cache's lifetime.
 */
export class SessionCache {
  private readonly kept = new Map<string, { actor: Actor; until: number }>();
  /**
   * Lookups under way, by token: requests of one token arriving together (a screen's parallel
   * reads, and every request at once when the cached actor expires) share one session query.
   */
  private readonly lookups = new Map<string, Promise<Actor | null>>();
  /** Bumped by forget: a lookup that began before a write must not cache what it read. */
  private generation = 0;

  /** Forgets every cached actor: called after each write, so this instance sees its own at once. */
  forget() {
    this.kept.clear();
    this.lookups.clear();
    this.generation++;
  }

  /**
   * The hot path of every authenticated request: one query finds the live session, its active
   * user and the versions of the user's roles; their permission names come from memory. The
   * actor is then kept for cacheSeconds (0: not kept).
   */
  async actorFor(db: Db, token: string, idleTimeoutSeconds: number, cacheSeconds = 0): Promise<Actor | null> {
    if (!token || token.length > 200) return null;
    if (cacheSeconds <= 0) return lookUpSession(db, hashToken(token), idleTimeoutSeconds);
    const cached = this.kept.get(token);
    if (cached && cached.until > Date.now()) return cached.actor;
    const pending = this.lookups.get(token);
    if (pending) return pending;
    const started = this.generation;
    const lookup = lookUpSession(db, hashToken(token), idleTimeoutSeconds).then((actor) => {
      if (this.generation === started) {
        if (actor) {
          // Oldest first out (a Map iterates in insertion order).
          if (this.kept.size >= SESSION_CACHE_MAX) this.kept.delete(this.kept.keys().next().value!);
          this.kept.set(token, { actor, until: Date.now() + cacheSeconds * 1000 });
        } else this.kept.delete(token);
      }
      return actor;
    });
    this.lookups.set(token, lookup);
    try {
      return await lookup;
    } finally {
      if (this.lookups.get(token) === lookup) this.lookups.delete(token);
    }
  }
}
const SESSION_CACHE_MAX = 10_000;

const appSessions = new WeakMap<Registry, SessionCache>();
/** The session cache of the app serving this registry (each app builds its own registry). */
export function sessionsOf(registry: Registry): SessionCache {
  let sessions = appSessions.get(registry);
  if (!sessions) appSessions.set(registry, (sessions = new SessionCache()));
  return sessions;
}

/** The session query: the live session of a token hash, its active user and their permissions. */
async function lookUpSession(db: Db, hash: string, idleTimeoutSeconds: number): Promise<Actor | null> {
  const result = await db.execute(sql`
    SELECT s.id AS session_id,
           s.last_used_at < now() - interval '60 seconds' AS touch,
           ${ACTOR_COLUMNS}
      FROM sessions s
      JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = ${hash}
       AND s.revoked_at IS NULL
       AND s.expires_at > now()
       AND s.last_used_at > now() - make_interval(secs => ${idleTimeoutSeconds})
       AND u.active`);
  const row = (result as unknown as { rows: ActorRow[] }).rows[0];
  if (!row) return null;
  // Idle timeout: refreshing at most once a minute keeps the hot path free of writes.
  if (row.touch) await db.update(sessions).set({ last_used_at: sql`now()` }).where(eq(sessions.id, row.session_id));
  return toActor(db, row, row.session_id);
}

/** node-postgres parses uuid[] only for known types; PGlite too. Strings like {a,b} are split here. */
function pgArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value
    .slice(1, -1)
    .split(',')
    .map((s) => s.replace(/^"|"$/g, ''));
}
