import { permissionsForLevel, type TypeName } from '@atelier/domain';
import { getTableName, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildRegistry } from '../../src/app.ts';
import { AREAS } from '../../src/areas/index.ts';
import { rowsOf } from '../../src/db/client.ts';
import type { Guard } from '../../src/jsonapi/relationships.ts';
import { beforeTests, fileApp } from '../helpers.ts';
import { createKit } from '../kit.ts';

/**
 * A relationship that carries its own permission (assignees, approver: relationships.ts Guard) is
 * set or changed only by whoever holds it, whatever the write path: a user holding every other
 * permission tries to change each such relationship of a record of every type (made by the kit).
 */

const registry = buildRegistry(AREAS);
const t = fileApp();
const kit = beforeTests(() => createKit(t));

const guarded = [...registry.values()].flatMap((def) =>
  Object.entries(def.relationships ?? {}).flatMap(([name, rel]) =>
    (rel.kind === 'belongsTo' || rel.kind === 'idArray') && rel.guard ? [{ def, name, rel: rel as typeof rel & { guard: Guard } }] : [],
  ),
);

it('are declared on the assignees and approvers of inspections, estimations, repairs and requests', () => {
  expect(guarded.map((g) => `${g.def.type}.${g.name}`).sort()).toEqual(
    expect.arrayContaining([
      'inspections.assignedToUsers',
      'inspections.assignedToRoles',
      'inspections.approver',
      'estimations.assignedToUsers',
      'estimations.assignedToRoles',
      'estimations.approver',
      'repairs.assignedToUsers',
      'repairs.assignedToRoles',
      'requests.assignedTo',
    ]),
  );
});

it('are never changed by a PATCH of whoever lacks their permission', async () => {
  const lacking = new Set(guarded.map((g) => g.rel.guard.permission));
  const me = await kit.user({ permissions: permissionsForLevel('organization').filter((p) => !lacking.has(p)) });
  for (const { def, name, rel } of guarded) {
    const table = sql.identifier(getTableName(def.table));
    const column = sql.identifier(rel.column);
    const { id } = await kit.make(def.type as TypeName);
    const [row] = rowsOf<{ id: string; before: unknown }>(await t.database.db.execute(sql`SELECT id::text AS id, ${column} AS before FROM ${table} WHERE id = ${id}`));
    const other = await kit.make(rel.type as TypeName);
    const linkage = { type: rel.type, id: other.id };
    const res = await t.api('PATCH', `/api/v1/${def.type}/${row.id}`, {
      token: me.token,
      body: { data: { type: def.type, id: row.id, relationships: { [name]: { data: rel.kind === 'belongsTo' ? linkage : [linkage] } } } },
    });
    if (res.status === 403) expect(res.body.errors.map((e: { code: string }) => e.code), `${def.type}.${name}`).toContain(rel.guard.refusal);
    const [after] = rowsOf<{ after: unknown }>(await t.database.db.execute(sql`SELECT ${column} AS after FROM ${table} WHERE id = ${row.id}`));
    expect(after.after, `${def.type}.${name} (${res.status})`).toEqual(row.before);
  }
  // A write per guarded relationship of every type.
}, 120_000);

it('refuse an inspection given assignees by whoever may not assign (403, translated, on the relationship)', async () => {
  const me = await kit.user({ permissions: permissionsForLevel('organization').filter((p) => p !== 'assign inspections') });
  const form = await kit.make('inspection-forms');
  const vehicle = await kit.make('vehicles');
  const inspector = await kit.user({ permissions: ['start inspections'] });
  const before = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM inspections`))[0].n;
  const res = await t.api('POST', '/api/v1/inspections', {
    token: me.token,
    headers: { 'accept-language': 'en' },
    body: {
      data: {
        type: 'inspections',
        relationships: {
          inspectionForm: { data: { type: 'inspection-forms', id: form.id } },
          vehicle: { data: { type: 'vehicles', id: vehicle.id } },
          assignedToUsers: { data: [{ type: 'users', id: inspector.id }] },
        },
      },
    },
  });
  expect(res.status).toBe(403);
  expect(res.body.errors[0]).toMatchObject({
    code: 'inspection.forbidden_assign',
    detail: 'You do not have permission to assign an inspection.',
    source: { pointer: '/data/relationships/assignedToUsers' },
  });
  expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM inspections`))[0].n).toBe(before);
});
