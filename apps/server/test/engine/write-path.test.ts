import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';
import { rowsOf } from '../../src/db/client.ts';
import { records } from '../../src/jsonapi/records.ts';
import { inTransaction } from '../../src/jsonapi/router.ts';
import { runAction } from '../../src/jsonapi/run-action.ts';
import { systemContext } from '../../src/jsonapi/system.ts';
import { buildRegistry } from '../../src/app.ts';
import { AREAS } from '../../src/areas/index.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createKit, type Kit } from '../kit.ts';
import { saveLead } from '../../src/areas/pricing/leads.ts';

// One write path for area code (issue 21): area code writes business tables through the engine
// (records(ctx, type), runAction), so derived values, the activity log, notifications and
// callbacks follow every write. A direct write (Drizzle's insert/update/delete on a table, or
// INSERT/UPDATE/DELETE in raw SQL) is allowed only with a `// direct write: <why>` comment on the
// line before its statement; seeds (demo*.ts, *.seed.ts) are exempt.

const AREAS_DIR = join(import.meta.dirname, '../../src/areas');
const MARK = /^\s*\/\/ direct write: \S/;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
const isSeed = (file: string) => /(^|\/)[^/]*demo[^/]*\.ts$|\.seed\.ts$/.test(file);

/** The names under which the schema exports its tables (the first argument of a Drizzle write). */
const TABLES = new Set(Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [name] : [])));

