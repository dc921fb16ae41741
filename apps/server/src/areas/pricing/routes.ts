import {
  CATALOGUE_LEVELS,
  checkFrameSettings,
  checkLead,
  checkPriceRequest,
  frameOffer,
  hostOf,
  LEAD_FIELDS,
  marginProblems,
  matchingDomain,
  PROVINCES,
  withFrameMargin,
  type CatalogueFilter,
  type CatalogueLevel,
  type FrameSettings,
  type Locale,
  type Permission,
  type PriceRequest,
  type RequestChannel,
} from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../../i18n/index.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { isoText } from '../../jsonapi/attributes.ts';
import { ApiError, badRequest, forbidden } from '../../jsonapi/errors.ts';
import { uuidList } from '../../jsonapi/filters.ts';
import { scoped } from '../../jsonapi/scope.ts';
import { organizationsResource } from '../admin/organizations.resource.ts';
import { organizations } from '../admin/admin.table.ts';
import { MEDIA_TYPE, type ContextOf, type RouteRegistrar, type Services } from '../../jsonapi/router.ts';
import { catalogueOf } from './market-provider.ts';
import { blackBookOf, estimateOne, vehiclesOf, type EstimateAttributes, type EstimateOptions } from './estimate.ts';
import { frameOf, frameSettingsOf, keysOf, newPublicKey, newSecret, organizationOfSecret, revokeSecret, saveFrameSettings, type KeysRow } from './keys.ts';
import { saveLead } from './leads.ts';
import { actionAttributes } from '../../jsonapi/action-body.ts';
import { logged, loggedBody } from './request-log.ts';
import { appraisalBasis, appraisalPart, pendingAppraisal, saveAppraisal, SOURCE_OF_CHANNEL, type AppraisalBasis, type PendingAppraisal } from './appraisals.ts';
import './contract.ts';

// The price estimation's routes (spec §7): POST /estimations/vehicle-price and
// GET /vehicles/get-worst-price-by-vin/{vin} for signed-in users and for the organization's
// secret key (X-Api-Key), the catalogue lists, the keys, and the embeddable frame's public calls
// (/public/embed/..., by public key, only from the allowed domains). Every estimation is logged.

export const PERMISSIONS = {
  screen: 'view module vehicle estimations',
  api: 'make vehicle estimations via api',
  iframe: 'make vehicle estimations via iframe',
  debug: 'view debug mode vehicle estimations',
} as const satisfies Record<string, Permission>;

/** Who calls: a user (with their permissions) or the organization's key, or a visitor of an allowed site. */
interface Caller {
  organizationId: string;
  channel: RequestChannel;
  userId: string | null;
  debug: boolean;
  domainId?: string | null;
  host?: string | null;
  /** The API key's last characters, as its hint shows them. */
  keyHint?: string;
  /** Why the call is refused, once it is known whose call it is (so the refusal is logged). */
  refusal?: ApiError;
}

/** The call's own work, unless it is refused. */
const unlessRefused =
  <T>(caller: Caller, run: () => Promise<T>) =>
  () => {
    if (caller.refusal) throw caller.refusal;
    return run();
  };

/** The global selection every GET of the app carries (spec §7); the rest of a query is the call's own. */
const GLOBAL_FILTERS = ['filter[organization]', 'filter[allowedLocations]'];

/**
 * The organization a signed-in user works for: the global selection's (filter[organization]) when
 * it names one organization the user sees, as every list reads it (a platform or reseller user
 * estimating for the organization they selected), else the user's own. The market is
 * organization-wide: filter[allowedLocations] is checked like elsewhere and narrows nothing.
 */
