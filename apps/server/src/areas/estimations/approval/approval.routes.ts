import { CUSTOMER_DECISIONS, ITEM_CONDITIONS, URGENCIES } from '@atelier/domain';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../../jsonapi/errors.ts';
import type { JsonSchema } from '../../../jsonapi/define-resource.ts';
import { publicTokenRoute } from '../../../jsonapi/openapi.ts';
import { inTransaction, type RouteRegistrar } from '../../../jsonapi/router.ts';
import { systemContext } from '../../../jsonapi/system.ts';
import { describePublicDocument, loadPhoto, publicLinkOpener, requestTimeZone, sendPdf, sendPhoto } from '../../../reports/http.ts';
import { quoteFileName, renderQuotePdf } from '../../../reports/quote-pdf.ts';
import { quoteData } from '../report/quote-data.ts';
import { QUOTE_PDF } from '../report/quote.routes.ts';
import { approvalPhotoUrl, approvalView, askedPhotoIds, openApproval, recordAnswer } from './approval-answers.ts';
import { NULLABLE_STRING, PUBLIC_LINK_HEAD, PUBLIC_LINK_REQUIRED, PUBLIC_VEHICLE } from '../../../contract-schemas.ts';
import { storageOf } from '../../../storage/storage.ts';

// The customer's page calls (no sign-in: the e-mailed link's token opens them), in the link's
// language: read the estimate, answer it, see the inspection's photos of the items asked about,
// download the quote (PDF) as it is now.

/** The longest side of a photo the page shows (a phone's screen, twice for its pixel density). */

export const approvalRoutes: RouteRegistrar = (api, _contextOf, services) => {
  const db = services.database.db;
  const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;

  const opened = publicLinkOpener(services, (token) => openApproval(db, token));

  api.get('/public/estimate-approvals/:token', async (request, reply) => {
    const { link, estimation } = await opened(request);
    return reply.header('Cache-Control', 'private, no-store').send(await approvalView(db, link, estimation, approvalPhotoUrl(tokenOf(request))));
  });

  api.post('/public/estimate-approvals/:token', async (request, reply) => {
    const { link: opening, estimation: answered } = await opened(request);
    const token = tokenOf(request);
    const from = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
    // Nobody signed in: the engine writes for the estimate's organization, the link as the cause.
    const system = systemContext({ ...services, db, ip: request.ip }, answered.organization_id, { cause: { type: 'estimate-approvals', id: opening.id }, locale: opening.locale });
    // Answer and decisions in one transaction, the estimate locked: one answer per version.
    const link = await inTransaction(system, (tx) => recordAnswer(tx, token, request.body, from));
    const { estimation } = await openApproval(db, token);
    return reply.code(201).header('Cache-Control', 'private, no-store').send(await approvalView(db, link, estimation, approvalPhotoUrl(token)));
  });

  api.get('/public/estimate-approvals/:token/report', async (request, reply) => {
    const { link, estimation } = await opened(request);
    // The items the customer is asked about, as on the page: not those the dealership denied.
    const { model, images } = await quoteData(db, storageOf(services.config), estimation, link.locale, { forCustomer: true });
    return sendPdf(reply, await renderQuotePdf({ model, images, timeZone: requestTimeZone(request) }), quoteFileName(model));
  });

  api.get('/public/estimate-approvals/:token/photos/:uploadId', async (request, reply) => {
    const { estimation } = await opened(request);
    const uploadId = String((request.params as { uploadId: string }).uploadId).toLowerCase();
    if (!(await askedPhotoIds(db, estimation.id)).has(uploadId)) throw notFound(uploadId);
    return sendPhoto(reply, (await loadPhoto(db, storageOf(services.config), uploadId, estimation.organization_id)) as Buffer);
  });
};

