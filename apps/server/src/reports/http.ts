import type { Locale } from '@atelier/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { ResourceDefinition } from '../jsonapi/define-resource.ts';
import { notFound } from '../jsonapi/errors.ts';
import { describeRoute, publicTokenRoute, type RouteResponse } from '../jsonapi/openapi.ts';
import { authorize } from '../jsonapi/policies.ts';
import type { RequestContext } from '../jsonapi/context.ts';
import type { ContextOf, RouteRegistrar, Services } from '../jsonapi/router.ts';
import { findRow } from '../jsonapi/scope.ts';
import { validTimeZone } from './format.ts';
import { loadImages, type ImageSource } from './images.ts';
import { storageOf, type Storage } from '../storage/storage.ts';

/**
 * Opens a public link by the request's token (`open`), rate limited by address: from then on
 * everything answered, a refusal too, is in the link's language (a 410 carries it), whatever the
 * browser asks.
 */
export function publicLinkOpener<F extends { link: { locale: Locale } }>(services: Services, open: (token: string) => Promise<F>) {
  return async (request: FastifyRequest): Promise<F> => {
    await services.limits.consume('shared_report', { ip: request.ip });
    let found: F;
    try {
      found = await open((request.params as { token: string }).token);
    } catch (err) {
      const locale = (err as { locale?: Locale }).locale;
      if (locale) request.locale = locale;
      throw err;
    }
    request.locale = found.link.locale;
    return found;
  };
}

/** Answers a document: inline PDF, named `name` (made safe for the header), never cached by a proxy. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, name: string) {
  return reply
    .type('application/pdf')
    .header('Content-Length', pdf.length)
    .header('Content-Disposition', `inline; filename="${name.replace(/[^\w.-]/g, '_')}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(pdf);
}

/** The time zone a document's dates print in: the app's X-Timezone header, or ?tz= on a public link. */
export const requestTimeZone = (request: FastifyRequest) => validTimeZone(request.headers['x-timezone'] ?? (request.query as Record<string, unknown> | undefined)?.tz);

/** The ?tz= parameter of a public document's route, for its describeRoute. */
export const TIME_ZONE_QUERY = [{ name: 'tz', description: 'IANA time zone the dates print in (default America/Toronto).', schema: { type: 'string' } }];

/** The longest side of a photo a public page shows (the customer's approval page, a shared report). */
const PHOTO_PIXELS = 1600;

/**
 * A photo a public link shows, by its upload's id (the caller checked the link shows it), read in
 * its organization and made a JPEG of at most PHOTO_PIXELS; an upload it cannot read is a 404.
 */
export async function loadPhoto(db: Db, storage: Storage, uploadId: string, organizationId: string): Promise<Buffer> {
  const url = `/api/v1/uploads/${uploadId}/content`;
  const found = (await loadImages(db, storage, [{ url, longest: PHOTO_PIXELS, lineArt: false }], { organizationId, resellerId: null })).get(url);
  if (!found) throw notFound(uploadId);
  return found.data;
}

/** Answers a photo (loadPhoto's), kept an hour by the reader only. */
export const sendPhoto = (reply: FastifyReply, data: Buffer) =>
  reply.type('image/jpeg').header('Cache-Control', 'private, max-age=3600').header('Content-Length', data.length).send(data);

/** The photo route's answer, for its describeRoute. */
export const PHOTO_RESPONSE = { contentType: 'image/jpeg', description: 'The photo.', schema: { type: 'string', format: 'binary' } } as const;

/** A PDF route's answer, for its describeRoute. */
export const pdfResponse = (description: string): RouteResponse => ({ contentType: 'application/pdf', description, schema: { type: 'string', format: 'binary' } });

/** Describes a type's GET /{type}/:id/report (recordDocumentRoute) in the API contract. */
export function describeRecordDocument(type: string, contract: { summary: string; description: string; pdf: RouteResponse }) {
  describeRoute('GET', `/${type}/:id/report`, { summary: contract.summary, description: contract.description, tag: type, responses: { 200: contract.pdf }, errors: [403, 404] });
}

/**
 * A type's GET /{type}/:id/report, described in the API contract: the registrar of its route
 * (recordDocumentRoute, `render` as there); the contract says who may read it (`viewer`: the
 * right to view it) and that dates print in the reader's zone.
 */
export function recordReportRoutes<T extends PgTable, R>(
  resource: ResourceDefinition<T>,
  render: (ctx: RequestContext, row: R, timeZone: string) => Promise<{ pdf: Buffer; name: string }>,
  contract: { summary: string; viewer: string; pdf: RouteResponse },
): RouteRegistrar {
  describeRecordDocument(resource.type, {
    summary: contract.summary,
    description: `Needs the right to view ${contract.viewer}. Dates print in the X-Timezone header’s zone.`,
    pdf: contract.pdf,
  });
  return (api, contextOf) => recordDocumentRoute(api, contextOf, resource, render);
}

/**
 * Describes a public link's document (PDF, dates in ?tz=; at `link` + `documentAt`) and the photos
 * it shows (`link`/photos/:uploadId) in the API contract.
 */
export function describePublicDocument(link: string, tag: string, contract: { documentAt?: string; summary: string; pdf: RouteResponse; photoSummary: string }) {
  publicTokenRoute('GET', `${link}${contract.documentAt ?? ''}`, { summary: contract.summary, tag, query: TIME_ZONE_QUERY, responses: { 200: contract.pdf } });
  publicTokenRoute('GET', `${link}/photos/:uploadId`, { summary: contract.photoSummary, tag, responses: { 200: PHOTO_RESPONSE } });
}

/** A report read into its model from the row (`data`), drawn by `pdf`, named by `fileName`: the `render` of recordDocumentRoute. */
export const modelReport =
  <R, M>(
    data: (db: Db, storage: Storage, row: R, locale: Locale) => Promise<{ model: M; images: ImageSource }>,
    pdf: (input: { model: M; images: ImageSource; timeZone: string }) => Promise<Buffer>,
    fileName: (model: M) => string,
  ) =>
  async (ctx: RequestContext, row: R, timeZone: string) => {
    const { model, images } = await data(ctx.db, storageOf(ctx.config), row, ctx.locale);
    return { pdf: await pdf({ model, images, timeZone }), name: fileName(model) };
  };

/**
 * GET /{type}/:id/report: a record's document (PDF) in the reader's language and time zone, to
 * whoever may view the record (one out of their scope does not exist for them: 404). `render`
 * makes the document from the row: its bytes and its file name.
 */
export function recordDocumentRoute<T extends PgTable, R>(
  api: FastifyInstance,
  contextOf: ContextOf,
  resource: ResourceDefinition<T>,
  render: (ctx: RequestContext, row: R, timeZone: string) => Promise<{ pdf: Buffer; name: string }>,
) {
  api.get(`/${resource.type}/:id/report`, async (request, reply) => {
    const ctx = contextOf(request);
    authorize(ctx, resource, 'view');
    const row = (await findRow(ctx, resource, (request.params as { id: string }).id)) as R;
    const { pdf, name } = await render(ctx, row, requestTimeZone(request));
    return sendPdf(reply, pdf, name);
  });
}
