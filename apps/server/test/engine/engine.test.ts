import { getTableColumns, sql, TransactionRollbackError } from 'drizzle-orm';
import { boolean, date, integer, numeric, text, uuid } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { attr as declared, declare, rel as declaredRel } from '@atelier/domain';
import { tenancy } from '../../src/access/tenancy.ts';
import { placedColumns } from '../../src/db/columns.ts';
import { tenantTable, users } from '../../src/areas/admin/admin.table.ts';
import { rowsOf } from '../../src/db/client.ts';
import { defineResource } from '../../src/jsonapi/define-resource.ts';
import { defineArea } from '../../src/areas/area.ts';
import { AREAS } from '../../src/areas/index.ts';
import { buildRegistry } from '../../src/app.ts';
import { ApiError } from '../../src/jsonapi/errors.ts';
import { column, filter } from '../../src/jsonapi/filters.ts';
import { partRef, selectParts, selectRows } from '../../src/jsonapi/select.ts';
import { rel } from '../../src/jsonapi/relationships.ts';
import { errorsByPointer, beforeTests, fileApp, statementsOf } from '../helpers.ts';
import { makeWorld } from '../factories.ts';

// A resource that exists only in this test, so the engine's behaviour is proven once for every
// type declared with it. It borrows the 'tags' permissions an organization's administrator holds.
const widgets = tenantTable('test_widgets', {
  name: text('name').notNull(),
  quantity: integer('quantity'),
  price: numeric('price'),
  email: text('email'),
  status: text('status').notNull().default('draft'),
  active: boolean('active').notNull().default(true),
  due_on: date('due_on'),
  owner_id: uuid('owner_id'),
  ...placedColumns(),
});

/** The owners each locked read of a widget handed to its lockedWith, in order. */
const lockedOwners: string[][] = [];

