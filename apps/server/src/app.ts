import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pickLocale, type Locale } from '@atelier/domain';
import type { Actor } from './access/actor.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { createLimits, rateLimitJobs } from './auth/rate-limit.ts';
import { sessionsOf } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { RequestContext } from './jsonapi/context.ts';
import { ApiError, renderErrors, unauthenticated, type ErrorItem } from './jsonapi/errors.ts';
import { checkRequestText } from './jsonapi/hygiene.ts';
import { MEDIA_TYPE, registerNotServed, registerResources, type Services } from './jsonapi/router.ts';
import { registryOf, type Registry } from './jsonapi/registry.ts';
import { registerListCounts } from './access/list-counts.ts';
import { AREAS } from './areas/index.ts';
import type { Area } from './areas/area.ts';
import { buildOpenApi, describeRoute, type RegisteredRoute } from './jsonapi/openapi.ts';
import { registerApiDocs } from './api-docs.ts';
import { Jobs } from './jobs/queue.ts';
import { createMailer, type Mailer, mailJobs } from './mail/mailer.ts';
import { registerMetrics } from './ops/metrics.ts';
import { readiness } from './ops/readiness.ts';
import { storageOf } from './storage/storage.ts';
import { requestTimeZone } from './reports/http.ts';
import './auth/contract.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    locale: Locale;
  }
  interface FastifyInstance {
    /** The API contract (OpenAPI 3.1) of this app's routes, built once; `undescribed`: routes nothing describes. */
    apiContract(): ReturnType<typeof buildOpenApi>;
    /** Shutdown has begun: /api/v1/ready answers 503 from now on, requests are still served. */
    startDraining(): void;
    /** Forgets the actors this app keeps by token (after a write made around the API). */
    forgetSessions(): void;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Where the built web app is (default apps/web/dist); absent in API tests. */
  webDist?: string | null;
  logger?: boolean;
  /** The business areas served (default: all of them). */
  areas?: readonly Area[];
}

/** The registry of the given areas' types and reactions, with the app's own: a write forgets cached sessions. */
export function buildRegistry(areas: readonly Area[]): Registry {
  const registry = registryOf(areas);
  // A write may change who can do what (roles, users, locations): this instance answers its next
  // request with it. A type that never does (an inspection's answers) keeps them.
  registry.hook({
    afterCommit: (written) => {
      if (!written?.accessNeutral) sessionsOf(registry).forget();
    },
  });
  return registry;
}

/** Paths under /api/v1 that answer without a token. */
const PUBLIC = new Set([
  '/api/v1/health',
  '/api/v1/ready',
  '/api/v1/login',
  '/api/v1/verify',
  '/api/v1/verify/resend',
  '/api/v1/register',
  '/api/v1/password-forgot',
  '/api/v1/password-reset',
  '/api/v1/app-config',
  '/api/v1/dev/outbox',
  '/api/v1/openapi.json',
]);

/**
 * Routes under these answer without a token: a shared report (its link's token is the key), a
 * provider's webhook (its signature is).
 */
const PUBLIC_PREFIXES = ['/api/v1/public/', '/api/v1/webhooks/'];

const JSON_TYPES = ['application/json', MEDIA_TYPE];

