import type { Permission, RecordOf } from '@atelier/domain';

// The records of the platform's types, as the shared declarations type them (packages/domain).
export type PermissionRecord = RecordOf<'permissions'>;
export type Role = RecordOf<'roles'>;
export type Organization = RecordOf<'organizations'>;
export type Reseller = RecordOf<'resellers'>;
export type Location = RecordOf<'locations'>;
export type User = RecordOf<'users'>;

export interface AppConfig {
  app_name: string;
  logo_url: string | null;
  languages: string[];
  default_locale: string;
  currency: string;
  currency_symbol: string;
  /** The deployment's barcode scanner licence (BARCODE_SCANNER_LICENSE), or null. */
  barcode_scanner_license: string | null;
  registration_enabled: boolean;
  sms_enabled: boolean;
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
export function permissionsOf(user: Pick<User, 'roles'> | null | undefined): Set<Permission> {
  const out = new Set<Permission>();
  // The server's permissions are the catalogue's (it seeds them from it).
  for (const r of user?.roles ?? []) for (const p of r.permissions ?? []) out.add(p.name as Permission);
  return out;
}