const money: JsonSchema = { type: 'integer' };
const totals: JsonSchema = {
  type: 'object',
  required: ['parts', 'labour', 'discount', 'subtotal', 'taxes', 'tax', 'total', 'warranty'],
  properties: {
    parts: money,
    labour: money,
    /** Cents taken off by the items' discounts (issue 27). */
    discount: money,
    /** Cents of the parts' environmental fees and core charges, less the cores returned. */
    part_charges: money,
    subtotal: money,
    taxes: { type: 'array', items: { type: 'object', required: ['code', 'amount'], properties: { code: { type: 'string' }, amount: money } } },
    tax: money,
    total: money,
    warranty: money,
  },
};
const taxRates: JsonSchema = {
  type: 'array',
  items: { type: 'object', required: ['code', 'rate', 'type'], properties: { code: { type: 'string' }, rate: { type: ['string', 'number'] }, type: { type: 'string' } } },
};
/** A document's totals with its shop supplies and document discount (lines/document-charges.ts). */
const documentTotals: JsonSchema = {
  ...totals,
  required: [...(totals.required as string[]), 'supplies', 'document_discount', 'charges'],
  properties: {
    ...(totals.properties as Record<string, JsonSchema>),
    supplies: { ...money, description: 'Cents of shop supplies (in the subtotal).' },
    document_discount: { ...money, description: 'Cents taken off by the document discount (also in discount).' },
    charges: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'group', 'amount', 'taxes'],
        properties: { kind: { enum: ['supplies', 'discount'] }, group: NULLABLE_STRING, amount: money, taxes: (totals.properties as Record<string, JsonSchema>).taxes },
      },
    },
  },
};
/** The estimate's supplies and discount terms and its tax groups' rates: the page totals what is accepted with them. */
const pricing: JsonSchema = {
  type: 'object',
  required: ['terms', 'groups'],
  properties: {
    terms: {
      type: 'object',
      properties: {
        supplies_percent: { type: ['string', 'number', 'null'] },
        supplies_cap: { type: ['integer', 'null'] },
        supplies_taxes: taxRates,
        discount_percent: { type: ['string', 'number', 'null'] },
        discount_amount: { type: ['integer', 'null'] },
      },
    },
    groups: { type: 'array', items: { type: 'object', required: ['id', 'taxes'], properties: { id: { type: 'string' }, taxes: taxRates } } },
  },
};
export const APPROVAL_VIEW: JsonSchema = {
  type: 'object',
  required: [...PUBLIC_LINK_REQUIRED, 'version', 'accepting', 'items', 'pricing', 'totals', 'answer', 'answered_version'],
  properties: {
    ...PUBLIC_LINK_HEAD,
    version: { type: 'integer' },
    sent_at: { type: ['string', 'null'], format: 'date-time' },
    accepting: { type: 'boolean', description: 'Whether the estimate takes an answer now (sent, approval open, this version not answered).' },
    vehicle: {
      anyOf: [
        { type: 'null' },
        { type: 'object', properties: PUBLIC_VEHICLE },
      ],
    },
    customer: NULLABLE_STRING,
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'detail', 'totals', 'images'],
        properties: {
          id: { type: 'string' },
          detail: { type: 'string' },
          condition: { anyOf: [{ type: 'null' }, { enum: [...ITEM_CONDITIONS] }] },
          urgency: { anyOf: [{ type: 'null' }, { enum: [...URGENCIES] }] },
          part: NULLABLE_STRING,
          quantity: { type: 'string' },
          warranty: { type: 'boolean' },
          inspection_field_id: { ...NULLABLE_STRING, description: 'The inspection’s field (finding) the job was made from; null when made otherwise.' },
          tax_group_id: { ...NULLABLE_STRING, description: 'Its tax group (the document discount is split by group).' },
          totals,
          images: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    pricing,
    totals: documentTotals,
    footer: NULLABLE_STRING,
    answer: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          properties: {
            version: { type: 'integer' },
            signer_name: { type: 'string' },
            decided_at: { type: 'string', format: 'date-time' },
            decisions: { type: 'array', items: { type: 'object', properties: { item: { type: 'string' }, decision: { enum: [...CUSTOMER_DECISIONS] } } } },
          },
        },
      ],
    },
    answered_version: { type: ['integer', 'null'] },
  },
};

publicTokenRoute('GET', '/public/estimate-approvals/:token', {
  summary: 'What the customer’s approval page shows: the estimate as it is now, the items asked about with their prices and photos, and the answer given to this version',
  tag: 'estimations',
  responses: { 200: { contentType: 'application/json', schema: APPROVAL_VIEW } },
});

publicTokenRoute('POST', '/public/estimate-approvals/:token', {
  summary: 'The customer’s answer: a decision on every item asked about, the signer’s name and signature, for the version read',
  description: 'Body: { data: { attributes: { version, signer_name, signature (PNG data URL), decisions: [{ item, decision: approved | declined }] } } }. 409 when the estimate changed since it was read, was already answered, or takes no answer now.',
  tag: 'estimations',
  responses: { 201: { contentType: 'application/json', schema: APPROVAL_VIEW } },
  errors: [409, 422],
});

describePublicDocument('/public/estimate-approvals/:token', 'estimations', {
  documentAt: '/report',
  summary: 'The estimate as a quote (PDF) in the link’s language, as it is now: the items the customer is asked about, their prices with taxes and the decisions taken',
  pdf: QUOTE_PDF,
  photoSummary: 'A photo of an item the customer is asked about (JPEG, at most 1600 pixels)',
});
