import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { scheduleEmbeddedUpkeep } from '../../src/db/maintenance.ts';
import { withEmbeddedDatabase } from '../helpers.ts';

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
};

describe('embedded database maintenance', () => {
  it('vacuums the embedded database on its schedule (it has no autovacuum)', () =>
    withEmbeddedDatabase('atelier-vacuum-', async (database) => {
      await database.raw('CREATE TABLE vacuum_probe (a integer PRIMARY KEY, b text)');
      await database.raw("INSERT INTO vacuum_probe SELECT g, 'x' FROM generate_series(1, 2000) g");
      await database.raw("UPDATE vacuum_probe SET b = 'y'");
      // What a vacuum leaves, read from the catalogue (the embedded database keeps no activity
      // statistics, db/pglite.ts): its pages marked all-visible, and the planner's statistics.
      const probe = async () =>
        (
          await database.raw<{ all_visible: number; statistics: number }>(
            "SELECT relallvisible AS all_visible, (SELECT count(*)::int FROM pg_stats WHERE tablename = 'vacuum_probe') AS statistics FROM pg_class WHERE relname = 'vacuum_probe'",
          )
        )[0];
      expect(await probe()).toEqual({ all_visible: 0, statistics: 0 });
      const logs: string[] = [];
      const stop = scheduleEmbeddedUpkeep(database, { hours: 6, firstAfterMs: 5, log: (m) => logs.push(m) });
      await until(() => logs.length > 0);
      stop();
      expect(logs[0]).toMatch(/^embedded database vacuumed in \d+ ms$/);
      const after = await probe();
      expect(after.all_visible).toBeGreaterThan(0);
      expect(after.statistics).toBe(2);
    }), 60_000);

  it('drops the cached plans on its schedule: a plan made for a small table does not outlive its growth', () =>
    withEmbeddedDatabase('atelier-replan-', async (database) => {
      await database.raw('CREATE TABLE replan_probe (id serial PRIMARY KEY, k integer NOT NULL)');
      await database.raw('CREATE INDEX replan_probe_k ON replan_probe (k)');
      await database.raw('INSERT INTO replan_probe (k) SELECT g FROM generate_series(1, 5) g');
      await database.raw('VACUUM (ANALYZE) replan_probe');
      // A named statement (the embedded database's one session keeps it), run until it takes its generic plan.
      await database.raw('PREPARE replan_read(integer) AS SELECT id FROM replan_probe WHERE k = $1');
      for (let n = 0; n < 8; n++) await database.raw('EXECUTE replan_read(3)');
      const plan = async () => (await database.raw<{ 'QUERY PLAN': string }>('EXPLAIN EXECUTE replan_read(3)')).map((r) => r['QUERY PLAN']).join('\n');
      expect(await plan()).toMatch(/Seq Scan/);
      await database.raw('INSERT INTO replan_probe (k) SELECT g FROM generate_series(6, 100000) g');
      // Grown a thousandfold: the kept plan still scans it all.
      expect(await plan()).toMatch(/Seq Scan/);
      const stop = scheduleEmbeddedUpkeep(database, { hours: 0, replanSeconds: 0.05, log: () => {} });
      await new Promise((r) => setTimeout(r, 300));
      stop();
      expect(await plan()).toMatch(/Index (Only )?Scan|Bitmap/);
    }), 60_000);

  it('leaves a PostgreSQL server to its own autovacuum, and 0 hours turns it off', async () => {
    const raw = vi.fn();
    for (const database of [{ driver: 'pg', raw }, { driver: 'pglite', raw }] as unknown as Database[]) {
      const stop = scheduleEmbeddedUpkeep(database, { hours: database.driver === 'pg' ? 6 : 0, firstAfterMs: 1, log: () => {} });
      await new Promise((r) => setTimeout(r, 30));
      stop();
    }
    expect(raw).not.toHaveBeenCalled();
  });
});
