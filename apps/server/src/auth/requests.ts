import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Locale } from '@atelier/domain';
import { users } from '../areas/admin/admin.table.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { attr } from '../jsonapi/attributes.ts';
import type { RequestContext } from '../jsonapi/context.ts';
import type { Registry } from '../jsonapi/registry.ts';
import { ApiError, attributePointer } from '../jsonapi/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { LimitKeys, LimitName, Limits } from './rate-limit.ts';
import { createSession } from './tokens.ts';

/** What the auth routes share: their dependencies, the reading of bodies, signing a user in. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  limits: Limits;
  contextOf: (request: FastifyRequest) => RequestContext;
  localeOf: (request: FastifyRequest) => Locale;
  /** The types the app serves (announced in /app-config). */
  registry: Registry;
}

export const email = attr.email().isRequired();

/** Login bodies come flat ({email,password}) or wrapped in data, as the older clients send them. */
export function fields(body: unknown): Record<string, unknown> {
  const b = (body ?? {}) as Record<string, unknown>;
  const inner = b.data && typeof b.data === 'object' ? (b.data as Record<string, unknown>) : b;
  return (inner.attributes && typeof inner.attributes === 'object' ? inner.attributes : inner) as Record<string, unknown>;
}

export function requireEmail(value: unknown): string {
  const parsed = email.parse(value);
  if (!parsed.ok) throw new ApiError(422, parsed.code, parsed.params, { pointer: attributePointer('email') });
  return parsed.value as string;
}

export function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string' || !value) throw new ApiError(422, 'validation.required', undefined, { pointer: attributePointer(name) });
  return value;
}

/** The helpers of the auth routes that need the database, the settings or the limits. */
export function authKit({ config, db, limits }: Deps) {
  return {
    /** Opens a session for the user: the answer of a successful login, verification or registration. */
    async tokenResponse(request: FastifyRequest, userId: string) {
      const token = await createSession(db, userId, config.tokenMaxLifetime, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await db.update(users).set({ last_login_at: sql`now()` }).where(eq(users.id, userId));
      return { access_token: token, token_type: 'Bearer', expires_in: config.tokenIdleTimeout };
    },

    findByEmail: async (address: string) => (await db.select().from(users).where(sql`lower(${users.email}) = ${address}`).limit(1))[0],

    /** Counts a failed guess against the limits, then refuses (429 once past them). */
    async refuse(name: LimitName, keys: LimitKeys, error: ApiError): Promise<never> {
      await limits.consume(name, keys);
      throw error;
    },
  };
}

export type AuthKit = ReturnType<typeof authKit>;
