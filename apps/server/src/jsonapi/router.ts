import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withCommitConfirmed } from '../db/embedded.ts';
import { checkActionBody } from './action-body.ts';
import type { RequestContext } from './context.ts';
import type { ActionResult, ResourceDefinition, Row } from './define-resource.ts';
import { runAction } from './run-action.ts';
import type { Registry } from './registry.ts';
import { addDataMeta, includedObjects, newDocument, serialize, type Document } from './serialize.ts';
import { loadIncludes, readList, readRecord } from './includes.ts';
import { ApiError, forbidden } from './errors.ts';
import { describeRoute, type RegisteredRoute } from './openapi.ts';
import { parseQuery, type ParsedQuery } from './query.ts';
import { createRecord, dbErrorCode, deleteRecord, updateRecord } from './write.ts';
import { authorize } from './policies.ts';
import { t } from '../i18n/index.ts';

export const MEDIA_TYPE = 'application/vnd.api+json';

type Query = Record<string, string | undefined>;

/** Deadlock and serialization failure: nothing was written, the transaction may simply run again. */
const RETRIED = new Set(['40P01', '40001']);

/**
 * Runs fn in one transaction; the context it gets writes through that transaction. Once it has
 * committed, the registry's afterCommit hooks run, told the type written when fn writes one type
 * through the engine (app.ts has the session cache forget who may do what: a write may change
 * roles, users or locations, and this instance answers its next request with it).
 */
export async function inTransaction<T>(ctx: RequestContext, fn: (tx: RequestContext) => Promise<T>, written?: ResourceDefinition): Promise<T> {
  // What the transaction asked to run once committed (a callback to send): nothing if it rolls back.
  let committed: ((db: RequestContext['db']) => void | Promise<void>)[] = [];
  let result: T;
  for (let attempt = 1; ; attempt++) {
    committed = [];
    try {
      result = await withCommitConfirmed(() => ctx.db.transaction((db) => fn({ ...ctx, db: db as unknown as RequestContext['db'], onCommit: (f) => committed.push(f) })));
      break;
    } catch (err) {
      // Two requests that lock rows in crossed orders (two folders moved into each other): the
      // server aborts one, which runs again once the other has committed and now sees its effect.
      if (attempt < 3 && RETRIED.has(dbErrorCode(err) ?? '')) continue;
      throw err;
    }
  }
  for (const hook of ctx.registry.afterCommit) hook(written);
  for (const f of committed) await f(ctx.db);
  return result;
}

/**
 * Builds the JSON:API document of one record or a list, with includes and add_data. The includes
 * come read with the rows (readList, readRecord) or are read here.
 */
export async function renderDocument(
  ctx: RequestContext,
  def: ResourceDefinition,
  rows: Row | Row[],
  q: ParsedQuery,
  meta?: Record<string, unknown>,
  read?: Document,
) {
  const list = Array.isArray(rows) ? rows : [rows];
  const doc = read ?? newDocument();
  if (!read) await loadIncludes(ctx, def, list, q.include, doc);
  const data = list.map((r) => serialize(ctx, def, r, doc, q.fields));
  // A record is never repeated in included when it is already primary data.
  const primary = new Set(data.map((d) => `${d.type}:${d.id}`));
  const included = q.include.size ? includedObjects(ctx, doc, q.fields).filter((o) => !primary.has(`${o.type}:${o.id}`)) : undefined;
  const extra = q.addData.length ? await addDataMeta(ctx, def, list, q.addData) : undefined;
  const warnings = Array.isArray(rows) ? undefined : warningsOf(ctx, def, rows);
  return {
    jsonapi: { version: '1.1' },
    data: Array.isArray(rows) ? data : data[0],
    ...(included ? { included } : {}),
    ...(meta || extra || warnings ? { meta: { ...meta, ...extra, ...(warnings ? { warnings } : {}) } } : {}),
  };
}

/** A record's warnings as the client shows them: code, translated detail, the field it is about. */
export function warningsOf(ctx: RequestContext, def: ResourceDefinition, row: Row) {
  const list = def.warnings?.(row) ?? [];
  if (!list.length) return undefined;
  return list.map((w) => ({ code: w.code, detail: t(ctx.locale, w.code, w.params), ...(w.pointer ? { source: { pointer: w.pointer } } : {}) }));
}