// An area of its own, given to this file's app beside the real ones.
const widgetsArea = defineArea({
  name: 'test',
  resources: [
    defineResource(
      declare('test-widgets', {
        attributes: {
          name: declared.string().isRequired().max(20),
          quantity: declared.integer().min(0),
          price: declared.decimal(),
          email: declared.email(),
          status: declared.enum(['draft', 'active', 'archived']).notNull(),
          active: declared.boolean(),
          due_on: declared.date(),
          label: declared.string().isReadOnly(),
          created_at: declared.datetime().isReadOnly(),
        },
        relationships: {
          organization: declaredRel.toOne('organizations', { createOnly: true }),
          owner: declaredRel.toOne('users'),
          allowedLocations: declaredRel.toMany('locations'),
          tags: declaredRel.toMany('tags'),
        },
        filters: ['status', 'search', 'active'],
        sorts: ['name', 'quantity', 'created_at'],
        defaultSort: 'name',
      }),
      {
      table: widgets,
      permissions: 'tags',
      tenancy: tenancy.organization(),
      attributes: { label: (a) => a.isVirtual((r) => `${r.name} (${r.quantity ?? 0})`) },
      relationships: {
        organization: rel.belongsTo('organization_id'),
        owner: rel.belongsTo('owner_id'),
        allowedLocations: rel.idArray('location_ids'),
        tags: rel.idArray('tag_ids'),
      },
      filters: { status: filter.in('status'), search: filter.search(['name', 'email']), active: filter.boolean('active') },
      // Its writes lock its owner with it (the inspector's answer locks its inspection so): the
      // owners each locked read handed over, to the test below.
      lockedWith: {
        part: () => ({
          table: users,
          fragments: [],
          build: () => ({ table: users, where: sql`${users.id} IN (SELECT owner_id FROM ${partRef(0)})`, tail: sql`for update` }),
        }),
        locked: (_ctx, rows) => void lockedOwners.push(rows.map((r) => r.id)),
      },
      hooks: {
        afterWrite(_ctx, row) {
          // Lets a test prove that a failure after the insert leaves nothing behind.
          if (row.name === 'boom') throw new ApiError(409, 'error.conflict');
          // Lets a test prove that the writes a hook answers are made on every path: a tally of them.
          if (row.name.startsWith('Along')) return [sql`UPDATE test_widgets SET quantity = quantity + 1 WHERE name = 'Tally' AND organization_id = ${row.organization_id}`];
        },
      },
      actions: {
        archive: {
          permission: 'edit tags',
          async handler(ctx, row) {
            await ctx.db.update(widgets).set({ status: 'archived' }).where(sql`id = ${row!.id}`);
            return { log: { status: 'archived' } };
          },
        },
        summary: {
          method: 'GET',
          collection: true,
          permission: 'view any tags',
          async handler(ctx) {
            const [r] = rowsOf<{ n: number }>(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM test_widgets`));
            return { body: { meta: { count: r.n } } };
          },
        },
      },
      addData: {
        totals: async (_ctx, rows) => ({ quantity: rows.reduce((s, r) => s + Number(r.quantity ?? 0), 0) }),
      },
      },
    ),
  ],
});
const areas = [...AREAS, widgetsArea];

const t = fileApp({}, { areas });

const W = '/api/v1/test-widgets';
const doc = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>, id?: string) => ({
  data: { type: 'test-widgets', ...(id ? { id } : {}), attributes, ...(relationships ? { relationships } : {}) },
});

beforeAll(async () => {
  await t.database.db.execute(
    sql.raw(`CREATE TABLE test_widgets (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL REFERENCES organizations(id), name text NOT NULL,
      quantity integer, price numeric, email text, status text NOT NULL DEFAULT 'draft', active boolean NOT NULL DEFAULT true,
      due_on date, owner_id uuid REFERENCES users(id), location_ids uuid[] NOT NULL DEFAULT '{}', tag_ids uuid[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`),
  );
});
/** The garage and the other organization; five widgets of the garage's manager. */
const w = beforeTests(async () => {
  const world = await makeWorld(t);
  for (const [name, quantity, status] of [
    ['Alpha', 5, 'draft'],
    ['Bravo', 12, 'active'],
    ['Charlie', 1, 'active'],
    ['Delta', 30, 'archived'],
    ['Echo', 7, 'draft'],
  ] as const) {
    const res = await t.api('POST', W, {
      token: world.manager.token,
      body: doc({ name, quantity, status }, { owner: { data: { type: 'users', id: world.manager.id } } }),
    });
    expect(res.status).toBe(201);
  }
  return world;
});

describe('list', () => {
  it('pages with meta.page.total and the default sort', async () => {
    const res = await t.api('GET', `${W}?page[size]=2&page[number]=2`, { token: w.manager.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.api+json');
    expect(res.body.meta.page).toMatchObject({ total: 5, number: 2, size: 2, last: 3 });
    expect(res.body.data.map((d: any) => d.attributes.name)).toEqual(['Charlie', 'Delta']);
  });

  it('gives the total past the last page too', async () => {
    const res = await t.api('GET', `${W}?page[number]=9`, { token: w.manager.token });
    expect(res.body.data).toEqual([]);
    expect(res.body.meta.page.total).toBe(5);
  });

  it('reads a page and its total in one statement (a signed-in session comes from memory)', async () => {
    const url = `${W}?page[size]=2&filter[search]=a`;
    await t.api('GET', url, { token: w.manager.token });
    expect(await statementsOf(() => t.api('GET', url, { token: w.manager.token }))).toBe(1);
    const res = await t.api('GET', url, { token: w.manager.token });
    expect(res.body.data).toHaveLength(2);
    expect(res.body.meta.page.total).toBeGreaterThan(2);
  });

  it('sorts on declared fields, descending with a minus', async () => {
    const res = await t.api('GET', `${W}?sort=-quantity`, { token: w.manager.token });
    expect(res.body.data.map((d: any) => d.attributes.quantity)).toEqual([30, 12, 7, 5, 1]);
  });

  it('refuses an undeclared sort, filter, include or bad page with 400', async () => {
    for (const [url, param] of [
      [`${W}?sort=password`, 'sort'],
      [`${W}?filter[nope]=1`, 'filter[nope]'],
      [`${W}?include=secrets`, 'include'],
      [`${W}?include=owner.roles.permissions.x`, 'include'],
      [`${W}?page[number]=0`, 'page[number]'],
      [`${W}?page[size]=abc`, 'page[size]'],
      [`${W}?filter[with_ids]=not-a-uuid`, 'filter[with_ids]'],
      [`${W}?fields[nope]=name`, 'fields[nope]'],
    ]) {
      const res = await t.api('GET', url, { token: w.manager.token });
      expect(res.status, url).toBe(400);
      expect(res.body.errors[0].source, url).toEqual({ parameter: param });
      expect(res.body.errors[0].detail, url).toBeTruthy();
    }
  });

  it('caps the page size instead of serving a huge page', async () => {
    const res = await t.api('GET', `${W}?page[size]=999999`, { token: w.manager.token });
    expect(res.status).toBe(200);
    // meta.page says the size was capped, and at what (issue 28 §7).
    expect(res.body.meta.page).toMatchObject({ size: 100, max_size: 100 });
    const small = await t.api('GET', `${W}?page[size]=100`, { token: w.manager.token });
    expect(small.body.meta.page.max_size).toBeUndefined();
  });

  it('filters by declared filters, search and with_ids', async () => {
    const active = await t.api('GET', `${W}?filter[status]=active,archived`, { token: w.manager.token });
    expect(active.body.data.map((d: any) => d.attributes.name)).toEqual(['Bravo', 'Charlie', 'Delta']);
    const search = await t.api('GET', `${W}?filter[search]=ha`, { token: w.manager.token });
    expect(search.body.data.map((d: any) => d.attributes.name)).toEqual(['Alpha', 'Charlie']);
    const withIds = await t.api('GET', `${W}?filter[with_ids]=${active.body.data[0].id}`, { token: w.manager.token });
    expect(withIds.body.meta.page.total).toBe(1);
    const wildcard = await t.api('GET', `${W}?filter[search]=%25`, { token: w.manager.token });
    expect(wildcard.body.meta.page.total).toBe(0);
  });

  it('serves requests of a new statement arriving together (one of them prepares it)', async () => {
    const url = `${W}?filter[status]=draft,active&filter[active]=true&sort=-quantity&page[size]=3`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.api('GET', url, { token: w.manager.token })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data.map((d: any) => d.id)))).size).toBe(1);
  });

  it('reads values with quotes and backslashes as values (prepared reads pass them as literals on PGlite)', async () => {
    const name = `L'Atelier \\ d'O'Neil`;
    const created = await t.api('POST', W, { token: w.manager.token, body: doc({ name: name.slice(0, 20) }) });
    expect(created.status).toBe(201);
    try {
      for (const term of ["L'Atelier \\", "d'O'", "'; DROP TABLE test_widgets; --"]) {
        const url = `${W}?filter[search]=${encodeURIComponent(term)}`;
        // Four times: a statement is prepared on its third run, and executed prepared after.
        for (const _ of [1, 2, 3, 4]) {
          const res = await t.api('GET', url, { token: w.manager.token });
          expect(res.status, term).toBe(200);
          expect(res.body.data.map((d: any) => d.attributes.name), term).toEqual(term.startsWith("'") ? [] : [name.slice(0, 20)]);
        }
      }
    } finally {
      await t.api('DELETE', `${W}/${created.body.data.id}`, { token: w.manager.token });
    }
  });

  it('narrows with filter[organization] but never widens', async () => {
    const own = await t.api('GET', `${W}?filter[organization]=${w.garage.id}`, { token: w.manager.token });
    expect(own.body.meta.page.total).toBe(5);
    const other = await t.api('GET', `${W}?filter[organization]=${w.other.id}`, { token: w.manager.token });
    expect(other.body.meta.page.total).toBe(0);
  });

  it('narrows to the selected locations, keeping organization-wide records', async () => {
    const laval = w.garage.laval;
    const montreal = w.garage.montreal;
    const created = await t.api('POST', W, {
      token: w.manager.token,
      body: doc({ name: 'Lavalois' }, { allowedLocations: { data: [{ type: 'locations', id: laval }] } }),
    });
    const inMontreal = await t.api('GET', `${W}?filter[allowedLocations]=${montreal}&page[size]=100`, { token: w.manager.token });
    const names = inMontreal.body.data.map((d: any) => d.attributes.name);
    expect(names).toContain('Alpha'); // organization-wide
    expect(names).not.toContain('Lavalois');
    const inLaval = await t.api('GET', `${W}?filter[allowedLocations]=${montreal},${laval}&page[size]=100`, { token: w.manager.token });
    expect(inLaval.body.data.map((d: any) => d.attributes.name)).toContain('Lavalois');
    await t.api('DELETE', `${W}/${created.body.data.id}`, { token: w.manager.token });
  });

  it('serialises only the requested sparse fieldsets', async () => {
    const res = await t.api('GET', `${W}?fields[test-widgets]=name,owner&include=owner&fields[users]=email`, { token: w.manager.token });
    expect(Object.keys(res.body.data[0].attributes)).toEqual(['name']);
    expect(Object.keys(res.body.data[0].relationships)).toEqual(['owner']);
    expect(Object.keys(res.body.included[0].attributes)).toEqual(['email']);
  });

  it('includes nested relations once each, with linkage', async () => {
    const res = await t.api('GET', `${W}?include=owner,owner.roles,organization`, { token: w.manager.token });
    const included = res.body.included as { type: string; id: string }[];
    const keys = included.map((i) => `${i.type}:${i.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(included.filter((i) => i.type === 'users')).toHaveLength(1);
    expect(included.some((i) => i.type === 'roles')).toBe(true);
    const owner = included.find((i) => i.type === 'users') as any;
    expect(owner.relationships.roles.data[0].type).toBe('roles');
    expect(res.body.data[0].relationships.organization.data).toEqual({ type: 'organizations', id: w.garage.id });
  });

  it('loads includes in batches: the number of queries does not grow with the page', async () => {
    const queriesFor = async (size: number) => {
      const url = `${W}?page[size]=${size}&include=owner,owner.roles,owner.roles.permissions,organization,allowedLocations,tags`;
      await t.api('GET', url, { token: w.manager.token });
      const res = await t.api('GET', url, { token: w.manager.token });
      expect(res.body.data).toHaveLength(Math.min(size, res.body.meta.page.total));
      return statementsOf(() => t.api('GET', url, { token: w.manager.token }));
    };
    // The page, its total and six relationships over three levels: one statement, whatever the page size.
    expect(await queriesFor(1)).toBe(1);
    expect(await queriesFor(5)).toBe(1);
  });

  it('reads a record and its includes in one statement too', async () => {
    const [first] = (await t.api('GET', W, { token: w.manager.token })).body.data;
    const url = `${W}/${first.id}?include=owner.roles.permissions,organization,allowedLocations,tags`;
    expect(await statementsOf(() => t.api('GET', url, { token: w.manager.token }))).toBe(1);
    const res = await t.api('GET', url, { token: w.manager.token });
    expect(res.body.data.id).toBe(first.id);
    const types = new Set(res.body.included.map((i: any) => i.type));
    expect([...types].sort()).toEqual(['organizations', 'permissions', 'roles', 'users']);
  });

  it('computes virtual attributes and add_data meta', async () => {
    const res = await t.api('GET', `${W}?add_data=totals`, { token: w.manager.token });
    expect(res.body.data[0].attributes.label).toBe('Alpha (5)');
    expect(res.body.meta.totals).toEqual({ quantity: 55 });
    expect((await t.api('GET', `${W}?add_data=nope`, { token: w.manager.token })).status).toBe(400);
  });
});

describe('composed reads', () => {
  // A list and its includes come as JSON from one statement (selectParts); their rows must be
  // exactly what a plain select gives, for every column of every type, in any session time zone.
  it('decode every column of every type as a plain select does', async () => {
    const seen = new Set<string>();
    for (const zone of ['UTC', 'America/Montreal', 'Asia/Kolkata'])
      await t.database.db.transaction(async (db) => {
        await db.execute(sql.raw(`SET LOCAL TimeZone = '${zone}'`));
        // A numeric whose text JSON would not keep ("12.50") and a date, rolled back with the transaction.
        await db.execute(sql`update test_widgets set price = 12.50, due_on = '2026-12-01' where name = 'Alpha'`);
        for (const def of buildRegistry(areas).values()) {
          const id = column(def.table, 'id');
          const plain = await selectRows(db as never, def.table, undefined, { tail: sql`order by ${id} limit 50` });
          const { sets } = await selectParts(db as never, [{ table: def.table, order: sql`${id}`, limit: 50 }]);
          expect(sets[0], `${def.type} in ${zone}`).toEqual(plain);
          const columns = getTableColumns(def.table);
          for (const row of plain) for (const [k, v] of Object.entries(row)) if (v !== null) seen.add(columns[k].columnType);
        }
        db.rollback();
      }).catch((err) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    // Worth what the rows hold: a value of every kind of column the schema uses.
    expect([...seen]).toEqual(
      expect.arrayContaining(['PgUUID', 'PgText', 'PgInteger', 'PgBoolean', 'PgNumeric', 'PgDateString', 'PgTimestampString', 'PgJsonb', 'PgArray']),
    );
  });
});

describe('create', () => {
  it('answers 201 with a Location header and stamps the organization', async () => {
    const res = await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'Foxtrot', price: '12,50', due_on: '2026-12-01' }) });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/test-widgets/${res.body.data.id}`);
    expect(res.body.data.attributes).toMatchObject({ name: 'Foxtrot', price: '12.50', due_on: '2026-12-01', status: 'draft' });
    expect(res.body.data.relationships.organization.data.id).toBe(w.garage.id);
    expect(res.body.data.attributes.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('collects every field error with pointers, in French by default', async () => {
    const res = await t.api('POST', W, { token: w.manager.token, body: doc({ quantity: 'douze', email: 'pas-un-courriel', status: 'x' }) });
    expect(res.status).toBe(422);
    const byPointer = errorsByPointer(res, 'detail');
    expect(byPointer).toEqual({
      '/data/attributes/quantity': 'Le champ ne peut contenir que des chiffres',
      '/data/attributes/email': 'Le champ doit contenir un email valide',
      '/data/attributes/status': 'La valeur doit être l’une de : draft, active, archived',
      '/data/attributes/name': 'Ce champ est obligatoire',
    });
    expect(res.body.errors[0]).toMatchObject({ status: '422', title: 'Données invalides' });
  });

  it('speaks English when asked', async () => {
    const res = await t.api('POST', W, { token: w.manager.token, body: doc({ name: '' }), headers: { 'accept-language': 'en-CA,en;q=0.9' } });
    expect(res.body.errors[0].detail).toBe('This field is required');
  });

  it('checks lengths, minimums and unknown attributes', async () => {
    const res = await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'x'.repeat(21), quantity: -1, colour: 'red' }) });
    const details = res.body.errors.map((e: any) => `${e.source.pointer} ${e.detail}`);
    expect(details).toContain('/data/attributes/name Le champ ne peut pas dépasser 20 caractères');
    expect(details).toContain('/data/attributes/quantity La valeur doit être au moins 0');
    expect(details).toContain('/data/attributes/colour Le champ colour n’existe pas');
  });

  it('refuses relationships to records the user cannot see', async () => {
    const stranger = w.manager2.id;
    const res = await t.api('POST', W, {
      token: w.manager.token,
      body: doc({ name: 'Golf' }, { owner: { data: { type: 'users', id: stranger } } }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ source: { pointer: '/data/relationships/owner' }, code: 'validation.relationship_not_found' });
    // An id of the wrong shape is not a record that may exist elsewhere: it is no id, in French and English.
    for (const [locale, detail] of [['fr', 'Cet identifiant n’est pas valide'], ['en', 'This is not a valid identifier']]) {
      const malformed = await t.api('POST', W, { token: w.manager.token, headers: { 'accept-language': locale }, body: doc({ name: 'Golf' }, { owner: { data: { type: 'users', id: 'x' } } }) });
      expect(malformed.status).toBe(422);
      expect(malformed.body.errors[0]).toMatchObject({ source: { pointer: '/data/relationships/owner' }, code: 'validation.uuid', detail });
    }
    const wrongType = await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'Golf' }, { owner: { data: { type: 'roles', id: stranger } } }) });
    expect(wrongType.body.errors[0].code).toBe('validation.relationship_type');
    const otherLocation = await t.api('POST', W, {
      token: w.manager.token,
      body: doc({ name: 'Golf' }, { allowedLocations: { data: [{ type: 'locations', id: w.other.quebec }] } }),
    });
    expect(otherLocation.status).toBe(422);
  });

  it('refuses a wrong type with 409 and a missing data object with 400', async () => {
    expect((await t.api('POST', W, { token: w.manager.token, body: { data: { type: 'users', attributes: { name: 'x' } } } })).status).toBe(409);
    expect((await t.api('POST', W, { token: w.manager.token, body: { name: 'x' } })).status).toBe(400);
    const badJson = await t.api('POST', W, { token: w.manager.token, body: '{"data":' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.errors[0].code).toBe('error.invalid_json');
  });

  it('rolls the whole request back when it fails after the insert', async () => {
    const res = await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'boom' }) });
    expect(res.status).toBe(409);
    const [r] = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM test_widgets WHERE name = 'boom'`));
    expect(r.n).toBe(0);
    const [l] = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM logs WHERE subject_type = 'test-widgets' AND properties::text LIKE '%boom%'`));
    expect(l.n).toBe(0);
  });
});

