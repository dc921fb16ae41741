import type { Model } from './jsonapi.ts';

export interface Permission extends Model {
  name: string;
}
export interface Role extends Model {
  name: string;
  permissions?: Permission[];
  organization?: Organization | null;
  reseller?: Reseller | null;
  created_at?: string;
}
export interface Organization extends Model {
  name: string;
  phone?: string | null;
  address?: string | null;
  owner?: User | null;
  reseller?: Reseller | null;
  created_at?: string;
}
export interface Reseller extends Model {
  name: string;
  app_name?: string | null;
  app_logo?: string | null;
  url_pattern?: string | null;
  owner?: User | null;
  created_at?: string;
}
export interface Location extends Model {
  name: string;
  organization?: Organization | null;
  users?: User[];
  manager?: User | null;
  created_at?: string;
  updated_at?: string;
}
export interface User extends Model {
  firstname: string;
  lastname: string;
  email: string;
  locale?: string | null;
  profile_image?: string | null;
  is_staff?: boolean;
  active?: boolean;
  restrict_to_locations?: boolean;
  two_factor_enabled?: boolean;
  created_at?: string;
  roles?: Role[];
  organization?: Organization | null;
  reseller?: Reseller | null;
  allowedLocations?: Location[];
}

export interface AppConfig {
  app_name: string;
  logo_url: string | null;
  languages: string[];
  default_locale: string;
  currency: string;
  registration_enabled: boolean;
  /** The JSON:API types this server serves (older servers: absent). */
  resource_types?: string[];
  /** Types answering GET /{type}/list/count. */
  list_counts?: string[];
  /** Types whose rows belong to an organization (relationship `organization`). */
  organization_types?: string[];
}

export const fullName = (u: Pick<User, 'firstname' | 'lastname'> | null | undefined) =>
  u ? `${u.firstname ?? ''} ${u.lastname ?? ''}`.trim() : '';

export function initials(u: Pick<User, 'firstname' | 'lastname' | 'email'>): string {
  const a = (u.firstname ?? '').trim()[0] ?? '';
  const b = (u.lastname ?? '').trim()[0] ?? '';
  return (a + b || (u.email ?? '?')[0] || '?').toUpperCase();
}

/** Every permission name held through the user's roles. */
export function permissionsOf(user: Pick<User, 'roles'> | null | undefined): Set<string> {
  const out = new Set<string>();
  for (const r of user?.roles ?? []) for (const p of r.permissions ?? []) out.add(p.name);
  return out;
}
