import {
  declarations,
  type AnyAttribute,
  type Declarations,
  type Permission,
  type ReadAttributes,
  type RelationshipDeclaration,
  type TypeName,
  type ValueOf,
} from '@atelier/domain';
import { buildRegistry } from '../src/app.ts';
import { AREAS } from '../src/areas/index.ts';
import { makeLocation, makeOrganization, makeUser, nextVin, unique, type MadeOrganization, type MadeUser } from './factories.ts';
import type { TestApp } from './helpers.ts';

/**
 * The test kit: records made through the API from the types' declarations, in an organization of
 * the test's own, by users holding exactly the permissions the test gives them. No demo data:
 *
 *   const { make, act, user } = await createKit(t);
 *   const mechanic = await user({ permissions: ['view any repairs', 'view repairs', 'start repairs'], locations: ['Laval'] });
 *   const repair = await make('repairs');              // its vehicle and customer made too
 *   const started = await act('repairs', repair.id, 'start', mechanic);
 *
 * make() sends what the declaration requires (required attributes, required to-one records, made
 * in turn) and what a plausible record has besides (SENSIBLE); the test's values win.
 */

type AttributesOf<T extends TypeName> = Declarations[T]['attributes'];
type RelationshipsOf<T extends TypeName> = Declarations[T]['relationships'];

/** What a test may send of a type: any declared attribute (the server says which it takes). */
export type Attributes<T extends TypeName> = { [K in keyof AttributesOf<T>]?: ValueOf<AttributesOf<T>[K]> | null };

/** A record named by its id, or the record as make() answered it. */
export type Ref = string | { id: string };

/** Related records by relationship name: one (or null) for a to-one, a list for a to-many. */
export type Relationships<T extends TypeName> = {
  [K in keyof RelationshipsOf<T>]?: RelationshipsOf<T>[K] extends RelationshipDeclaration<string, true> ? Ref[] : Ref | null;
};

/** A record as POST answered it: its id and attributes, typed by its declaration. */
export interface Made<T extends TypeName> {
  id: string;
  attributes: ReadAttributes<AttributesOf<T>>;
}

/** A signed-in user of the kit's organization, and the locations (ids) they are restricted to (none: all). */
export interface KitUser extends MadeUser {
  locations: string[];
}

export interface Kit {
  organization: MadeOrganization;
  /** Holds every organization permission in every location: the default `as`, and the maker of the records a record needs. */
  admin: KitUser;
  /** A user holding exactly `permissions` (default: every organization permission), restricted to the named `locations` if any (made on first use). */
  user(opts?: { permissions?: readonly Permission[] | 'all'; locations?: string[]; firstname?: string; lastname?: string; email?: string }): Promise<KitUser>;
  /** The id of the organization's location of that name, made on first use. */
  location(name: string): Promise<string>;
  /** POST /{type} as `as` (default: admin); any answer but 201 throws with the server's errors. */
  make<T extends TypeName>(type: T, attributes?: Attributes<T>, relationships?: Relationships<T>, as?: KitUser): Promise<Made<T>>;
  /** A record action (POST /{type}/{id}/{action}, or GET where the action is one), as `as`: the API's answer. */
  act(type: TypeName, id: string, action: string, as: KitUser, body?: unknown): Promise<{ status: number; body: any }>;
}

/**
 * What a plausible record has beyond what its declaration requires: the hooks' own requirements
 * (a customer is a person or a company; a request names its vehicle) and the records work is done
 * on. Made only when the test does not name them.
 */
const SENSIBLE: { [T in TypeName]?: { attributes?: () => Attributes<T>; relationships?: (keyof RelationshipsOf<T>)[] } } = {
  customers: { attributes: () => ({ type: 'individual', firstname: 'Client', lastname: `Kit ${unique()}` }) },
  requests: { relationships: ['vehicle'] },
  inspections: { relationships: ['vehicle'] },
  estimations: { relationships: ['vehicle', 'customer'] },
  repairs: { relationships: ['vehicle', 'customer'] },
  // An add (the first type) needs its destination.
  'stock-movements': { relationships: ['destinationWarehouse'] },
  'inspection-form-notes': { attributes: () => ({ minimum_value: 0, maximum_value: 100 }) },
  'estimate-vehicle-allow-domains': { attributes: () => ({ domain: `kit-${unique()}.test` }) },
};

/** The app's types, for the actions' routes (the declarations do not say them). */
const registry = buildRegistry(AREAS);

