import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Area } from '../src/areas/area.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, openMemoryDatabase, queryListeners, rowsOf, type Database } from '../src/db/client.ts';
import { migrate, migrationsFolder } from '../src/db/migrate.ts';
import { DEMO_PASSWORD, seedDemo, syncOptions, syncPermissions } from '../src/db/seed.ts';
import { contractFor, type Contract } from './contract.ts';
import { serverDatabase } from './server-database.ts';

export { DEMO_PASSWORD, serverDatabase };
export const MEDIA = 'application/vnd.api+json';

/**
 * How many apps each test app is (ATELIER_TEST_INSTANCES, 1 by default): with 2, two apps over one
 * PostgreSQL database, each with its own pool, caches and job queue as two processes have, and
 * requests sent to them in turn, as a load balancer does (docs/deploy.md, "Several instances").
 */
export const TEST_INSTANCES = testInstances();

function testInstances(): number {
  const n = Number(process.env.ATELIER_TEST_INSTANCES ?? 1);
  if (!Number.isInteger(n) || n < 1) throw new Error(`ATELIER_TEST_INSTANCES=${process.env.ATELIER_TEST_INSTANCES}: a whole number of instances`);
  // An embedded database is one process's (its DATA_DIR lock): several instances need PostgreSQL.
  if (n > 1 && !process.env.DATABASE_URL) throw new Error('ATELIER_TEST_INSTANCES above 1 needs DATABASE_URL (PostgreSQL)');
  return n;
}

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of DATABASE_URL (as CI runs it), dropped afterwards. Both are
 * copies of the run's migrated image (database-image.ts) when there is one. `open` opens it again
 * (another instance's pool); on PGlite there is only the one.
 */
async function freshDatabase(): Promise<{ database: Database; open: () => Promise<Database>; drop: () => Promise<void> }> {
  const image = databaseImage();
  if (!process.env.DATABASE_URL) {
    const database = await openMemoryDatabase(image ? new Blob([readFileSync(image)]) : undefined);
    return { database, open: async () => database, drop: async () => {} };
  }
  const { url, drop } = await serverDatabase('atelier_test', image);
  const open = () => openDatabase({ databaseUrl: url, dataDir: '/tmp', databasePoolSize: 5 });
  return { database: await open(), open, drop };
}

/** The run's migrated image, when the server project's global set-up made one (not in the web project's). */
function databaseImage(): string | undefined {
  try {
    return inject('databaseImage');
  } catch {
    return undefined; // outside a test worker (the web project's global set-up)
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Signs in a demo account (or any e-mail/password) and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /**
   * A JSON:API request; the body is sent as application/vnd.api+json. The response is checked
   * against the API contract (GET /api/v1/openapi.json): an undeclared status, content type or a
   * body off its schema throws, failing the test that made the call.
   */
  api(method: InjectOptions['method'], url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** The mail written to the outbox for an address, newest first. */
  outbox(to: string): Promise<{ subject: string; text: string }[]>;
  /** A server restart: the app (closed or not) is replaced by a new one on the same database. */
  restart(): Promise<void>;
  /** Every instance forgets the sessions it keeps, as after a write through it (for writes made around the API). */
  forgetSessions(): void;
  close(): Promise<void>;
}

/**
 * An app on a fresh database, without the demo data: the file makes what it needs with the kit
 * (kit.ts) or the factories (factories.ts), and nothing of the demo can make it pass by chance.
 * `demo: true` seeds it, for the few files that test the demo or need a record of every type.
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { areas?: readonly Area[]; demo?: boolean } = {}): Promise<TestApp> {
  const { database, open, drop } = await freshDatabase();
  await migrate(database);
  await syncPermissions(database.db);
  await syncOptions(database.db);
  if (opts.demo) await seedDemo(database.db, opts.areas);
  const configOf = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/atelier-test', LOG_LEVEL: 'silent', APP_URL: 'http://atelier.test', ...env });
  // The first instance is the file's database and config; each other one opens its own, as a process would.
  const instances = [{ database, config: configOf() }];
  while (instances.length < TEST_INSTANCES) instances.push({ database: await open(), config: configOf() });
  const { config } = instances[0];
  const start = async (instance: (typeof instances)[number]) => {
    const started = await buildApp({ config: instance.config, database: instance.database, webDist: null, logger: false, areas: opts.areas });
    await started.ready();
    return started;
  };
  // One after the other: instances start their job queues in turn anyway (an advisory lock).
  const startAll = async () => {
    const started: FastifyInstance[] = [];
    for (const instance of instances) started.push(await start(instance));
    return started;
  };
  let apps = await startAll();
  // Requests go to the instances in turn; `app` is the first, for what is not a request.
  let turn = 0;
  const next = () => apps[turn++ % apps.length];
  const tokens = new Map<string, string>();
  let contract: Contract | null = null;
  const contractOf = async () => (contract ??= contractFor((await apps[0].inject({ method: 'GET', url: '/api/v1/openapi.json' })).body));

  const api: TestApp['api'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { accept: MEDIA, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined && !headers['content-type']) headers['content-type'] = MEDIA;
    const res = await next().inject({
      method,
      url,
      headers,
      payload: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    });
    let body: unknown = res.body;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      // not JSON: keep the text
    }
    (await contractOf()).check(String(method), url, { status: res.statusCode, headers: res.headers, body, raw: res.body });
    return { status: res.statusCode, body, headers: res.headers };
  };

  return {
    /** The app; its inject() checks API responses against the contract too, as api() does, and goes to the instances in turn. */
    get app() {
      return checkedInject(apps[0], next, contractOf);
    },
    database,
    config,
    api,
    async restart() {
      for (const app of apps) await app.close();
      apps = await startAll();
      contract = null;
    },
    forgetSessions() {
      for (const app of apps) app.forgetSessions();
    },
    async login(email, password = DEMO_PASSWORD) {
      const cached = tokens.get(email + password);
      if (cached) return cached;
      const res = await api('POST', '/api/v1/login', { body: { email, password }, headers: { 'content-type': 'application/json' } });
      if (res.status !== 200 || !res.body.access_token) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      tokens.set(email + password, res.body.access_token);
      return res.body.access_token;
    },
    async outbox(to) {
      return rowsOf<{ subject: string; text: string }>(
        await database.db.execute(
          (await import('drizzle-orm')).sql`SELECT subject, text FROM mail_outbox WHERE lower("to") = ${to.toLowerCase()} ORDER BY created_at DESC, id DESC`,
        ),
      );
    },
    async close() {
      for (const app of apps) await app.close();
      for (const instance of instances) await instance.database.close();
      await drop();
    },
  };
}

/**
 * The app with an inject() that goes to `next()` (the instances in turn) and whose answers (to an
 * options object) are checked against the contract.
 */
function checkedInject(app: FastifyInstance, next: () => FastifyInstance, contractOf: () => Promise<Contract>): FastifyInstance {
  return new Proxy(app, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== 'inject') return typeof value === 'function' ? value.bind(target) : value;
      return (opts?: InjectOptions | string) => {
        const to = next();
        if (!opts || typeof opts !== 'object') return to.inject(opts as InjectOptions);
        return to.inject(opts).then(async (res) => {
          let body: unknown = res.body;
          try {
            body = res.body ? JSON.parse(res.body) : null;
          } catch {
            // not JSON
          }
          const url = String(opts.url ?? opts.path ?? '');
          (await contractOf()).check(String(opts.method ?? 'GET'), url, { status: res.statusCode, headers: res.headers, body, raw: res.body });
          return res;
        });
      };
    },
  });
}

