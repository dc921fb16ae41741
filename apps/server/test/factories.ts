import { sql } from 'drizzle-orm';
import { expectedCheckDigit, permissionsForLevel, type Locale, type Permission } from '@atelier/domain';
import { grant, setUpOrganization } from '../src/areas/admin/organization-setup.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { createSession } from '../src/auth/tokens.ts';
import { rowsOf } from '../src/db/client.ts';
import { newId } from '../src/db/columns.ts';
import { toUuidArray } from '../src/access/tenancy.ts';
import type { TestApp } from './helpers.ts';

// The data a test needs, made by the test (rather than read from the demo seed): organizations and
// users straight in the database, as an administrator would have set them up; records through the
// API, as a client makes them.

let serial = 0;
/** A suffix no other factory call of this process used: names and e-mails stay unique. */
export const unique = () => `${process.pid}-${++serial}`;

let vinSerial = 100_000;
/** A new valid VIN (its check digit computed): VINs are unique per organization. */
export function nextVin(): string {
  const draft = `1HGCM82630A${vinSerial++}`;
  return draft.slice(0, 8) + expectedCheckDigit(draft) + draft.slice(9);
}

/** The password of every user the factories make. */
export const PASSWORD = 'Factory-Pass-2026';

export interface MadeOrganization {
  id: string;
  name: string;
  /** Location ids by name. */
  locations: Record<string, string>;
}

/** A new organization with the default roles and options, and the named locations. */
export async function makeOrganization(
  t: TestApp,
  {
    name = `Organisation ${unique()}`,
    locale = 'fr',
    locations = [],
    reseller_id = null,
    email = null,
  }: { name?: string; locale?: Locale; locations?: string[]; reseller_id?: string | null; email?: string | null } = {},
): Promise<MadeOrganization> {
  const db = t.database.db;
  const id = newId();
  await db.execute(sql`INSERT INTO organizations (id, name, locale, reseller_id, email) VALUES (${id}, ${name}, ${locale}, ${reseller_id}, ${email})`);
  await setUpOrganization(db, id, locale);
  const made: Record<string, string> = {};
  for (const location of locations) made[location] = await makeLocation(t, id, { name: location });
  return { id, name, locations: made };
}

/** A location of an organization; its id. */
export async function makeLocation(t: TestApp, organizationId: string, { name = `Succursale ${unique()}`, manager_id = null }: { name?: string; manager_id?: string | null } = {}) {
  const id = newId();
  await t.database.db.execute(sql`INSERT INTO locations (id, organization_id, name, manager_id) VALUES (${id}, ${organizationId}, ${name}, ${manager_id})`);
  return id;
}

/** A role of an organization (or of a reseller, or of the platform: neither) holding exactly `permissions`; its id. */
export async function makeRole(
  t: TestApp,
  { organization_id = null, reseller_id = null, name = `Rôle ${unique()}`, key = null, permissions = [] }: {
    organization_id?: string | null;
    reseller_id?: string | null;
    name?: string;
    key?: string | null;
    permissions?: readonly Permission[];
  },
) {
  const id = newId();
  await t.database.db.execute(
    sql`INSERT INTO roles (id, organization_id, reseller_id, name, key) VALUES (${id}, ${organization_id}, ${reseller_id}, ${name}, ${key})`,
  );
  await grant(t.database.db, id, permissions);
  return id;
}

export interface MadeUser {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  token: string;
}

/** One argon2 hash of the factories' password for the whole file: hashing is slow on purpose. */
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));

interface Person {
  email?: string;
  firstname?: string;
  lastname?: string;
  locale?: Locale;
  restrict_to_locations?: boolean;
  location_ids?: string[];
}

/** A user row holding one role, signed in. */
async function insertUser(
  t: TestApp,
  roleId: string,
  where: { organization_id?: string | null; reseller_id?: string | null; is_staff?: boolean },
  { email = `user-${unique()}@factory.test`, firstname = 'Test', lastname = email, locale = 'fr', restrict_to_locations = false, location_ids = [] }: Person,
): Promise<MadeUser> {
  const db = t.database.db;
  const id = newId();
  await db.execute(sql`
    INSERT INTO users (id, organization_id, reseller_id, is_staff, firstname, lastname, email, locale, password_hash, password_changed_at,
      restrict_to_locations, location_ids)
    VALUES (${id}, ${where.organization_id ?? null}, ${where.reseller_id ?? null}, ${where.is_staff ?? false}, ${firstname}, ${lastname}, ${email},
      ${locale}, ${await hashed()}, now(), ${restrict_to_locations}, ${toUuidArray(location_ids)})`);
  await db.execute(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${id}, ${roleId})`);
  // Signed in as the login route signs in (a session row), without its deliberately slow password check.
  return { id, email, firstname, lastname, token: await createSession(db, id, t.config.tokenMaxLifetime, {}) };
}

/**
 * A signed-in user of an organization. Their rights: one of the organization's default roles
 * (`role`, by key; the administrator unless said otherwise), or exactly `permissions`, through a
 * role made for them ('all': every organization permission).
 */
export async function makeUser(
  t: TestApp,
  organizationId: string,
  { role = 'administrator', permissions, ...person }: Person & { role?: string; permissions?: readonly Permission[] | 'all' } = {},
): Promise<MadeUser> {
  let roleId: string;
  if (permissions) {
    roleId = await makeRole(t, { organization_id: organizationId, permissions: permissions === 'all' ? permissionsForLevel('organization') : permissions });
  } else {
    const [found] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM roles WHERE organization_id = ${organizationId} AND key = ${role}`));
    if (!found) throw new Error(`makeUser: no default role ${role} in organization ${organizationId}`);
    roleId = found.id;
  }
  return insertUser(t, roleId, { organization_id: organizationId }, person);
}