async function organizationOfUser(ctx: RequestContext, query: Record<string, string | undefined>): Promise<string> {
  if (query['filter[allowedLocations]']) uuidList('allowedLocations', query['filter[allowedLocations]']);
  const named = query['filter[organization]'] ? uuidList('organization', query['filter[organization]']) : [];
  if (named.length > 1) throw badRequest('error.invalid_filter_value', { filter: 'organization' }, 'filter[organization]');
  const [id] = named;
  if (!id) {
    if (!ctx.actor.organizationId) throw new ApiError(403, 'pricing.organization_required');
    return ctx.actor.organizationId;
  }
  const [seen] = await ctx.db.select({ id: organizations.id }).from(organizations).where(scoped(ctx, organizationsResource, eq(organizations.id, id))).limit(1);
  if (!seen) throw new ApiError(403, 'pricing.organization_refused', undefined, { parameter: 'filter[organization]' });
  return id;
}

/**
 * The signed-in user, or the secret key's organization (routes in apiKeyRoutes). A user of an
 * organization without the permission is a caller too, refused: the refusal is logged.
 */
async function callerOf(request: FastifyRequest, contextOf: ContextOf, services: Services): Promise<Caller> {
  if (!request.actor) {
    const secret = String(request.headers['x-api-key'] ?? '');
    const organizationId = secret ? await organizationOfSecret(services.database.db, secret) : null;
    if (!organizationId) throw new ApiError(401, 'pricing.key_invalid');
    await services.limits.consume('vehicle_price', { ip: request.ip, account: organizationId });
    return { organizationId, channel: 'api', userId: null, debug: false, keyHint: secret.slice(-4) };
  }
  const ctx = contextOf(request);
  const permissions = ctx.actor.permissions;
  const organizationId = await organizationOfUser(ctx, request.query as Record<string, string | undefined>);
  const refusal = permissions.has(PERMISSIONS.screen) || permissions.has(PERMISSIONS.api) ? undefined : forbidden();
  // Debug mode is asked for (?debug=1) by a user who may see it.
  const asked = ['1', 'true'].includes(String((request.query as Record<string, unknown>).debug ?? ''));
  return { organizationId, channel: 'app', userId: ctx.actor.id, debug: asked && permissions.has(PERMISSIONS.debug), refusal };
}

type Problem = { field: string; code: string; params?: Record<string, string | number> };

/** The 422 of every problem, each on its member of the plain JSON body. */
const unprocessable = (problems: Problem[]) =>
  ApiError.many(problems.map((p) => ({ status: 422, code: p.code as never, params: p.params, source: { pointer: p.field === 'body' ? '' : `/${p.field}` } })));

function checked(body: unknown): PriceRequest {
  const result = checkPriceRequest(body, new Date().getFullYear());
  if (result.ok) return result.request;
  throw unprocessable(result.problems);
}

/** The query of the worst-price call read as a body: numbers and booleans from their text. */
function bodyOfQuery(query: Record<string, string | undefined>, vin: string): Record<string, unknown> {
  const body: Record<string, unknown> = { vin };
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || k === 'debug' || GLOBAL_FILTERS.includes(k)) continue;
    body[k] = v === 'true' ? true : v === 'false' ? false : v;
  }
  return body;
}

const estimateDocument = (attributes: EstimateAttributes & { appraisal: ReturnType<typeof appraisalPart> }, meta?: Record<string, unknown>) => ({
  jsonapi: { version: '1.1' },
  data: { type: 'vehicle-price-estimations', attributes },
  ...(meta ? { meta } : {}),
});

function optionsOf(services: Services, caller: Caller, basis?: AppraisalBasis): EstimateOptions {
  return { db: services.database.db, config: services.config, organizationId: caller.organizationId, debug: caller.debug, reconditioning: basis?.reconditioning };
}

const translator = (locale: Locale) => (code: Parameters<typeof t>[1]) => t(locale, code);

async function estimateRequest(services: Services, caller: Caller, request: PriceRequest, locale: Locale, basis?: AppraisalBasis) {
  const opts = optionsOf(services, caller, basis);
  const [vehicle] = await vehiclesOf(opts, request, false);
  return estimateOne(opts, request, vehicle!, translator(locale));
}