/** Ids of demo records by a readable key, looked up through the API as the admin. */
export async function demoIds(t: TestApp) {
  const q = async (sqlText: string) => rowsOf<{ id: string; key: string }>(await t.database.db.execute((await import('drizzle-orm')).sql.raw(sqlText)));
  const orgs = await q(`SELECT id, name AS key FROM organizations`);
  const locs = await q(`SELECT id, name AS key FROM locations`);
  const users = await q(`SELECT id, email AS key FROM users`);
  const byKey = (rows: { id: string; key: string }[]) => Object.fromEntries(rows.map((r) => [r.key, r.id]));
  return { organizations: byKey(orgs), locations: byKey(locs), users: byKey(users) };
}

/** A date-time as the API gives every one: ISO 8601 in UTC, to the millisecond. */
/** The error of an answer's document at a pointer (undefined without one). */
export const errorAt = (res: { body: any }, pointer: string) => res.body.errors?.find((e: any) => e.source?.pointer === pointer);

/** An answer's errors by pointer: their codes, or another of their members (their detail, in the request's language). */
export const errorsByPointer = (res: { body: any }, member: 'code' | 'detail' = 'code'): Record<string, string> =>
  Object.fromEntries(res.body.errors.map((e: any) => [e.source.pointer, e[member]]));

export const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * What a test file makes once, before its first test (beforeAll), and undoes after its last
 * (afterAll, when `close` is given): `const t = beforeTests(() => createTestApp(), (t) => t.close())`.
 * The answer stands for the value from the first test on: a stand-in that forwards to it (read
 * before the file's beforeAll ran, it throws). Hooks run in the order written: a later value may use an earlier one.
 */
export function beforeTests<T extends object>(make: () => Promise<T>, close?: (value: T) => unknown): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  });
  if (close) afterAll(() => value && close(value));
  const made = () => {
    if (value === undefined) throw new Error('beforeTests: read before the file’s beforeAll made it');
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const v = Reflect.get(made(), key);
      return typeof v === 'function' ? v.bind(made()) : v;
    },
    set: (_, key, v) => Reflect.set(made(), key, v),
    has: (_, key) => Reflect.has(made(), key),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(made(), key);
      return d && { ...d, configurable: true };
    },
  });
}