/**
 * A record's query (include, fields, add_data) as its answer reads it. A write reads it first: a
 * wrong one is a 400 before anything is written, never after the commit (the client would retry a
 * write that was made).
 */
export const recordQuery = (ctx: RequestContext, def: ResourceDefinition, raw: unknown): ParsedQuery => parseQuery(ctx.registry, def, raw as Query, { list: false });

/** Re-reads a record after a write and answers its document (with the request's include: recordQuery). */
export async function respondWithRecord(ctx: RequestContext, def: ResourceDefinition, id: string, q: ParsedQuery, reply: FastifyReply, status = 200, meta?: Record<string, unknown>) {
  const { row, doc } = await readRecord(ctx, def, id, q.include);
  return reply.code(status).type(MEDIA_TYPE).send(await renderDocument(ctx, def, row, q, meta, doc));
}

/**
 * The document of a record of another type, as its own GET answers it (with `include`): what an
 * action that makes another record (an order's generated receipt) answers.
 */
export async function recordDocument(ctx: RequestContext, type: string, id: string, include = '') {
  const def = ctx.registry.resource(type);
  const q = parseQuery(ctx.registry, def, include ? { include } : {}, { list: false });
  const { row, doc } = await readRecord(ctx, def, id, q.include);
  return renderDocument(ctx, def, row, q, undefined, doc);
}

export type ContextOf = (request: FastifyRequest) => RequestContext;

/** What routes and background workers need outside a request (the database, the settings, the app's types). */
export interface Services {
  database: import('../db/client.ts').Database;
  config: import('../config.ts').Config;
  mailer: import('../mail/mailer.ts').Mailer;
  registry: Registry;
  /** The rate limits (auth/rate-limit.ts), for public routes. */
  limits: import('../auth/rate-limit.ts').Limits;
  /** The kept job queue (jobs/queue.ts): areas define their background work on it. */
  jobs: import('../jobs/queue.ts').Jobs;
}

/** Routes an area adds beside its resources (uploads), under /api/v1. */
export type RouteRegistrar = (api: FastifyInstance, contextOf: ContextOf, services: Services) => void;

/** Registers the routes of every type of the registry. */
export function registerResources(app: FastifyInstance, contextOf: ContextOf, registry: Registry) {
  for (const def of registry.values()) registerResource(app, def, contextOf);
}

/**
 * The spec gives some workflow calls as GET (GET /requests/{id}/cancel, /users/{id}/activate):
 * older clients call them so, and they stay; since they change data, POST is accepted as well,
 * which is what a new client should send (a GET may be prefetched, cached or replayed).
 */
export const actionMethods = (action: { method?: 'GET' | 'POST' }): ('GET' | 'POST')[] => (action.method === 'GET' ? ['GET', 'POST'] : ['POST']);

