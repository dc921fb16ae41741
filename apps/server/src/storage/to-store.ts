// `npm run files:to-store` (issue 25): moves the files of the data folder to the configured S3
// store, then lists (and with --purge deletes) the store's objects no row names. Idempotent and
// resumable: a file already in the store at its size is only removed from the folder, so a run cut
// short is run again.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { importFileType, LocalStorage, PREFIXES, type Storage } from './storage.ts';

export interface MoveReport {
  /** Copied to the store, then removed from the folder. */
  moved: number;
  /** Already in the store (an earlier run): removed from the folder. */
  already: number;
  /** In the folder with no row naming them: left there. */
  unknown: number;
  /** Could not be copied (logged): left in the folder, a next run tries again. */
  failed: number;
  /** Store objects no row names and older than an hour (an upload writes its file before its row). */
  orphans: string[];
  purged: number;
}

const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** Every key a row names, with its type: uploads and import files. */
async function knownKeys(db: Db) {
  const rows = rowsOf<{ path: string; type: string | null; format: string | null }>(
    await db.execute(sql`SELECT path, mime AS type, NULL AS format FROM uploads UNION ALL SELECT path, NULL, file_format FROM imports`),
  );
  return new Map(rows.map((r) => [r.path, r.type ?? importFileType(r.format ?? '')]));
}

export async function moveToStore(opts: { db: Db; from: LocalStorage; to: Storage; purge?: boolean; orphanAgeMs?: number; log?: (line: string) => void }): Promise<MoveReport> {
  const { db, from, to, log = () => {} } = opts;
  const known = await knownKeys(db);
  const report: MoveReport = { moved: 0, already: 0, unknown: 0, failed: 0, orphans: [], purged: 0 };
  // The folder onto itself: nothing to move, only orphans to find.
  if (!(to instanceof LocalStorage && to.root === from.root)) {
    for (const prefix of PREFIXES) {
      for await (const file of from.list(prefix)) {
        if (!known.has(file.key)) {
          report.unknown++;
          continue;
        }
        try {
          const there = await to.head(file.key);
          if (there?.length === file.length) report.already++;
          else {
            const found = await from.get(file.key);
            if (!found?.body) continue;
            await to.put(file.key, found.body, { type: known.get(file.key)!, length: found.length });
            report.moved++;
          }
          await from.delete(file.key);
        } catch (err) {
          report.failed++;
          log(`could not move ${file.key}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
  }
  const old = Date.now() - (opts.orphanAgeMs ?? ORPHAN_AGE_MS);
  for (const prefix of PREFIXES) {
    for await (const object of to.list(prefix)) {
      if (known.has(object.key) || object.modified.getTime() > old) continue;
      report.orphans.push(object.key);
      if (opts.purge) {
        await to.delete(object.key);
        report.purged++;
      }
    }
  }
  return report;
}