/**
 * The statements a request sends, its transaction's BEGIN and COMMIT aside (a server's pool sends
 * them through the counter, PGlite in this process outside it): the fewest of three tries, since the
 * listener hears the whole process and a background job (the mail outbox, a purge: the job queue's
 * timers) may send one meanwhile. `request` is given the try's number.
 */
export async function statementsOf(request: (attempt: number) => Promise<unknown>): Promise<number> {
  const counts: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    let count = 0;
    const listener = (query: string) => {
      if (!/^(begin|commit)$/i.test(query.trim())) count++;
    };
    queryListeners.push(listener);
    try {
      await request(attempt);
    } finally {
      queryListeners.splice(queryListeners.indexOf(listener), 1);
    }
    counts.push(count);
  }
  return Math.min(...counts);
}

/** An embedded database on a new data directory, closed and removed after fn (tests of its settings and upkeep). */
export async function withEmbeddedDatabase<T>(prefix: string, fn: (database: Database, dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    const database = await openDatabase({ dataDir: dir, databaseUrl: undefined, databasePoolSize: 1 });
    try {
      return await fn(database, dir);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The file's own app on a fresh database (createTestApp's options), closed after its tests. */
export const fileApp = (...args: Parameters<typeof createTestApp>) => beforeTests(() => createTestApp(...args), (t) => t.close());

/**
 * GET {list}/list/count answers, for every state of the workflow, what the list filtered on that
 * state counts (its page's total), as `token` sees them: the counts the dashboard and the tabs show.
 */
export async function expectCountsLikeList(t: TestApp, list: string, states: readonly string[], token: string) {
  const res = await t.api('GET', `${list}/list/count`, { token });
  expect(res.status).toBe(200);
  expect(Object.keys(res.body.meta.counts).sort()).toEqual([...states].sort());
  for (const state of states) {
    const page = await t.api('GET', `${list}?page[size]=1&filter[state]=${state}`, { token });
    expect(res.body.meta.counts[state], state).toBe(page.body.meta.page.total);
  }
  return res.body.meta;
}

/** A callback as the receiver got it. */
export interface ReceivedCallback {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A server on a free local port standing for an organization's callback URL, listening from before
 * the file's tests to after them: what it received, in order, and its port. `answer` says what it
 * answers each call (default: 200 {"ok":true}).
 */
export function callbackReceiver(answer: () => { status: number; body: string } = () => ({ status: 200, body: '{"ok":true}' })) {
  const received: ReceivedCallback[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const { status, body: answered } = answer();
      res.writeHead(status, { 'content-type': 'application/json' }).end(answered);
    });
  });
  beforeAll(() => new Promise<void>((r) => server.listen(0, '127.0.0.1', r)));
  afterAll(() => new Promise((r) => server.close(r)));
  return {
    received,
    get port() {
      return (server.address() as AddressInfo).port;
    },
  };
}

/** A file as a browser's FormData part sends it. */
export interface UploadedFile {
  name: string;
  type: string;
  content: Buffer;
}

/** POST /api/v1/uploads/{path} with one file part, as a browser's FormData sends it. */
export async function uploadFile(t: TestApp, path: string, token: string, file: UploadedFile, field = 'attachment', locale?: 'fr' | 'en') {
  const boundary = '----atelier' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/uploads/${path}`,
    headers: { authorization: `Bearer ${token}`, accept: MEDIA, 'content-type': `multipart/form-data; boundary=${boundary}`, ...(locale ? { 'accept-language': locale } : {}) },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/**
 * An embedded database as one in use had it before migration `tag` (the earlier ones applied), to
 * test what that migration does to the rows it finds there; the caller closes it.
 */
export async function databaseBefore(tag: string): Promise<Database> {
  const before = mkdtempSync(join(tmpdir(), 'atelier-migrations-'));
  cpSync(migrationsFolder(), before, { recursive: true });
  const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < tag);
  writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
  const database = await openMemoryDatabase();
  try {
    await migratePglite(database.db as never, { migrationsFolder: before });
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/**
 * Calls of the API as a user (`call`: the answer; `ok`: its body, the status checked), in French
 * unless said; `app` gives the test's app once made.
 */
export function apiCalls(app: () => TestApp) {
  const call = (method: string, path: string, as: { token: string }, body?: unknown, locale = 'fr') =>
    app().api(method, `/api/v1${path}`, { token: as.token, body, headers: { 'accept-language': locale } });
  const ok = async (method: string, path: string, as: { token: string }, body?: unknown, status = 200) => {
    const res = await call(method, path, as, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body;
  };
  return { call, ok };
}