/** An answer and the appraisal it leaves (written with the call's log: `logged`'s keep). */
interface Appraised<D> {
  doc: D;
  appraisal: PendingAppraisal | null;
}

const keepAppraisal = (tx: Parameters<typeof saveAppraisal>[0], result: Appraised<unknown>) => (result.appraisal ? saveAppraisal(tx, result.appraisal) : Promise.resolve());

const appraiserOf = (caller: Caller, leadId?: string) => ({ source: SOURCE_OF_CHANNEL[caller.channel], userId: caller.userId, keyHint: caller.keyHint ?? null, host: caller.host ?? null, leadId: leadId ?? null });

async function estimatePrice(services: Services, caller: Caller, body: unknown, locale: Locale) {
  const request = checked(body);
  const basis = await appraisalBasis(services.database.db, caller.organizationId, request.vin);
  const result = await estimateRequest(services, caller, request, locale, basis);
  if (!result) throw new ApiError(404, 'pricing.no_price');
  const appraisal = pendingAppraisal(caller.organizationId, appraiserOf(caller), request, result, basis);
  return { doc: estimateDocument({ ...result, appraisal: appraisalPart(appraisal) }), appraisal };
}

/**
 * The frame's estimation: the margin members are refused from the visitor (422 naming each, with
 * the request's own problems) and taken from the organization's frame settings; the answer is
 * what the frame shows (the offer, or a range), never the retail or the margin.
 */
async function frameEstimate(services: Services, caller: Caller, body: unknown, locale: Locale, extraProblems: Problem[] = []) {
  const margin = marginProblems(body);
  const result = checkPriceRequest(body, new Date().getFullYear());
  const problems = [...margin, ...(result.ok ? [] : result.problems), ...extraProblems];
  if (problems.length || !result.ok) throw unprocessable(problems);
  const settings = await frameSettingsOf(services.database.db, caller.organizationId);
  const request = withFrameMargin(result.request, settings);
  const estimate = await estimateRequest(services, caller, request, locale);
  const shown = estimate && offerShown(estimate, request, settings);
  const basis = estimate ? await appraisalBasis(services.database.db, caller.organizationId, request.vin, false) : null;
  const appraise = (leadId?: string) => (estimate && basis ? pendingAppraisal(caller.organizationId, appraiserOf(caller, leadId), request, estimate, basis) : null);
  return { request, estimate, shown, appraise };
}

function offerShown(estimate: EstimateAttributes, request: PriceRequest, settings: FrameSettings) {
  const range = estimate.ess ? { low: estimate.ess.official_price.low, high: estimate.ess.official_price.high } : null;
  const terms = { condition: request.condition, accident: request.accident, rebuilt: request.rebuilt, aggressionPercent: request.aggressionPercent, desiredProfit: request.desiredProfit, damageCost: request.damageCost };
  return frameOffer(estimate.offer.amount, terms, range, settings.display);
}

const frameOfferDocument = (estimate: EstimateAttributes, shown: ReturnType<typeof offerShown>) => ({
  jsonapi: { version: '1.1' },
  data: { type: 'vehicle-price-offers', attributes: { vehicle: estimate.vehicle, province: estimate.province, status: estimate.status, mileage: estimate.mileage, ...shown } },
});

/** The lead's members, apart from the vehicle's (the price request refuses members it does not know). */
function splitLead(body: unknown): { vehicle: unknown; contact: Record<string, unknown> } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { vehicle: body, contact: {} };
  const vehicle: Record<string, unknown> = {};
  const contact: Record<string, unknown> = {};
  const leadFields = new Set<string>(LEAD_FIELDS);
  for (const [k, v] of Object.entries(body)) (leadFields.has(k) ? contact : vehicle)[k] = v;
  return { vehicle, contact };
}

const settingsDocument = (organizationId: string, s: FrameSettings) => ({
  jsonapi: { version: '1.1' },
  data: { type: 'estimate-vehicle-frame-settings', id: organizationId, attributes: { desired_profit: s.desiredProfit, aggression_percentage: s.aggressionPercent, damage_cost: s.damageCost, display: s.display } },
});

