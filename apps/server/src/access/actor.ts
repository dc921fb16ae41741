import type { Locale } from '@atelier/domain';

/** The signed-in user as the engine needs it on every request (loaded once per request). */
export interface Actor {
  id: string;
  sessionId: string;
  email: string;
  firstname: string;
  lastname: string;
  locale: Locale;
  organizationId: string | null;
  resellerId: string | null;
  isStaff: boolean;
  restrictToLocations: boolean;
  locationIds: string[];
  permissions: ReadonlySet<string>;
}

export type ActorLevel = 'platform' | 'reseller' | 'organization';

export function actorLevel(actor: Actor): ActorLevel {
  if (actor.organizationId) return 'organization';
  if (actor.resellerId) return 'reseller';
  return 'platform';
}

export const can = (actor: Actor | null, permission: string) => !!actor && actor.permissions.has(permission);