function registerResource(app: FastifyInstance, def: ResourceDefinition, contextOf: ContextOf) {
  const base = `/${def.type}`;
  const ops = { list: true, get: true, create: true, update: true, delete: true, ...def.operations };

  // Actions first: their static segments must win over /:id.
  for (const [name, action] of Object.entries(def.actions ?? {})) {
    const path = `${base}/${action.path ?? (action.collection ? name : `:id/${name}`)}`;
    app.route({
      method: actionMethods(action),
      url: path,
      handler: async (request, reply) => {
        const ctx = contextOf(request);
        const body = request.body ?? {};
        let res: ActionResult;
        let answerId: string | undefined;
        let q: ParsedQuery;
        if (action.collection) {
          const needed = action.permission === null ? null : [action.permission].flat();
          if (needed && !needed.some((p) => ctx.actor.permissions.has(p))) throw forbidden();
          q = recordQuery(ctx, def, request.query);
          checkActionBody(request.body);
          res = (await inTransaction(ctx, (tx) => action.handler(tx, body))) ?? {};
          answerId = res.recordId;
        } else {
          const id = (request.params as { id?: string }).id ?? '';
          // Its permission, state and holder are checked in the action's transaction: the query before it.
          q = recordQuery(ctx, def, request.query);
          const run = (await inTransaction(ctx, (tx) => runAction(tx, def.type, id, name, body)))!;
          res = run.result;
          answerId = res.recordId ?? run.row.id;
        }
        if (res.body !== undefined) return reply.code(res.status ?? 200).type(MEDIA_TYPE).send(res.body);
        if (answerId) return respondWithRecord(ctx, def, answerId, q, reply, res.status ?? 200, res.meta);
        return reply.code(res.status ?? 204).send();
      },
    });
  }

  if (ops.list)
    app.get(base, async (request, reply) => {
      const ctx = contextOf(request);
      authorize(ctx, def, 'viewAny');
      const q = parseQuery(ctx.registry, def, request.query as Query, { list: true });
      const { rows, total, doc } = await readList(ctx, def, q);
      const page = {
        total,
        number: q.page.number,
        size: q.page.size,
        last: Math.max(1, Math.ceil(total / q.page.size)),
        // A larger page was asked for than the type serves: say what it serves.
        ...(q.page.capped ? { max_size: q.page.size } : {}),
      };
      return reply.type(MEDIA_TYPE).send(await renderDocument(ctx, def, rows, q, { page }, doc));
    });

  if (ops.get)
    app.get(`${base}/:id`, async (request, reply) => {
      const ctx = contextOf(request);
      authorize(ctx, def, 'view');
      return respondWithRecord(ctx, def, (request.params as { id: string }).id, recordQuery(ctx, def, request.query), reply);
    });

  if (ops.create)
    app.post(base, async (request, reply) => {
      const ctx = contextOf(request);
      authorize(ctx, def, 'create');
      const q = recordQuery(ctx, def, request.query);
      const row = await inTransaction(ctx, (tx) => createRecord(tx, def, request.body), def);
      reply.header('Location', `/api/v1/${def.type}/${row.id}`);
      return respondWithRecord(ctx, def, row.id, q, reply, 201);
    });

  if (ops.update)
    app.patch(`${base}/:id`, async (request, reply) => {
      const ctx = contextOf(request);
      authorize(ctx, def, 'edit');
      const id = (request.params as { id: string }).id;
      const q = recordQuery(ctx, def, request.query);
      const row = await inTransaction(ctx, (tx) => updateRecord(tx, def, id, request.body), def);
      if (!def.answersWrittenRow) return respondWithRecord(ctx, def, id, q, reply);
      return reply.type(MEDIA_TYPE).send(await renderDocument(ctx, def, row, q));
    });

  if (ops.delete)
    app.delete(`${base}/:id`, async (request, reply) => {
      const ctx = contextOf(request);
      authorize(ctx, def, 'delete');
      await inTransaction(ctx, (tx) => deleteRecord(tx, def, (request.params as { id: string }).id), def);
      return reply.code(204).send();
    });
}


/** The standard verbs of a type's two paths (JSON:API: PATCH, not PUT). */
const STANDARD_VERBS: [suffix: string, verbs: ('GET' | 'POST' | 'PATCH' | 'DELETE')[]][] = [
  ['', ['GET', 'POST']],
  ['/:id', ['GET', 'PATCH', 'DELETE']],
];

/**
 * A standard verb a type does not serve (POST /inspection-fields: fields come with their
 * inspection) answers 405 with the verbs its path does serve in `Allow`, and why in words, rather
 * than a 404 that says the path does not exist. Registered once every other route is, so a
 * hand-written route (POST /imports, a multipart upload) keeps its path.
 */
export function registerNotServed(app: FastifyInstance, registry: Registry, served: readonly RegisteredRoute[]) {
  const verbsAt = new Map<string, Set<string>>();
  for (const r of served) {
    const verbs = verbsAt.get(r.path) ?? new Set<string>();
    verbs.add(r.method.toUpperCase());
    verbsAt.set(r.path, verbs);
  }
  for (const def of registry.values())
    for (const [suffix, verbs] of STANDARD_VERBS) {
      const path = `/${def.type}${suffix}`;
      const have = verbsAt.get(path);
      if (!have) continue; // nothing at this path: a 404 says so
      const allow = ['GET', 'POST', 'PATCH', 'DELETE'].filter((v) => have.has(v)).join(', ');
      for (const method of verbs.filter((v) => !have.has(v))) {
        describeRoute(method, path, {
          summary: `Not served on ${def.type}: 405 with Allow: ${allow}`,
          tag: def.type,
          responses: {},
          errors: [405],
        });
        app.route({
          method,
          url: path,
          handler: async () => {
            throw new ApiError(405, def.notServed ?? 'error.method_not_allowed', { allow, type: def.type }, undefined, { Allow: allow });
          },
        });
      }
    }
}