/** Every trim of the VIN valued; the lowest offer answered, with the list. */
async function worstPrice(services: Services, caller: Caller, vin: string, query: Record<string, string | undefined>, locale: Locale) {
  const request = checked(bodyOfQuery(query, vin));
  const basis = await appraisalBasis(services.database.db, caller.organizationId, request.vin);
  const opts = optionsOf(services, caller, basis);
  const candidates = await vehiclesOf(opts, request, true);
  const results = (await Promise.all(candidates.map((c) => estimateOne(opts, request, c, translator(locale))))).filter((r): r is EstimateAttributes => r !== null);
  if (results.length === 0) throw new ApiError(404, 'pricing.no_price');
  const worst = results.reduce((a, b) => (b.offer.amount < a.offer.amount ? b : a));
  const appraisal = pendingAppraisal(caller.organizationId, appraiserOf(caller), request, worst, basis);
  const doc = estimateDocument({ ...worst, appraisal: appraisalPart(appraisal) }, {
    candidates: results.map((r) => ({ vehicle: r.vehicle, market_retail: r.offer.market_retail, offer: r.offer.amount })),
  });
  return { doc, appraisal };
}

const keysDocument = (keys: KeysRow, secret?: string) => ({
  jsonapi: { version: '1.1' },
  data: {
    type: 'estimate-vehicle-keys',
    id: keys.organization_id,
    attributes: { public_key: keys.public_key, has_secret: keys.secret_hint !== null, secret_hint: keys.secret_hint, secret_created_at: isoText(keys.secret_created_at), ...(secret ? { secret } : {}) },
  },
});

/** The catalogue filter from filter[year|make|model|series]. */
function catalogueFilter(query: Record<string, string | undefined>): CatalogueFilter {
  const f: CatalogueFilter = {};
  const year = query['filter[year]'];
  if (year !== undefined && year !== '') {
    if (!/^\d{4}$/.test(year)) throw new ApiError(400, 'error.invalid_filter_value', { filter: 'year' }, { parameter: 'filter[year]' });
    f.year = Number(year);
  }
  for (const name of ['make', 'model', 'series'] as const) {
    const v = query[`filter[${name}]`];
    if (v !== undefined && v.trim() !== '') f[name] = v.trim().slice(0, 150);
  }
  return f;
}

/**
 * One level of the catalogue: the organization's own (sales, vehicles), with Black Book's drilldown
 * when it is configured (a Black Book that does not answer leaves the organization's list).
 */
async function catalogueFor(services: Services, organizationId: string, level: CatalogueLevel, filter: CatalogueFilter): Promise<string[]> {
  const blackBook = blackBookOf(services.config);
  const [own, theirs] = await Promise.all([catalogueOf(services.database.db, organizationId, level, filter), blackBook ? blackBook.catalogue(level, filter).catch(() => []) : []]);
  const names = new Map<string, string>();
  for (const name of [...own, ...theirs]) if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  const all = [...names.values()];
  return level === 'years' ? all.sort((a, b) => Number(b) - Number(a)) : all.sort((a, b) => a.localeCompare(b, 'fr'));
}

const catalogueDocument = (level: CatalogueLevel, names: string[]) => ({
  jsonapi: { version: '1.1' },
  data: names.map((name) => ({ type: `estimate-vehicle-${level}`, id: name, attributes: { name } })),
  meta: { page: { total: names.length } },
});