/** A user of an organization holding exactly the given permissions, signed in: for permission tests. */
export const userWith = (
  t: TestApp,
  organizationId: string,
  email: string,
  permissions: readonly Permission[],
  extra: { restrict_to_locations?: boolean; location_ids?: string[] } = {},
) => makeUser(t, organizationId, { email, permissions, ...extra });

/** A staff member of the platform holding every platform permission (as the demo's administrator). */
export async function makePlatformAdmin(t: TestApp, person: Person = {}): Promise<MadeUser> {
  const roleId = await makeRole(t, { name: `Plateforme ${unique()}`, permissions: permissionsForLevel('platform') });
  return insertUser(t, roleId, { is_staff: true }, person);
}

export interface MadeReseller {
  id: string;
  name: string;
  /** Its owner, holding every reseller permission. */
  user: MadeUser;
}

/** A reseller and its owner, signed in. */
export async function makeReseller(t: TestApp, { name = `Réseau ${unique()}`, person = {} }: { name?: string; person?: Person } = {}): Promise<MadeReseller> {
  const db = t.database.db;
  const id = newId();
  await db.execute(sql`INSERT INTO resellers (id, name, app_name) VALUES (${id}, ${name}, 'Atelier')`);
  const roleId = await makeRole(t, { reseller_id: id, name: 'Revendeur', key: 'reseller_admin', permissions: permissionsForLevel('reseller') });
  const user = await insertUser(t, roleId, { reseller_id: id }, person);
  await db.execute(sql`UPDATE resellers SET owner_id = ${user.id}, email = ${user.email} WHERE id = ${id}`);
  return { id, name, user };
}

/** Sets an organization's owner and its locations' manager, as an administrator would. */
async function owns(t: TestApp, org: MadeOrganization, user: MadeUser) {
  await t.database.db.execute(sql`UPDATE organizations SET owner_id = ${user.id} WHERE id = ${org.id}`);
  await t.database.db.execute(sql`UPDATE locations SET manager_id = ${user.id} WHERE organization_id = ${org.id}`);
}

/**
 * The tenants most tests need, shaped as the demo is (but named by the test): a platform
 * administrator; a reseller and its user; `garage`, the reseller's, with two locations, its
 * manager (every organization permission, both locations) and an inspector restricted to the
 * first location; `other`, a direct customer of the platform with one location and its manager.
 */
export interface World {
  admin: MadeUser;
  reseller: MadeReseller;
  garage: MadeOrganization & { montreal: string; laval: string };
  manager: MadeUser;
  inspector: MadeUser;
  other: MadeOrganization & { quebec: string };
  manager2: MadeUser;
}

export async function makeWorld(t: TestApp, { name = `Garage ${unique()}` }: { name?: string } = {}): Promise<World> {
  // E-mails sort as admin < inspector < manager < manager2 < reseller in any collation.
  const tag = unique();
  const email = (who: string) => `${who}-${tag}@factory.test`;
  const admin = await makePlatformAdmin(t, { email: email('admin'), firstname: 'Alice', lastname: 'Administratrice' });
  const reseller = await makeReseller(t, { person: { email: email('reseller'), firstname: 'Rémi', lastname: 'Revendeur' } });
  const g = await makeOrganization(t, { name, reseller_id: reseller.id, locations: [`${name} Montréal`, `${name} Laval`] });
  const garage = { ...g, montreal: g.locations[`${name} Montréal`], laval: g.locations[`${name} Laval`] };
  const manager = await makeUser(t, garage.id, { email: email('manager'), firstname: 'Marie', lastname: 'Gagnon', location_ids: [garage.montreal, garage.laval] });
  const inspector = await makeUser(t, garage.id, {
    role: 'inspector',
    email: email('inspector'),
    firstname: 'Ivan',
    lastname: 'Tremblay',
    restrict_to_locations: true,
    location_ids: [garage.montreal],
  });
  await owns(t, garage, manager);
  const o = await makeOrganization(t, { name: `Autos ${unique()}`, locations: ['Québec'] });
  const other = { ...o, quebec: o.locations['Québec'] };
  const manager2 = await makeUser(t, other.id, { email: email('manager2'), firstname: 'Marc', lastname: 'Rivière' });
  await owns(t, other, manager2);
  return { admin, reseller, garage, manager, inspector, other, manager2 };
}