describe('rows a type locks with the record (lockedWith)', () => {
  it('are read and locked with it in the engine’s one locked read, and handed over before the write; a record out of sight is a 404', async () => {
    const owned = (await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'Owned' }, { owner: { data: { type: 'users', id: w.manager.id } } }) })).body.data.id as string;
    const alone = (await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'Alone' }) })).body.data.id as string;
    lockedOwners.length = 0;
    const ownedStatements = await statementsOf(async (attempt) => {
      expect((await t.api('PATCH', `${W}/${owned}`, { token: w.manager.token, body: doc({ quantity: attempt }, undefined, owned) })).status).toBe(200);
    });
    expect(lockedOwners).toEqual([[w.manager.id], [w.manager.id], [w.manager.id]]);
    lockedOwners.length = 0;
    const aloneStatements = await statementsOf(async (attempt) => {
      expect((await t.api('PATCH', `${W}/${alone}`, { token: w.manager.token, body: doc({ quantity: attempt }, undefined, alone) })).status).toBe(200);
    });
    expect(lockedOwners).toEqual([[], [], []]);
    // The owner costs no statement of its own.
    expect(ownedStatements).toBe(aloneStatements);
    lockedOwners.length = 0;
    expect((await t.api('PATCH', `${W}/${owned}`, { token: w.manager2.token, body: doc({ quantity: 9 }, undefined, owned) })).status).toBe(404);
    expect((await t.api('DELETE', `${W}/${owned}`, { token: w.manager2.token })).status).toBe(404);
    expect(lockedOwners).toEqual([]);
    expect((await t.api('DELETE', `${W}/${owned}`, { token: w.manager.token })).status).toBe(204);
    expect(lockedOwners).toEqual([[w.manager.id]]);
  });
});