/** The frame of a public key, when the call comes from one of its allowed domains (or the app itself: the preview). */
async function embedCaller(request: FastifyRequest, services: Services): Promise<Caller & { organizationName: string }> {
  await services.limits.consume('vehicle_price', { ip: request.ip });
  const key = String((request.query as Record<string, unknown>).key ?? '');
  const frame = key ? await frameOf(services.database.db, key) : null;
  if (!frame) throw new ApiError(404, 'pricing.embed_unknown_key');
  const origin = hostOf(request.headers.origin) ?? hostOf(request.headers.referer);
  // Our own frame calls from the app's origin and says which site embeds it (the browser let it
  // be framed there only if frame-ancestors allowed it); a site's own script calls from its origin.
  const self = origin !== null && origin === String(request.headers.host ?? '').toLowerCase();
  const parent = self ? hostOf(String(request.headers['x-embed-parent'] ?? '')) : origin;
  const domain = parent ? matchingDomain(parent, frame.domains) : undefined;
  const preview = self && parent === origin;
  const refusal = domain || preview ? undefined : new ApiError(403, 'pricing.embed_origin_refused');
  return { organizationId: frame.organizationId, organizationName: frame.organizationName, channel: 'embed', userId: null, debug: false, domainId: domain?.id ?? null, host: parent, refusal };
}

function send(reply: FastifyReply, doc: unknown) {
  return reply.type(MEDIA_TYPE).header('Cache-Control', 'no-store').send(doc);
}

