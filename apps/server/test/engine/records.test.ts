import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { records } from '../../src/jsonapi/records.ts';
import { beforeTests, fileApp } from '../helpers.ts';
import { createKit } from '../kit.ts';
import { asUser } from '../repairs/world.ts';

// The engine's record service (issue 21): what area code writes beside a request's own document
// is logged with its cause, and the values a parent derives from its lines follow.

const t = fileApp();
const kit = beforeTests(() => createKit(t));

const logsOf = async (subject: string) =>
  rowsOf<{ event: string; properties: any }>(await t.database.db.execute(sql`SELECT event, properties FROM logs WHERE subject_id = ${subject} ORDER BY created_at, id`));

describe('records(ctx, type)', () => {
  it('updates lines, stores the parent’s derived values again and logs the change on the parent with its cause', async () => {
    const estimate = await kit.make('estimations');
    // Parts are priced by whoever holds the parts phase.
    expect((await kit.act('estimations', estimate.id, 'start-components', kit.admin)).status).toBe(200);
    const item = await kit.make('estimation-items', { detail: 'Plaquettes', quantity: '1', unit_price: 10000 }, { estimation: estimate.id });
    const before = await logsOf(estimate.id);
    const rows = await asUser(t, kit.admin.id, (ctx) => records(ctx, 'estimation-items').update([item.id], { state: 'approved' }, { cause: { type: 'estimations', id: estimate.id } }));
    expect(rows.map((r) => r.state)).toEqual(['approved']);
    const [parent] = rowsOf<{ approved_total: string; total: string }>(await t.database.db.execute(sql`SELECT approved_total, total FROM estimations WHERE id = ${estimate.id}`));
    expect(Number(parent.approved_total)).toBe(Number(parent.total));
    expect(Number(parent.total)).toBeGreaterThan(0);
    const after = await logsOf(estimate.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      event: 'updated',
      properties: { cause: { type: 'estimations', id: estimate.id }, children: { items: { updated: [{ id: item.id, attributes: { state: 'approved' } }] } } },
    });
  });

  it('makes a record with its lines in one entry: the lines take its id, organization and order, its totals follow', async () => {
    const vehicle = await kit.make('vehicles');
    const made = await asUser(t, kit.admin.id, (ctx) =>
      records(ctx, 'repairs').createWithLines(
        { organization_id: kit.organization.id, vehicle_id: vehicle.id, state: 'pending', creator_id: kit.admin.id },
        { items: [{ detail: 'Vidange', quantity: '1', unit_price: 5000, parts_total: 5000, subtotal: 5000, total: 5000 }, { detail: 'Filtre', quantity: '2', unit_price: 1000, parts_total: 2000, subtotal: 2000, total: 2000 }] },
        { cause: { type: 'estimations', id: vehicle.id } },
      ),
    );
    expect(Number(made.total)).toBe(7000);
    const items = rowsOf<{ detail: string; position: number; organization_id: string }>(await t.database.db.execute(sql`SELECT detail, position, organization_id FROM repair_items WHERE repair_id = ${made.id} ORDER BY position`));
    expect(items).toEqual([
      { detail: 'Vidange', position: 0, organization_id: kit.organization.id },
      { detail: 'Filtre', position: 1, organization_id: kit.organization.id },
    ]);
    const logs = await logsOf(made.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ event: 'created', properties: { cause: { type: 'estimations' }, children: { items: { created: [{ attributes: { detail: 'Vidange' } }, { attributes: { detail: 'Filtre' } }] } } } });
  });

  it('writes nothing and logs nothing when the rows already hold the values', async () => {
    const vehicle = await kit.make('vehicles', { odometer: 1000 });
    const before = await logsOf(vehicle.id);
    const rows = await asUser(t, kit.admin.id, (ctx) => records(ctx, 'vehicles').update([vehicle.id], { odometer: 1000 }));
    expect(rows).toEqual([]);
    expect(await logsOf(vehicle.id)).toHaveLength(before.length);
  });

  it('logs a record’s own change under the event and cause given', async () => {
    const vehicle = await kit.make('vehicles', { odometer: 1000 });
    await asUser(t, kit.admin.id, (ctx) => records(ctx, 'vehicles').update([vehicle.id], { odometer: 1500 }, { event: 'raised', cause: { type: 'inspections', id: vehicle.id } }));
    expect((await logsOf(vehicle.id)).at(-1)).toMatchObject({ event: 'raised', properties: { old: { odometer: 1000 }, attributes: { odometer: 1500 }, cause: { type: 'inspections' } } });
  });
});