describe('writes answered by an afterWrite hook', () => {
  it('are made on create, on an update with its log entry (one statement) and on an update that changes nothing', async () => {
    const tally = async () => rowsOf<{ quantity: number }>(await t.database.db.execute(sql`SELECT quantity FROM test_widgets WHERE name = 'Tally'`))[0].quantity;
    expect((await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'Tally', quantity: 0 }) })).status).toBe(201);
    const made = await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'Along' }) });
    expect(made.status).toBe(201);
    expect(await tally()).toBe(1);
    const id = made.body.data.id as string;
    const statements = await statementsOf(async (attempt) => {
      const res = await t.api('PATCH', `${W}/${id}`, { token: w.manager.token, body: doc({ name: `Along ${attempt}` }, undefined, id) });
      expect(res.status).toBe(200);
    });
    expect(await tally()).toBe(4);
    const entries = rowsOf<{ properties: { attributes: { name: string } } }>(
      await t.database.db.execute(sql`SELECT properties FROM logs WHERE subject_type = 'test-widgets' AND subject_id = ${id} AND event = 'updated' ORDER BY created_at`),
    );
    expect(entries.map((e) => e.properties.attributes.name)).toEqual(['Along 0', 'Along 1', 'Along 2']);
    // Nothing changed: no log entry, the hook's writes still made.
    expect((await t.api('PATCH', `${W}/${id}`, { token: w.manager.token, body: doc({ name: 'Along 2' }, undefined, id) })).status).toBe(200);
    expect(await tally()).toBe(5);
    // The hook's write goes in the statement of the log entry: as many statements as a plain update's.
    const plain = (await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'Plain' }) })).body.data.id as string;
    const plainStatements = await statementsOf(async (attempt) => {
      expect((await t.api('PATCH', `${W}/${plain}`, { token: w.manager.token, body: doc({ name: `Plain ${attempt}` }, undefined, plain) })).status).toBe(200);
    });
    expect(statements).toBe(plainStatements);
  });
});