export const pricingRoutes: RouteRegistrar = (api: FastifyInstance, contextOf: ContextOf, services: Services) => {
  const db = services.database.db;
  const logError = (err: unknown) => api.log.error(err, 'request log not written');

  api.post('/estimations/vehicle-price', async (request, reply) => {
    const caller = await callerOf(request, contextOf, services);
    const { doc } = await logged(db, { ...caller, endpoint: 'POST /estimations/vehicle-price', ip: request.ip, request: loggedBody(request.body) }, unlessRefused(caller, () => estimatePrice(services, caller, request.body, request.locale)), logError, keepAppraisal);
    return send(reply, doc);
  });

  api.get('/vehicles/get-worst-price-by-vin/:vin', async (request, reply) => {
    const caller = await callerOf(request, contextOf, services);
    const vin = (request.params as { vin: string }).vin;
    const query = request.query as Record<string, string | undefined>;
    const { doc } = await logged(db, { ...caller, endpoint: 'GET /vehicles/get-worst-price-by-vin', ip: request.ip, request: loggedBody({ vin, ...query }) }, unlessRefused(caller, () => worstPrice(services, caller, vin, query, request.locale)), logError, keepAppraisal);
    return send(reply, doc);
  });

  for (const level of CATALOGUE_LEVELS) {
    api.get(`/estimate-vehicle-${level}`, async (request, reply) => {
      const caller = await callerOf(request, contextOf, services);
      if (caller.refusal) throw caller.refusal;
      return send(reply, catalogueDocument(level, await catalogueFor(services, caller.organizationId, level, catalogueFilter(request.query as Record<string, string | undefined>))));
    });
    api.get(`/public/embed/estimate-vehicle-${level}`, async (request, reply) => {
      const caller = await embedCaller(request, services);
      if (caller.refusal) throw caller.refusal;
      return send(reply, catalogueDocument(level, await catalogueFor(services, caller.organizationId, level, catalogueFilter(request.query as Record<string, string | undefined>))));
    });
  }

  // The keys: read by whoever uses the screen; the secret by the API permission, the public key by the frame's.
  const organizationFor = (request: FastifyRequest, permission: Permission) => {
    const ctx = contextOf(request);
    if (!ctx.actor.permissions.has(permission)) throw forbidden();
    return organizationOfUser(ctx, request.query as Record<string, string | undefined>);
  };
  api.get('/estimate-vehicle-keys', async (request, reply) => send(reply, keysDocument(await keysOf(db, await organizationFor(request, PERMISSIONS.screen)))));
  api.post('/estimate-vehicle-keys/secret', async (request, reply) => {
    const { keys, secret } = await newSecret(db, await organizationFor(request, PERMISSIONS.api));
    return send(reply, keysDocument(keys, secret));
  });
  api.delete('/estimate-vehicle-keys/secret', async (request, reply) => send(reply, keysDocument(await revokeSecret(db, await organizationFor(request, PERMISSIONS.api)))));
  api.post('/estimate-vehicle-keys/public', async (request, reply) => send(reply, keysDocument(await newPublicKey(db, await organizationFor(request, PERMISSIONS.iframe)))));

  // The frame's settings: read with the screen, changed by whoever manages the frame.
  api.get('/estimate-vehicle-frame-settings', async (request, reply) => {
    const organizationId = await organizationFor(request, PERMISSIONS.screen);
    return send(reply, settingsDocument(organizationId, await frameSettingsOf(db, organizationId)));
  });
  api.patch('/estimate-vehicle-frame-settings', async (request, reply) => {
    const organizationId = await organizationFor(request, PERMISSIONS.iframe);
    const result = checkFrameSettings(actionAttributes(request.body, { flat: true }), await frameSettingsOf(db, organizationId));
    if (!result.ok) throw ApiError.many(result.problems.map((p) => ({ status: 422, code: p.code as never, params: p.params, source: { pointer: p.field === 'body' ? '/data' : `/data/attributes/${p.field}` } })));
    return send(reply, settingsDocument(organizationId, await saveFrameSettings(db, organizationId, result.settings)));
  });

  // The frame's own calls.
  api.get('/public/embed/vehicle-estimate', async (request, reply) => {
    const caller = await embedCaller(request, services);
    if (caller.refusal) throw caller.refusal;
    return send(reply, { jsonapi: { version: '1.1' }, data: { type: 'vehicle-estimate-frames', id: caller.organizationId, attributes: { organization: caller.organizationName, provinces: PROVINCES } } });
  });
  api.post('/public/embed/vehicle-price', async (request, reply) => {
    const caller = await embedCaller(request, services);
    const { doc } = await logged(
      db,
      { ...caller, endpoint: 'POST /public/embed/vehicle-price', ip: request.ip, request: loggedBody(request.body) },
      unlessRefused(caller, async () => {
        const { estimate, shown, appraise } = await frameEstimate(services, caller, request.body, request.locale);
        if (!estimate || !shown) throw new ApiError(404, 'pricing.no_price');
        return { doc: frameOfferDocument(estimate, shown), appraisal: appraise() };
      }),
      logError,
      keepAppraisal,
    );
    return send(reply, doc);
  });
  // The visitor's lead: the vehicle (estimated again here, with the organization's margin) and
  // their contact become an evaluation request. A vehicle without a price is still a lead.
  api.post('/public/embed/leads', async (request, reply) => {
    const caller = await embedCaller(request, services);
    const { vehicle, contact } = splitLead(request.body);
    const { doc } = await logged(
      db,
      { ...caller, endpoint: 'POST /public/embed/leads', ip: request.ip, request: loggedBody(vehicle) },
      unlessRefused(caller, async () => {
        const lead = checkLead(contact);
        const { request: priced, estimate, shown, appraise } = await frameEstimate(services, caller, vehicle, request.locale, lead.ok ? [] : lead.problems);
        if (!lead.ok) throw unprocessable(lead.problems);
        const saved = await saveLead({ ...services, db, ip: request.ip }, { organizationId: caller.organizationId, locale: request.locale, lead: lead.lead, vehicle: estimate?.vehicle ?? null, request: priced, offer: shown, host: caller.host ?? null });
        return { doc: { jsonapi: { version: '1.1' }, data: { type: 'vehicle-estimate-leads', id: saved.id, attributes: { code: saved.code, offer: shown } } }, appraisal: appraise(saved.id) };
      }),
      logError,
      keepAppraisal,
    );
    return reply.status(201).type(MEDIA_TYPE).header('Cache-Control', 'no-store').send(doc);
  });
};

/** Routes that take the organization's secret key (X-Api-Key) instead of a session (app.ts lets them through). */
export const API_KEY_ROUTES = ['/estimations/vehicle-price', '/vehicles/get-worst-price-by-vin/:vin'];
