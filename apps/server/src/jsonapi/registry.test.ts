import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { attr, declare, rel as declaredRel } from '@atelier/domain';
import { buildRegistry } from '../app.ts';
import { AREAS } from '../areas/index.ts';
import { tenancy } from '../access/tenancy.ts';
import { defineResource } from './define-resource.ts';
import { Registry } from './registry.ts';
import { rel, type Storage } from './relationships.ts';

// The start-up check that every declared attribute and relationship has its column.

const owners = pgTable('test_owners', { id: uuid('id').primaryKey(), organization_id: uuid('organization_id'), name: text('name') });
const things = pgTable('test_things', {
  id: uuid('id').primaryKey(),
  organization_id: uuid('organization_id'),
  name: text('name'),
  owner_id: uuid('owner_id'),
  owner_ids: uuid('owner_ids').array(),
});
const thingOwners = pgTable('test_thing_owners', { thing_id: uuid('thing_id'), owner_id: uuid('owner_id') });

const ownersResource = defineResource(declare('test-owners', { attributes: { name: attr.string() } }), {
  table: owners,
  permissions: 'users',
  tenancy: tenancy.organization(),
});

/** A type of things whose name and relationships are stored where told (by default, in columns that exist). */
function thingsWith(storage: { nameColumn?: string; owner?: Storage; coOwners?: Storage; sharedWith?: Storage } = {}) {
  return defineResource(
    declare('test-things', {
      attributes: { name: attr.string(), summary: attr.string().isReadOnly() },
      relationships: { owner: declaredRel.toOne('test-owners'), coOwners: declaredRel.toMany('test-owners'), sharedWith: declaredRel.toMany('test-owners') },
    }),
    {
      table: things,
      permissions: 'users',
      tenancy: tenancy.organization(),
      attributes: {
        name: (a) => (storage.nameColumn ? a.from(storage.nameColumn) : a),
        // Computed for reads: no column.
        summary: (a) => a.isVirtual((row) => `${row.name}`),
      },
      relationships: {
        owner: storage.owner ?? rel.belongsTo('owner_id'),
        coOwners: storage.coOwners ?? rel.idArray('owner_ids'),
        sharedWith: storage.sharedWith ?? rel.manyToMany(thingOwners, 'thing_id', 'owner_id'),
      },
    },
  );
}

const check = (...defs: ReturnType<typeof thingsWith>[]) => () => {
  const registry = new Registry();
  for (const def of [ownersResource, ...defs]) registry.add(def);
  registry.check();
};

describe('the registry refuses to start with a declaration its table does not store', () => {
  it('accepts every column present (a virtual attribute needs none), and every area of the app', () => {
    expect(check(thingsWith())).not.toThrow();
    expect(() => buildRegistry(AREAS)).not.toThrow();
  });

  it('names the type and the attribute whose column is missing', () => {
    expect(check(thingsWith({ nameColumn: 'title' }))).toThrow('Declared but not stored: test-things.name has no column title in test_things');
  });

  it('names a to-one, an id list and a join table whose column is missing', () => {
    expect(check(thingsWith({ owner: rel.belongsTo('ownerid') }))).toThrow('test-things.owner has no column ownerid in test_things');
    expect(check(thingsWith({ coOwners: rel.idArray('co_owner_ids') }))).toThrow('test-things.coOwners has no column co_owner_ids in test_things');
    expect(check(thingsWith({ sharedWith: rel.manyToMany(thingOwners, 'thing_id', 'user_id') }))).toThrow('test-things.sharedWith has no column user_id in test_thing_owners');
  });

  it('names a has-many whose foreign key the related table does not have', () => {
    const withThings = defineResource(declare('test-owners', { attributes: { name: attr.string() }, relationships: { things: declaredRel.toMany('test-things', { readOnly: true }) } }), {
      table: owners,
      permissions: 'users',
      tenancy: tenancy.organization(),
      relationships: { things: rel.hasMany('holder_id') },
    });
    const registry = new Registry();
    registry.add(withThings);
    registry.add(thingsWith());
    expect(() => registry.check()).toThrow('test-owners.things has no column holder_id in test_things');
  });
});
