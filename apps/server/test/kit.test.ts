import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { beforeTests, fileApp } from './helpers.ts';
import { createKit } from './kit.ts';

// The kit itself (kit.ts): records made from the declarations, users of the kit's organization
// holding what the test says, actions by their route names.

const t = fileApp();
const kit = beforeTests(() => createKit(t, { name: 'Garage Kit' }));

describe('the kit', () => {
  it('starts without the demo: its organization is the only one', async () => {
    const organizations = rowsOf<{ name: string }>(await t.database.db.execute(sql`SELECT name FROM organizations`));
    expect(organizations.map((o) => o.name)).toEqual(['Garage Kit']);
    const me = await t.api('GET', '/api/v1/me', { token: kit.admin.token });
    expect(me.body.data.relationships.organization.data.id).toBe(kit.organization.id);
  });

  it('makes a record with what its declaration requires, the records it needs made in turn, the test’s values first', async () => {
    const note = await kit.make('inspection-form-notes', { text: 'Excellent état' });
    expect(note.attributes).toMatchObject({ text: 'Excellent état', minimum_value: 0, maximum_value: 100 });
    const form = await t.api('GET', `/api/v1/inspection-form-notes/${note.id}?include=inspectionForm`, { token: kit.admin.token });
    expect(form.body.included[0].attributes.name).toMatch(/^name /);

    const repair = await kit.make('repairs', { notes: 'Bruit au freinage' });
    const read = await t.api('GET', `/api/v1/repairs/${repair.id}?include=vehicle,customer`, { token: kit.admin.token });
    expect(read.body.data.attributes.notes).toBe('Bruit au freinage');
    expect(read.body.included.map((r: { type: string }) => r.type).sort()).toEqual(['customers', 'vehicles']);
    // Two vehicles, two VINs (unique per organization).
    const other = await kit.make('vehicles');
    expect(other.attributes.vin).not.toBe(read.body.included.find((r: { type: string }) => r.type === 'vehicles').attributes.vin);
  });

  it('names the records the test gives, by id or as made', async () => {
    const vehicle = await kit.make('vehicles', { color: 'Rouge' });
    const request = await kit.make('requests', { type: 'repair' }, { vehicle });
    expect(request.attributes).toMatchObject({ type: 'repair', vehicle_vin: vehicle.attributes.vin });
  });

  it('makes users holding exactly the permissions given, in the named locations, whose records are there too', async () => {
    const mechanic = await kit.user({ permissions: ['view any repairs', 'view repairs', 'start repairs'], locations: ['Laval'] });
    const laval = await kit.location('Laval');
    expect(mechanic.locations).toEqual([laval]);
    const repair = await kit.make('repairs');
    const started = await kit.act('repairs', repair.id, 'start', mechanic);
    expect(started.status).toBe(200);
    expect(started.body.data.attributes.state).toBe('in_progress');
    // Not theirs to cancel; and not theirs to make.
    expect((await kit.act('repairs', repair.id, 'cancel', mechanic)).status).toBe(403);
    await expect(kit.make('repairs', {}, {}, mechanic)).rejects.toThrow(/^kit: make repairs: 403/);

    const restricted = await kit.user({ locations: ['Laval'] });
    const theirs = await kit.make('repairs', {}, {}, restricted);
    const read = await t.api('GET', `/api/v1/repairs/${theirs.id}?include=vehicle`, { token: restricted.token });
    expect(read.body.data.relationships.allowedLocations.data).toEqual([{ type: 'locations', id: laval }]);
    expect(read.body.included[0].relationships.allowedLocations.data).toEqual([{ type: 'locations', id: laval }]);
  });

  it('says which actions a type has when asked for another', async () => {
    await expect(kit.act('repairs', 'r1', 'strat', kit.admin)).rejects.toThrow('kit: repairs has no record action strat (assign, start, take-over');
  });
});