export interface MadeRecord {
  id: string;
  attributes: Record<string, any>;
}

/** POST /{type} as the token's user; the record it answers (any status but 201 throws). */
export async function makeRecord(t: TestApp, token: string, type: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>): Promise<MadeRecord> {
  const res = await t.api('POST', `/api/v1/${type}`, { token, body: { data: { type, attributes, ...(relationships ? { relationships } : {}) } } });
  if (res.status !== 201) throw new Error(`make ${type}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, attributes: res.body.data.attributes };
}
const make = makeRecord;

const toMany = (type: string, ids: string[]) => ({ data: ids.map((id) => ({ type, id })) });

/** A vehicle of the user's organization; `locations`: the ids of the locations it belongs to. */
export const makeVehicle = (t: TestApp, token: string, attributes: Record<string, unknown> = {}, { locations }: { locations?: string[] } = {}) =>
  make(t, token, 'vehicles', { vin: '1HGCM82633A004352', ...attributes }, locations ? { allowedLocations: toMany('locations', locations) } : undefined);

/** A customer (an individual unless `type` says otherwise) of the user's organization. */
export const makeCustomer = (t: TestApp, token: string, attributes: Record<string, unknown> = {}, relationships?: Record<string, unknown>) =>
  make(t, token, 'customers', { type: 'individual', firstname: 'Client', lastname: `Test ${unique()}`, ...attributes }, relationships);

/** A tag of the user's organization. */
export const makeTag = (t: TestApp, token: string, attributes: Record<string, unknown> = {}) =>
  make(t, token, 'tags', { name: `Étiquette ${unique()}`, color: 'blue', ...attributes });

/** A contact of the user's organization; `relationships` names its customer or supplier. */
export const makeContact = (t: TestApp, token: string, attributes: Record<string, unknown> = {}, relationships?: Record<string, unknown>) =>
  make(t, token, 'contacts', { firstname: 'Contact', lastname: `Test ${unique()}`, ...attributes }, relationships);

/** A supplier of the user's organization with its products (`products`: their attributes, in order). */
export const makeSupplier = (
  t: TestApp,
  token: string,
  attributes: Record<string, unknown> = {},
  { products = [], locations }: { products?: Record<string, unknown>[]; locations?: string[] } = {},
) =>
  make(t, token, 'suppliers', { company_name: `Fournisseur ${unique()}`, ...attributes }, {
    supplierProducts: lines('supplier-products', products),
    ...(locations ? { allowedLocations: toMany('locations', locations) } : {}),
  });

/** A to-one linkage, for relationships. */
export const toOne = (type: string, id: string) => ({ data: { type, id } });

/** A request (an inspection unless `type` says otherwise) of the user's organization. */
export const makeRequest = (t: TestApp, token: string, attributes: Record<string, unknown> = {}, relationships?: Record<string, unknown>) =>
  make(t, token, 'requests', { type: 'inspection', vehicle_vin: '1HGCM82633A004352', ...attributes }, relationships);

/** An inspection of the form on a new vehicle, started (any status but 201 and 200 throws): its id. */
export async function makeStartedInspection(t: TestApp, token: string, formId: string): Promise<string> {
  const vehicle = await makeVehicle(t, token, { vin: nextVin() });
  const { id } = await make(t, token, 'inspections', {}, { inspectionForm: toOne('inspection-forms', formId), vehicle: toOne('vehicles', vehicle.id) });
  const res = await t.api('POST', `/api/v1/inspections/${id}/start`, { token });
  if (res.status !== 200) throw new Error(`start inspection: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

/** A field as makeInspectionForm takes it: its attributes (a CHECK worth 5 points unless said otherwise). */
export type FieldSpec = { name: string } & Record<string, unknown>;
export interface FormSpec {
  name?: string;
  sections?: { name: string; name_en?: string; subSections: { name: string; name_en?: string; fields: FieldSpec[] }[] }[];
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
  for (const section of sections) {
    const s = await make(t, token, 'inspection-form-sections', { name: section.name, name_en: section.name_en ?? null }, { inspectionForm: toOne('inspection-forms', form.id) });
    ids[section.name] = s.id;
    for (const sub of section.subSections) {
      const b = await make(t, token, 'inspection-form-sections', { name: sub.name, name_en: sub.name_en ?? null }, {
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
