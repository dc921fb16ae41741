import { sql } from 'drizzle-orm';
import { permissionsForLevel, type Locale } from '@atelier/domain';
import { grant, setUpOrganization } from '../src/areas/admin/organization-setup.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { rowsOf } from '../src/db/client.ts';
import { newId } from '../src/db/columns.ts';
import { toUuidArray } from '../src/access/tenancy.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import type { TestApp } from './helpers.ts';

// The data a test needs, made by the test (rather than read from the demo seed): organizations and
// users straight in the database, as an administrator would have set them up; records through the
// API, as a client makes them.

let serial = 0;
/** A suffix no other factory call of this process used: names and e-mails stay unique. */
const unique = () => `${process.pid}-${++serial}`;

export interface MadeOrganization {
  id: string;
  name: string;
  /** Location ids by name. */
  locations: Record<string, string>;
}

/** A new organization with the default roles and options, and the named locations. */
export async function makeOrganization(
  t: TestApp,
  { name = `Organisation ${unique()}`, locale = 'fr', locations = [] }: { name?: string; locale?: Locale; locations?: string[] } = {},
): Promise<MadeOrganization> {
  const db = t.database.db;
  const id = newId();
  await db.execute(sql`INSERT INTO organizations (id, name, locale) VALUES (${id}, ${name}, ${locale})`);
  await setUpOrganization(db, id, locale);
  const made: Record<string, string> = {};
  for (const location of locations) {
    made[location] = newId();
    await db.execute(sql`INSERT INTO locations (id, organization_id, name) VALUES (${made[location]}, ${id}, ${location})`);
  }
  return { id, name, locations: made };
}

export interface MadeUser {
  id: string;
  email: string;
  token: string;
}

/**
 * A signed-in user of an organization. Their rights: one of the organization's default roles
 * (`role`, by key; the administrator unless said otherwise), or exactly `permissions`, through a
 * role made for them ('all': every organization permission).
 */
export async function makeUser(
  t: TestApp,
  organizationId: string,
  {
    email = `user-${unique()}@factory.test`,
    firstname = 'Test',
    lastname = email,
    role = 'administrator',
    permissions,
    restrict_to_locations = false,
    location_ids = [],
  }: {
    email?: string;
    firstname?: string;
    lastname?: string;
    role?: string;
    permissions?: readonly string[] | 'all';
    restrict_to_locations?: boolean;
    location_ids?: string[];
  } = {},
): Promise<MadeUser> {
  const db = t.database.db;
  let roleId: string;
  if (permissions) {
    roleId = newId();
    await db.execute(sql`INSERT INTO roles (id, organization_id, name) VALUES (${roleId}, ${organizationId}, ${`Test ${email}`})`);
    await grant(db, roleId, permissions === 'all' ? permissionsForLevel('organization') : permissions);
  } else {
    const [found] = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM roles WHERE organization_id = ${organizationId} AND key = ${role}`));
    if (!found) throw new Error(`makeUser: no default role ${role} in organization ${organizationId}`);
    roleId = found.id;
  }
  const id = newId();
  await db.execute(sql`
    INSERT INTO users (id, organization_id, firstname, lastname, email, password_hash, restrict_to_locations, location_ids)
    VALUES (${id}, ${organizationId}, ${firstname}, ${lastname}, ${email}, ${await hashPassword(DEMO_PASSWORD)}, ${restrict_to_locations},
      ${toUuidArray(location_ids)})`);
  await db.execute(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${id}, ${roleId})`);
  return { id, email, token: await t.login(email) };
}

export interface MadeRecord {
  id: string;
  attributes: Record<string, any>;
}

/** POST /{type} as the token's user; the record it answers (any status but 201 throws). */
async function make(t: TestApp, token: string, type: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>): Promise<MadeRecord> {
  const res = await t.api('POST', `/api/v1/${type}`, { token, body: { data: { type, attributes, ...(relationships ? { relationships } : {}) } } });
  if (res.status !== 201) throw new Error(`make ${type}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, attributes: res.body.data.attributes };
}

const toMany = (type: string, ids: string[]) => ({ data: ids.map((id) => ({ type, id })) });

/** A vehicle of the user's organization; `locations`: the ids of the locations it belongs to. */
export const makeVehicle = (t: TestApp, token: string, attributes: Record<string, unknown> = {}, { locations }: { locations?: string[] } = {}) =>
  make(t, token, 'vehicles', { vin: '1HGCM82633A004352', ...attributes }, locations ? { allowedLocations: toMany('locations', locations) } : undefined);

/** A customer (an individual unless `type` says otherwise) of the user's organization. */
export const makeCustomer = (t: TestApp, token: string, attributes: Record<string, unknown> = {}) =>
  make(t, token, 'customers', { type: 'individual', firstname: 'Client', lastname: `Test ${unique()}`, ...attributes });

/** A request (an inspection unless `type` says otherwise) of the user's organization. */
export const makeRequest = (t: TestApp, token: string, attributes: Record<string, unknown> = {}, relationships?: Record<string, unknown>) =>
  make(t, token, 'requests', { type: 'inspection', vehicle_vin: '1HGCM82633A004352', ...attributes }, relationships);

/** A field as makeInspectionForm takes it: its attributes (a CHECK worth 5 points unless said otherwise). */
export type FieldSpec = { name: string } & Record<string, unknown>;
export interface FormSpec {
  name?: string;
  sections?: { name: string; subSections: { name: string; fields: FieldSpec[] }[] }[];
  notes?: Record<string, unknown>[];
  reminders?: Record<string, unknown>[];
  multipliers?: Record<string, unknown>[];
}
export interface MadeForm extends MadeRecord {
  /** Ids of the sections, sub-sections and fields, by name. */
  ids: Record<string, string>;
}

const lines = (type: string, list: Record<string, unknown>[] = []) => ({ data: list.map((attributes) => ({ type, attributes })) });

/**
 * An inspection form of the user's organization, built as the editor builds it: the form (with its
 * notes, reminders and multipliers), then each section, sub-section and field at its own route.
 * Default: one section, one sub-section, one CHECK field.
 */
export async function makeInspectionForm(t: TestApp, token: string, spec: FormSpec = {}): Promise<MadeForm> {
  const form = await make(t, token, 'inspection-forms', { name: spec.name ?? `Formulaire ${unique()}` }, {
    notes: lines('inspection-form-notes', spec.notes),
    reminders: lines('inspection-form-reminders', spec.reminders),
    multipliers: lines('inspection-form-multipliers', spec.multipliers),
  });
  const ids: Record<string, string> = {};
  const sections = spec.sections ?? [{ name: 'Extérieur', subSections: [{ name: 'Carrosserie', fields: [{ name: 'Capot' }] }] }];
  const toOne = (type: string, id: string) => ({ data: { type, id } });
  for (const section of sections) {
    const s = await make(t, token, 'inspection-form-sections', { name: section.name }, { inspectionForm: toOne('inspection-forms', form.id) });
    ids[section.name] = s.id;
    for (const sub of section.subSections) {
      const b = await make(t, token, 'inspection-form-sections', { name: sub.name }, {
        inspectionForm: toOne('inspection-forms', form.id),
        parent: toOne('inspection-form-sections', s.id),
      });
      ids[sub.name] = b.id;
      for (const field of sub.fields) {
        const f = await make(
          t,
          token,
          'inspection-form-section-fields',
          { field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 5 }, { option: 'no', points: 0 }], ...field },
          { section: toOne('inspection-form-sections', b.id) },
        );
        ids[field.name] = f.id;
      }
    }
  }
  return { ...form, ids };
}