/** A caller's request id (a load balancer's, a client's) is kept when it is a plain token, else one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const requestIdOf = (given: string | string[] | undefined) => (typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID());

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const db = database.db;
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const areas = opts.areas ?? AREAS;
  const registry = buildRegistry(areas);
  const limits = createLimits(database);
  const sessions = sessionsOf(registry);
  const jobs = new Jobs(database, config, registry);
  const services: Services = { database, config, mailer, registry, limits, jobs };
  // Routes that take an organization's API key (X-Api-Key) when no session token is given.
  const apiKeyRoutes = new Set(areas.flatMap((a) => (a.apiKeyRoutes ?? []).map((path) => `/api/v1${path}`)));
  const bodyLimit = 2 * 1024 * 1024;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit,
    // Errors the router answers before any hook (a 414 for a path segment over 100 characters,
    // a 400 for a malformed percent-encoding) are JSON:API documents too.
    frameworkErrors: (error, request, reply) => sendErrors(request, reply, frameworkErrorItems(error, bodyLimit)),
    // Believing X-Forwarded-For from anyone would let a client pick its IP past the rate limits.
    trustProxy: typeof config.trustProxy === 'number' ? hopsOf(config.trustProxy) : config.trustProxy,
    // Query strings use flat keys such as filter[search]: the engine reads them as they come.
    routerOptions: { ignoreTrailingSlash: true },
    // Every log line of a request carries its id, and the answer says it (X-Request-Id): a user's
    // report of an error leads to its log lines on whichever instance answered.
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  let accepting = true;
  app.decorate('startDraining', () => {
    accepting = false;
  });
  app.decorate('forgetSessions', () => sessions.forget());
  registerMetrics(app, { token: config.metricsToken, database, areas, jobs });
  // Every route of the API, for its contract (GET /openapi.json).
  const routes: RegisteredRoute[] = [];
  let contract: ReturnType<typeof buildOpenApi> | undefined;
  app.decorate('apiContract', () => (contract ??= buildOpenApi(registry, routes, { version: '1.0.0' })));
  app.decorateRequest('actor', null);
  app.decorateRequest('locale', 'fr');

  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (_req, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ApiError(400, 'error.invalid_json'), undefined);
    }
  });

  const contextOf = (request: FastifyRequest): RequestContext => {
    if (!request.actor) throw unauthenticated();
    return {
      actor: request.actor,
      locale: request.locale,
      db,
      config,
      mailer,
      ip: request.ip,
      timeZone: requestTimeZone(request),
      query: request.query as Record<string, string | undefined>,
      registry,
    };
  };

  // Set before the API plugin registers: child contexts take the handler in force then.
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    let items: ErrorItem[];
    if (error instanceof ApiError) {
      items = error.errors;
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
    } else items = frameworkErrorItems(error, bodyLimit);
    if (items[0].status >= 500) request.log.error(error);
    return sendErrors(request, reply, items);
  });

  await app.register(
    async (api) => {
      api.addHook('preValidation', async (request) => checkRequestText(request));
      api.addHook('onRequest', async (request) => {
        request.locale = pickLocale(request.headers['accept-language']);
        negotiate(request);
        // The public prefix is read on the route matched, never on the raw URL (dot segments).
        if (PUBLIC.has(request.url.split('?')[0]) || PUBLIC_PREFIXES.some((prefix) => request.routeOptions.url?.startsWith(prefix))) return;
        if (!request.headers.authorization && request.headers['x-api-key'] !== undefined && apiKeyRoutes.has(request.routeOptions.url ?? '')) return;
        const header = request.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        const actor = token ? await sessions.actorFor(db, token, config.tokenIdleTimeout, config.sessionCacheSeconds) : null;
        if (!actor) throw unauthenticated();
        request.actor = actor;
        // Without an explicit language the profile's one applies.
        if (!request.headers['accept-language']) request.locale = actor.locale;
      });

      api.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) routes.push({ method, path: route.url.slice('/api/v1'.length) });
      });
      api.get('/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(app.apiContract().document));

      api.get('/health', async (_request, reply) => {
        await database.raw('SELECT 1');
        return reply.send({ status: 'ok', database: database.driver });
      });
      api.get('/ready', async (_request, reply) => {
        const answer = await readiness(database, storageOf(config), accepting);
        return reply.code(answer.status === 'ready' ? 200 : 503).send(answer);
      });

      registerAuthRoutes(api, { config, db, mailer, limits, contextOf, localeOf: (r) => r.locale, registry });
      registerResources(api, contextOf, registry);
      registerListCounts(api, contextOf, registry);
      for (const area of areas) {
        for (const register of area.routes ?? []) register(api, contextOf, services);
        area.jobs?.(services);
        if (!area.worker) continue;
        const worker = area.worker(services);
        area.workerRoutes?.(api, contextOf, worker);
        api.addHook('onReady', async () => worker.start?.());
      }
      // Started after the areas' workers (their queues defined, their leases released); the stop tells
      // them first (an import hands its lease back), then waits for the jobs under way.
      mailJobs(jobs, mailer, db);
      rateLimitJobs(jobs, db);
      api.addHook('onReady', () => jobs.start());
      api.addHook('onClose', () => jobs.stop());

      // Last: areas register some routes in plugins of their own, loaded in order before this one.
      api.register(async (last) => registerNotServed(last, registry, routes));
      api.setNotFoundHandler((request, reply) => sendErrors(request, reply, [{ status: 404, code: 'error.route_not_found' }]));
    },
    { prefix: '/api/v1' },
  );

  registerApiDocs(app);
  const webDist = opts.webDist === undefined ? resolve(import.meta.dirname, '../../web/dist') : opts.webDist;
  const pageHeaders = new Map(areas.flatMap((a) => Object.entries(a.pageHeaders ?? {})));
  if (webDist && existsSync(join(webDist, 'index.html'))) await serveWebApp(app, webDist, async (request) => pageHeaders.get(request.url.split('?')[0])?.(request, services) ?? {});
  else app.setNotFoundHandler((request, reply) => sendErrors(request, reply, [{ status: 404, code: 'error.route_not_found' }]));

  return app;
}

describeRoute('GET', '/openapi.json', {
  summary: 'This document: the API contract (OpenAPI 3.1), generated from the server’s declarations',
  tag: 'meta',
  public: true,
  responses: { 200: { contentType: 'application/json', schema: { type: 'object', required: ['openapi', 'paths'] } } },
});
describeRoute('GET', '/health', {
  summary: 'The server and its database answer',
  tag: 'meta',
  public: true,
  responses: {
    200: {
      contentType: 'application/json',
      schema: {
        type: 'object',
        properties: { status: { const: 'ok' }, database: { enum: ['pg', 'pglite'] } },
        required: ['status', 'database'],
        additionalProperties: false,
      },
    },
  },
  errors: [503],
});

const check = { enum: ['ok', 'failed'] };
const readinessDocument = {
  contentType: 'application/json',
  schema: {
    type: 'object',
    properties: {
      status: { enum: ['ready', 'not_ready'] },
      checks: {
        type: 'object',
        properties: { database: check, migrations: check, storage: check, accepting: check },
        required: ['database', 'migrations', 'storage', 'accepting'],
        additionalProperties: false,
      },
    },
    required: ['status', 'checks'],
    additionalProperties: false,
  },
};
describeRoute('GET', '/ready', {
  summary: 'Whether this instance should receive traffic: database reachable, migrations applied, data folder writable, not shutting down',
  tag: 'meta',
  public: true,
  responses: { 200: readinessDocument, 503: { ...readinessDocument, description: 'Not ready: the checks say which part failed.' } },
});

/** An error document in the request's language (its profile's once signed in). */
function sendErrors(request: FastifyRequest, reply: FastifyReply, items: ErrorItem[]) {
  const locale = request.locale ?? pickLocale(request.headers['accept-language']);
  return reply.code(items[0].status).type(MEDIA_TYPE).send(renderErrors(items, locale));
}