/** Drizzle's writes: `.insert(x)`, `.update(x)`, `.delete(x)` on a table or on a database handle. */
const DRIZZLE = /([\w$.]*)\.(insert|update|delete)\(\s*([\w$.]*)/g;
const DB_HANDLE = /(^|\.)(db|tx)$/;
/** Raw SQL writes, found by their keyword. */
const RAW = /\b(INSERT INTO|DELETE FROM|UPDATE\s+\S+\s+SET)\b/;

/** The direct writes of a source, by line (1-based), each with the line its statement starts on. */
function directWrites(source: string): { line: number; start: number; text: string }[] {
  const lines = source.split('\n');
  const found: { line: number; start: number; text: string }[] = [];
  lines.forEach((text, i) => {
    for (const m of text.matchAll(DRIZZLE)) {
      const [, receiver, , argument] = m;
      const onTable = TABLES.has(argument) || argument === 'table' || argument.endsWith('.table');
      if (onTable || DB_HANDLE.test(receiver)) found.push({ line: i + 1, start: i, text: text.trim() });
    }
    if (RAW.test(text)) {
      // A multi-line sql`…` starts a few lines above its keyword.
      let start = i;
      while (start > i - 4 && start > 0 && !lines[start].includes('sql`')) start--;
      found.push({ line: i + 1, start, text: text.trim() });
    }
  });
  // A chained `await db\n  .update(t)` starts on the line of its receiver (a comment may sit
  // between), an `execute(\n  sql`…`` on the line of the call.
  return found.map((w) => {
    let start = w.start;
    while (start > 0 && !MARK.test(lines[start - 1]) && (/^\s*(\.|\/\/ direct write:)/.test(lines[start]) || /\(\s*$/.test(lines[start - 1]))) start--;
    return { ...w, start };
  });
}

function unmarked(source: string) {
  const lines = source.split('\n');
  return directWrites(source).filter((w) => !MARK.test(lines[w.start - 1] ?? '') && !MARK.test(lines[w.line - 2] ?? ''));
}

describe('the write path of area code', () => {
  it('has no direct write to a table outside the engine that does not say why', () => {
    const offenders = filesUnder(AREAS_DIR)
      .filter((f) => !isSeed(f) && !f.endsWith('.test.ts'))
      .flatMap((file) => unmarked(readFileSync(file, 'utf8')).map((w) => `${relative(AREAS_DIR, file)}:${w.line}  ${w.text}`));
    expect(offenders, 'write through records(ctx, type) or runAction, or say why on the line before: // direct write: <why>').toEqual([]);
  });

  it('sees each kind of direct write, and accepts one that says why', () => {
    const table = [...TABLES][0];
    expect(TABLES.size).toBeGreaterThan(30);
    expect(unmarked(`await ctx.db.insert(${table}).values(x);`)).toHaveLength(1);
    expect(unmarked(`const [row] = await tx\n  .update(${table})\n  .set(x);`)).toHaveLength(1);
    expect(unmarked(`await db.delete(anything).where(x);`)).toHaveLength(1);
    expect(unmarked('await db.execute(sql`\n  UPDATE repairs SET x = 1\n  WHERE id = 1`);')).toHaveLength(1);
    expect(unmarked(`// direct write: a bulk path\nawait ctx.db.insert(${table}).values(x);`)).toEqual([]);
    expect(unmarked(`// direct write: a bulk path\nawait db.execute(sql\`\n  UPDATE repairs SET x = 1\`);`)).toEqual([]);
    expect(unmarked(`// direct write: a bulk path\nawait db.execute(\n  sql\`INSERT INTO tags SELECT 1\`,\n);`)).toEqual([]);
    expect(unmarked(`await db.execute(\n  sql\`INSERT INTO tags SELECT 1\`,\n);`)).toHaveLength(1);
    expect(unmarked(`const [row] = await tx\n  // direct write: kept as given\n  .insert(${table})\n  .values(x);`)).toEqual([]);
    // Not writes: a map's delete, a hash's update, the engine's record service, a route.
    expect(unmarked('seen.delete(id); createHash("sha256").update(token); await records(ctx, "vehicles").update([id], v); api.delete("/x", h);')).toEqual([]);
  });
});

// The public routes write through the engine in a system context of the organization.
describe('a system context (nobody signed in)', () => {
  let t: TestApp;
  let kit: Kit;
  let other: Kit;
  const system = (organizationId: string) =>
    systemContext({ db: t.database.db, registry: buildRegistry(AREAS), config: t.config, mailer: createMailer({ from: 'test@atelier.test' }) }, organizationId, {
      cause: { type: 'estimate-approvals', id: '00000000-0000-4000-8000-000000000001' },
      name: 'Mary Grant',
    });
  const logsOf = async (subject: string) =>
    rowsOf<{ event: string; causer_id: string | null; properties: any }>(await t.database.db.execute(sql`SELECT event, causer_id, properties FROM logs WHERE subject_id = ${subject} ORDER BY created_at, id`));

  beforeAll(async () => {
    t = await createTestApp();
    kit = await createKit(t);
    other = await createKit(t, { name: 'Autre garage' });
  });
  afterAll(() => t?.close());

  it('stores the parent’s derived values and logs the change with its cause and no causer', async () => {
    const estimate = await kit.make('estimations');
    expect((await kit.act('estimations', estimate.id, 'start-components', kit.admin)).status).toBe(200);
    const item = await kit.make('estimation-items', { detail: 'Plaquettes', quantity: '1', unit_price: 10000 }, { estimation: estimate.id });
    await inTransaction(system(kit.organization.id), (ctx) => records(ctx, 'estimation-items').update([item.id], { customer_decision: 'declined' }, { event: 'customer_answered' }));
    const [parent] = rowsOf<{ total: string }>(await t.database.db.execute(sql`SELECT total FROM estimations WHERE id = ${estimate.id}`));
    // A declined item is not charged: the engine derived the estimate's total again.
    expect(Number(parent.total)).toBe(0);
    expect((await logsOf(estimate.id)).at(-1)).toMatchObject({
      event: 'customer_answered',
      causer_id: null,
      properties: { cause: { type: 'estimate-approvals' }, children: { items: { updated: [{ id: item.id, attributes: { customer_decision: 'declined' } }] } } },
    });
  });

  it('never writes another organization’s rows, and runs actions under their policies only', async () => {
    const theirs = await other.make('vehicles', { odometer: 1000 });
    await expect(inTransaction(system(kit.organization.id), (ctx) => records(ctx, 'vehicles').update([theirs.id], { odometer: 9000 }))).resolves.toEqual([]);
    await expect(inTransaction(system(kit.organization.id), (ctx) => records(ctx, 'tags').create([{ organization_id: other.organization.id, name: 'Intrus', color: 'red' }]))).rejects.toThrow(/left the organization/);
    const [car] = rowsOf<{ odometer: number }>(await t.database.db.execute(sql`SELECT odometer FROM vehicles WHERE id = ${theirs.id}`));
    expect(car.odometer).toBe(1000);
    // Another organization's request does not exist for it; its own is run as a system transition.
    const request = await other.make('requests');
    expect(await inTransaction(system(kit.organization.id), (ctx) => runAction(ctx, 'requests', request.id, 'cancel'))).toBeNull();
  });

  it('makes the price frame’s lead through the engine: logged with the frame as its cause', async () => {
    const before = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM requests WHERE organization_id = ${kit.organization.id}`));
    const saved = await saveLead(
      { db: t.database.db, registry: buildRegistry(AREAS), config: t.config, mailer: createMailer({ from: 'test@atelier.test' }) },
      {
        organizationId: kit.organization.id,
        locale: 'fr',
        lead: { name: 'Paul Visiteur', phone: '514-555-0101', email: null },
        vehicle: null,
        request: { vin: null, year: 2020, make: 'Honda', model: 'Civic', km: 50000, province: 'QC', condition: 'good', accident: false, rebuilt: false } as never,
        offer: null,
        host: 'www.garage.ca',
      },
    );
    const after = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM requests WHERE organization_id = ${kit.organization.id}`));
    expect(after).toHaveLength(before.length + 1);
    expect(await logsOf(saved.id)).toEqual([
      expect.objectContaining({ event: 'created', causer_id: null, properties: expect.objectContaining({ cause: { type: 'vehicle-estimate-frames', id: kit.organization.id } }) }),
    ]);
  });
});
