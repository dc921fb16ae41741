import type { Locale, Permission } from '@atelier/domain';

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
  permissions: ReadonlySet<Permission>;
  /** The user's roles (record policies name roles: an inspection assigned to a role). */
  roleIds: readonly string[];
}
