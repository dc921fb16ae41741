// The built server as a child process, for the benches: started as users start it (scripts/serve.sh,
// with its memory settings; `exec` keeps the pid the benches read), on a free port, resolved once it
// says it is ready. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles it (NODE_OPTIONS).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');

export function startServer(env) {
  const profile = process.env.BENCH_NODE_ARGS ? { NODE_OPTIONS: process.env.BENCH_NODE_ARGS } : {};
  const child = spawn('sh', [join(root, 'scripts/serve.sh')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', ...profile, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((res, rej) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      rej(new Error(`server did not start:\n${out}`));
    }, 300_000);
    child.stdout.on('data', () => {
      const m = /Atelier is ready: (http:\/\/\S+)/.exec(out);
      if (m && timer) {
        clearTimeout(timer);
        res({ child, url: m[1], output: () => out });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`server exited (${code}):\n${out}`));
    });
  });
}

export async function stopServer(server) {
  if (server.child.exitCode !== null) return;
  const done = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await done;
}

/**
 * A fresh database for one bench: a new database on the PostgreSQL server of adminUrl ('pg'), or
 * an empty DATA_DIR for the embedded one ('pglite'). Returns the server's env and a cleanup.
 */
export async function freshStore(driver, adminUrl, prefix) {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix.replace(/_/g, '-')}-`));
  if (driver !== 'pg')
    return { env: { DATABASE_URL: '', DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `${prefix}_${process.pid}`;
  const admin = async (q) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: u.toString(), DATA_DIR: dataDir },
    cleanup: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The raw Fastify + node-postgres equivalents of the scenarios (bench/baseline.mjs) on a database, started; answers its url and stop. */
export function startRaw(databaseUrl) {
  const child = spawn(process.execPath, [join(root, 'bench/baseline.mjs')], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((res, rej) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m) res({ url: m[1], stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => rej(new Error(`raw equivalents exited ${code}`)));
  });
}
