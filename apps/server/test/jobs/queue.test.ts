import { afterAll, describe, expect, it } from 'vitest';
import plans from 'pg-boss/src/plans.js';
import { JOBS_SCHEMA, Jobs, recordingEnds } from '../../src/jobs/queue.ts';
import type { Registry } from '../../src/jsonapi/registry.ts';
import { fileApp } from '../helpers.ts';

/*
 * The kept job queue (jobs/queue.ts, issue 25) on the test's database, PGlite or PostgreSQL: two
 * queues on one database stand for two instances. A job runs once whichever instance fetches it; a
 * job whose instance stopped answering is run by the other once it has expired; a stop waits for
 * the jobs under way.
 */

const t = fileApp();
const config = { jobsPollSeconds: 0.5, shutdownTimeoutMs: 10_000 };
const opened: Jobs[] = [];
const instance = () => {
  const jobs = new Jobs(t.database, config, {} as Registry);
  opened.push(jobs);
  return jobs;
};
afterAll(() => Promise.all(opened.map((jobs) => jobs.stop())));

const until = async (done: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('not done in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the job queue', () => {
  it('runs each job once while two instances fetch them', async () => {
    const runs: { n: number; by: string }[] = [];
    const [a, b] = [instance(), instance()];
    for (const [jobs, by] of [[a, 'a'], [b, 'b']] as const)
      jobs.define<{ n: number }>('test.once', { concurrency: 2 }, async ({ n }) => {
        runs.push({ n, by });
        await new Promise((r) => setTimeout(r, 5));
      });
    await a.start();
    await b.start();
    for (let n = 0; n < 40; n++) await (n % 2 ? a : b).send('test.once', { n });
    await until(() => runs.length >= 40);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });

  it('runs on another instance the job of an instance that stopped answering, once it has expired', async () => {
    const dead = instance();
    const alive = instance();
    const taken: string[] = [];
    let release = () => {};
    // The first instance fetches the job and never ends it, as a killed process would not.
    dead.define('test.takeover', { expireInSeconds: 1, retryLimit: 2 }, async () => {
      taken.push('dead');
      await new Promise<void>((r) => (release = r));
    });
    await dead.start();
    await dead.send('test.takeover', {});
    await until(() => taken.length === 1);
    alive.define('test.takeover', { expireInSeconds: 1, retryLimit: 2 }, async () => {
      taken.push('alive');
    });
    // Killed: its workers fetch no more (its job stays active in the table until it expires).
    await (dead as unknown as { boss: { offWork: (name: string) => Promise<void> } }).boss.offWork('test.takeover');
    await alive.start();
    await until(() => taken.includes('alive'));
    expect(taken).toEqual(['dead', 'alive']);
    release();
  });

  it('sends a job in the caller’s transaction: rolled back, it never runs', async () => {
    const jobs = instance();
    const ran: string[] = [];
    jobs.define<{ what: string }>('test.tx', {}, async ({ what }) => {
      ran.push(what);
    });
    await jobs.start();
    await t.database.db
      .transaction(async (tx) => {
        await jobs.send('test.tx', { what: 'rolled back' }, { db: tx as never });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await t.database.db.transaction(async (tx) => {
      await jobs.send('test.tx', { what: 'committed' }, { db: tx as never });
    });
    jobs.notify('test.tx');
    await until(() => ran.length > 0);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(ran).toEqual(['committed']);
  });

  it('runs a timer once across instances, and a stop waits for the job under way', async () => {
    const [a, b] = [instance(), instance()];
    let runs = 0;
    let finished = false;
    for (const jobs of [a, b])
      jobs.every('test.every', 3600, async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 500));
        finished = true;
      });
    await Promise.all([a.start(), b.start()]);
    await until(() => runs > 0);
    await Promise.all([a.stop(), b.stop()]);
    expect(finished).toBe(true);
    // Two instances starting together share one start's run; the next is an hour away.
    expect(runs).toBe(1);
  });
});

describe('a job’s end the database refuses', () => {
  it('is left unrecorded and said, never an unhandled rejection (pg-boss does not wait for it); other statements still fail', async () => {
    const lost: unknown[] = [];
    const refusing = { executeSql: () => Promise.reject(new Error('Cannot use a pool after calling end on the pool')) };
    const ends = recordingEnds(refusing, (err) => lost.push(err));
    await expect(ends.executeSql(plans.completeJobs(JOBS_SCHEMA), [])).resolves.toEqual({ rows: [{ count: 0 }] });
    await expect(ends.executeSql(plans.failJobsById(JOBS_SCHEMA), [])).resolves.toEqual({ rows: [{ count: 0 }] });
    await expect(ends.executeSql('SELECT 1')).rejects.toThrow('end on the pool');
    expect(lost).toHaveLength(2);
  });
});