describe('content negotiation', () => {
  it('answers 415 for other body types and JSON:API media type parameters', async () => {
    const body = JSON.stringify(doc({ name: 'Hotel' }));
    expect((await t.api('POST', W, { token: w.manager.token, body, headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    const withParam = await t.api('POST', W, { token: w.manager.token, body, headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' } });
    expect(withParam.status).toBe(415);
    expect(withParam.body.errors[0].status).toBe('415');
  });

  it('answers 406 when the client accepts nothing we speak', async () => {
    expect((await t.api('GET', W, { token: w.manager.token, headers: { accept: 'text/html' } })).status).toBe(406);
    expect((await t.api('GET', W, { token: w.manager.token, headers: { accept: 'application/vnd.api+json; foo=bar' } })).status).toBe(406);
    expect((await t.api('GET', W, { token: w.manager.token, headers: { accept: 'text/html, */*;q=0.1' } })).status).toBe(200);
  });

  it('answers unknown API paths with a JSON:API 404', async () => {
    const res = await t.api('GET', '/api/v1/nothing-here', { token: w.manager.token });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].detail).toBe("La ressource n'existe pas.");
  });
});

describe('update, delete, actions and the activity log', () => {
  it('updates part of a record, ignores read-only values, logs the change', async () => {
    const created = await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'India', quantity: 3 }) });
    const id = created.body.data.id;
    const res = await t.api('PATCH', `${W}/${id}`, { token: w.manager.token, body: doc({ quantity: 4, label: 'ignored', created_at: '2000-01-01' }, undefined, id) });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ name: 'India', quantity: 4, label: 'India (4)' });
    const logs = await t.api('GET', `/api/v1/logs?filter[subject_id]=${id}&sort=created_at`, { token: w.manager.token });
    expect(logs.body.data.map((l: any) => l.attributes.event)).toEqual(['created', 'updated']);
    expect(logs.body.data[1].attributes.properties).toEqual({ old: { quantity: 3 }, attributes: { quantity: 4 } });
    expect(logs.body.data[1].relationships.causer.data.id).toBe(w.manager.id);
  });

  it('refuses an id that does not match the URL, and empties of required fields', async () => {
    const created = await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'Juliett' }) });
    const id = created.body.data.id;
    expect((await t.api('PATCH', `${W}/${id}`, { token: w.manager.token, body: doc({ name: 'x' }, undefined, w.manager.id) })).status).toBe(409);
    const emptied = await t.api('PATCH', `${W}/${id}`, { token: w.manager.token, body: doc({ name: null }, undefined, id) });
    expect(emptied.status).toBe(422);
    expect(emptied.body.errors[0].source.pointer).toBe('/data/attributes/name');
  });

  it('deletes, then answers 404 with the id in the message', async () => {
    const created = await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'Kilo' }) });
    const id = created.body.data.id;
    expect((await t.api('DELETE', `${W}/${id}`, { token: w.manager.token })).status).toBe(204);
    const gone = await t.api('GET', `${W}/${id}`, { token: w.manager.token, headers: { 'accept-language': 'en' } });
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0].detail).toBe(`Resource ${id} does not exist or you have no right to access it.`);
    expect((await t.api('GET', `${W}/not-a-uuid`, { token: w.manager.token })).status).toBe(404);
  });

  it('runs record and collection actions and logs record actions', async () => {
    const created = await t.api('POST', W, { token: w.manager.token, body: doc({ name: 'Lima' }) });
    const id = created.body.data.id;
    const res = await t.api('POST', `${W}/${id}/archive?include=owner`, { token: w.manager.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.status).toBe('archived');
    const logs = await t.api('GET', `/api/v1/logs?filter[subject_id]=${id}&filter[event]=archive`, { token: w.manager.token });
    expect(logs.body.meta.page.total).toBe(1);
    const summary = await t.api('GET', `${W}/summary`, { token: w.manager.token });
    expect(summary.body.meta.count).toBeGreaterThan(5);
  });

  it('checks permissions per verb: 403 without them', async () => {
    const inspector = w.inspector.token;
    const list = await t.api('GET', W, { token: inspector });
    expect(list.status).toBe(403);
    expect(list.body.errors[0].detail).toBe("Vous n'avez pas la permission d'accéder à cette ressource ou d'effectuer cette action.");
    expect((await t.api('POST', W, { token: inspector, body: doc({ name: 'Mike' }) })).status).toBe(403);
  });
});