/** A value of a required attribute the test left out, by its kind; within its limits. */
function valueFor(name: string, a: AnyAttribute): unknown {
  const min = a.limits.min;
  const text = (s: string) => (a.maxLength !== undefined ? s.slice(-a.maxLength) : s);
  switch (a.kind) {
    case 'email':
      return `kit-${unique()}@kit.test`;
    case 'vin':
      return nextVin();
    case 'phone':
      return '514 555-0100';
    case 'postal_code':
      return 'H2X 1Y4';
    case 'url':
      return 'https://kit.test/';
    case 'integer':
    case 'money':
      return min ?? 1;
    case 'decimal':
      return String(min ?? 1);
    case 'boolean':
      return false;
    case 'enum':
      return a.values?.[0];
    case 'date':
      return '2026-01-15';
    case 'datetime':
      return '2026-01-15T14:00:00.000Z';
    default:
      return text(`${name} ${unique()}`);
  }
}

const idOf = (ref: Ref) => (typeof ref === 'string' ? ref : ref.id);

/** A kit on a new organization of the app (with the default roles and options), and its administrator. */
export async function createKit(t: TestApp, { name }: { name?: string } = {}): Promise<Kit> {
  const organization = await makeOrganization(t, { name });
  const locations = new Map<string, string>();
  const location: Kit['location'] = async (locationName) => {
    if (!locations.has(locationName)) locations.set(locationName, await makeLocation(t, organization.id, { name: locationName }));
    return locations.get(locationName)!;
  };

  const user: Kit['user'] = async ({ permissions = 'all', locations: names = [], ...person } = {}) => {
    const ids = await Promise.all(names.map(location));
    const made = await makeUser(t, organization.id, { permissions, restrict_to_locations: ids.length > 0, location_ids: ids, ...person });
    return { ...made, locations: ids };
  };
  const admin = await user({ firstname: 'Kit', lastname: 'Admin' });

  const make: Kit['make'] = async (type, attributes = {}, relationships = {}, as = admin) => {
    const declaration = declarations[type];
    const sensible = SENSIBLE[type] as { attributes?: () => Record<string, unknown>; relationships?: string[] } | undefined;
    const values: Record<string, unknown> = { ...sensible?.attributes?.() };
    for (const [name, a] of Object.entries(declaration.attributes as Record<string, AnyAttribute>))
      if (a.required && !a.readOnly && values[name] === undefined && !(name in attributes)) values[name] = valueFor(name, a);
    Object.assign(values, attributes);

    const given = relationships as Record<string, Ref | Ref[] | null | undefined>;
    const linkages: Record<string, unknown> = {};
    for (const [name, rel] of Object.entries(declaration.relationships as Record<string, RelationshipDeclaration>)) {
      let value = given[name];
      if (value === undefined && !rel.many && (rel.required || sensible?.relationships?.includes(name)))
        // The records it needs are the administrator's, in the maker's locations.
        value = await make(rel.type as TypeName, {}, (as.locations.length ? { allowedLocations: as.locations } : {}) as Relationships<TypeName>, admin);
      if (value === undefined && name === 'allowedLocations' && as.locations.length && !rel.readOnly) value = as.locations;
      if (value === undefined) continue;
      linkages[name] = {
        data: Array.isArray(value) ? value.map((r) => ({ type: rel.type, id: idOf(r) })) : value === null ? null : { type: rel.type, id: idOf(value) },
      };
    }
    const res = await t.api('POST', `/api/v1/${type}`, { token: as.token, body: { data: { type, attributes: values, relationships: linkages } } });
    if (res.status !== 201) throw new Error(`kit: make ${type}: ${res.status} ${JSON.stringify(res.body?.errors ?? res.body)}`);
    return { id: res.body.data.id, attributes: res.body.data.attributes };
  };

  const act: Kit['act'] = async (type, id, name, as, body) => {
    const action = registry.resource(type).actions?.[name];
    if (!action || action.collection) throw new Error(`kit: ${type} has no record action ${name} (${Object.keys(registry.resource(type).actions ?? {}).join(', ')})`);
    const method = action.method ?? 'POST';
    const path = (action.path ?? `:id/${name}`).replace(':id', id);
    return t.api(method, `/api/v1/${type}/${path}`, { token: as.token, body: method === 'GET' ? undefined : (body ?? {}) });
  };

  return { organization, admin, user, location, make, act };
}