/** What the framework throws (body too large, malformed JSON, bad URL...) as a translated error. */
function frameworkErrorItems(error: FastifyError, bodyLimit: number): ErrorItem[] {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  // Uploads answer their own file limits; this is a JSON body over the server's.
  if (status === 413) return [{ status, code: 'error.body_too_large', params: { max: `${bodyLimit / (1024 * 1024)} MB` } }];
  if (status === 414) return [{ status, code: 'error.uri_too_long' }];
  if (status === 415) return [{ status, code: 'error.unsupported_media_type' }];
  if (status === 400 && error.code?.startsWith('FST_ERR_CTP_')) return [{ status, code: 'error.invalid_json' }];
  if (status < 500) return [{ status, code: 'error.bad_request' }];
  return [{ status: 500, code: 'error.something_went_wrong' }];
}

/** Trust the nearest `hops` proxies (Fastify types omit its numeric form). */
const hopsOf = (hops: number) => (_address: string, index: number) => index < hops;

/**
 * JSON:API content negotiation: a body must be JSON (415 otherwise, or when the JSON:API media
 * type carries unknown parameters); a client that accepts only other types gets 406.
 */
function negotiate(request: FastifyRequest) {
  const contentType = request.headers['content-type'];
  const hasBody = request.method !== 'GET' && request.method !== 'DELETE' && request.method !== 'HEAD';
  if (hasBody && contentType) {
    const [type, ...params] = contentType.split(';').map((s) => s.trim().toLowerCase());
    const multipart = type === 'multipart/form-data';
    // Twilio posts its replies as a form (areas/messaging/routes.ts reads it).
    const twilioForm = type === 'application/x-www-form-urlencoded' && request.url.split('?')[0] === '/api/v1/webhooks/texts/twilio';
    if (!multipart && !twilioForm && !JSON_TYPES.includes(type)) throw new ApiError(415, 'error.unsupported_media_type');
    if (type === MEDIA_TYPE && params.some((p) => !/^(ext|profile)=/.test(p))) throw new ApiError(415, 'error.unsupported_media_type');
  }
  const accept = request.headers.accept;
  if (accept) {
    const ranges = accept.split(',').map((r) => r.split(';').map((s) => s.trim().toLowerCase()));
    const acceptable = ranges.some(([type, ...params]) => {
      if (type === MEDIA_TYPE) return params.every((p) => /^(ext|profile|q)=/.test(p));
      // PDF: the reports (a download may ask for it alone).
      return ['*/*', 'application/*', 'application/json', 'application/pdf'].includes(type);
    });
    if (!acceptable) throw new ApiError(406, 'error.not_acceptable');
  }
}

/** The web app in history mode: assets with long cache, every other path answers index.html. */
/** The pages' default: only the app's own pages may frame them (CSP for today's browsers, X-Frame-Options for older ones). */
const FRAMED_BY_SELF_ONLY = { 'Content-Security-Policy': "frame-ancestors 'self'", 'X-Frame-Options': 'SAMEORIGIN' };

async function serveWebApp(app: FastifyInstance, root: string, headersOf: (request: FastifyRequest) => Promise<Record<string, string>>) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      // Vite puts a content hash in every asset name: they never change under that name.
      if (path.startsWith(join(root, 'assets'))) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else reply.header('Cache-Control', 'no-cache');
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    // A missing asset is a 404, not the app (a stale tab would otherwise load HTML as script).
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith('/assets/'))
      return sendErrors(request, reply, [{ status: 404, code: 'error.route_not_found' }]);
    // A page may add its own headers (the embeddable frame's frame-ancestors); every other page is
    // framed by the app itself only, so no other site can lay it under a decoy (clickjacking).
    const own = await headersOf(request);
    const headers = own['Content-Security-Policy'] ? own : { ...FRAMED_BY_SELF_ONLY, ...own };
    return reply.header('Cache-Control', 'no-cache').headers(headers).sendFile('index.html');
  });
}
