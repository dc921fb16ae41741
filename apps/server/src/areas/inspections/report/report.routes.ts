import { SCORE_TONES, URGENCIES, FIELD_ACTIONS, VIDEO_TYPES, type Locale, inspectionWorkflow } from '@atelier/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { t } from '../../../i18n/index.ts';
import { ApiError } from '../../../jsonapi/errors.ts';
import type { JsonSchema } from '../../../jsonapi/define-resource.ts';
import { publicTokenRoute } from '../../../jsonapi/openapi.ts';
import type { RouteRegistrar } from '../../../jsonapi/router.ts';
import type { InspectionRow } from '../inspection-scoring.ts';
import { inspectionsResource } from '../inspections.resource.ts';
import { reportData } from './report-data.ts';
import { describePublicDocument, describeRecordDocument, loadPhoto, pdfResponse, recordDocumentRoute, requestTimeZone as timeZoneOf, sendPdf, sendPhoto } from '../../../reports/http.ts';
import { renderReportPdf } from './report-pdf.ts';
import { openShare, type ShareRow } from './shares.ts';
import { isoText } from '../../../jsonapi/attributes.ts';
import { notFound } from '../../../jsonapi/errors.ts';
import { uploadIdOf } from '../../../reports/images.ts';
import { contentUrl, rangedFileResponses, sendUpload } from '../../files/uploads.ts';
import { uploads } from '../../files/files.table.ts';
import { isUuid } from '../../../jsonapi/attributes.ts';
import type { ReportModel } from '@atelier/domain';
import { INTEGER, NULLABLE_STRING, PUBLIC_LINK_HEAD, PUBLIC_VEHICLE, STRING, closedObject, listOf } from '../../../contract-schemas.ts';
import { storageOf, type Storage } from '../../../storage/storage.ts';
import { inTransaction } from '../../../jsonapi/router.ts';
import { systemContext } from '../../../jsonapi/system.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { inspectionFields } from '../inspections.table.ts';
import { answerApproval, approvalView, askedPhotoIds, openApprovalOfInspection } from '../../estimations/approval/approval-answers.ts';
import { APPROVAL_VIEW } from '../../estimations/approval/approval.routes.ts';

// GET /inspections/{id}/report: the report as PDF, to whoever may view the inspection (spec §7,
// "file blob"). GET /public/inspection-reports/{token} (and /summary): the same report through a
// share link, without signing in, in the link's language; /photos/{uploadId}: a finding's photo
// through the same link (never a staff URL: the customer holds no session).

/** The longest side of a photo the page shows (a phone's screen, twice for its pixel density). */

const photoUrl = (token: string, uploadId: string) => `/api/v1/public/inspection-reports/${encodeURIComponent(token)}/photos/${uploadId}`;
const videoUrl = (token: string, uploadId: string) => `/api/v1/public/inspection-reports/${encodeURIComponent(token)}/videos/${uploadId}`;

/** The report's fields by id. */
const fieldsById = (model: ReportModel) => new Map(model.sections.flatMap((s) => s.subSections.flatMap((sub) => sub.fields.map((f) => [f.id, f] as const))));

/** The uploads of the findings' photos: the photos a share link serves (besides those of the estimate it asks about). */
function findingPhotoIds(model: ReportModel): Set<string> {
  const fields = fieldsById(model);
  return new Set(model.work.flatMap((g) => g.items.flatMap((i) => (fields.get(i.field_id)?.images ?? []).flatMap((u) => uploadIdOf(u) ?? []))));
}

/**
 * The video a share link serves, in one query: the upload of the inspection's organization that
 * is the current video of one of its answered fields (touched, not N/A: those the report can show); null otherwise.
 */
async function fieldVideo(db: Db, inspection: InspectionRow, uploadId: string) {
  if (!isUuid(uploadId)) return null;
  const [found] = await db
    .select({ upload: uploads })
    .from(uploads)
    .innerJoin(inspectionFields, sql`${inspectionFields.id}::text = ${uploads.record_id}`)
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.organization_id, inspection.organization_id),
        eq(uploads.resource_type, 'inspection-fields'),
        eq(uploads.field, 'video'),
        inArray(uploads.mime, [...VIDEO_TYPES]),
        eq(inspectionFields.inspection_id, inspection.id),
        sql`lower(${inspectionFields.video}) = ${contentUrl(uploadId)}`,
        eq(inspectionFields.touched, true),
        eq(inspectionFields.not_applicable, false),
      ),
    )
    .limit(1);
  return found?.upload ?? null;
}

/**
 * The recommended work as the shared page shows it: each finding with its answer in words, colour,
 * comment, action and photos (their addresses through the share link), and the inspection's field
 * it is (an estimate's job made from it names the same: the page puts the job under its finding).
 */
function sharedWork(model: ReportModel, token: string, inspectionFieldIds: ReadonlyMap<string, string>) {
  const fields = fieldsById(model);
  return model.work.map((group) => ({
    urgency: group.urgency,
    items: group.items.map((item) => {
      const field = fields.get(item.field_id);
      const videoId = field?.video ? uploadIdOf(field.video) : null;
      return {
        inspection_field_id: inspectionFieldIds.get(item.field_id) ?? null,
        section: item.section,
        field: item.field,
        action: item.action,
        critical: item.critical,
        comment: item.comment,
        answer: field?.answer ?? null,
        measures: field?.measures ?? [],
        tone: field?.tone ?? null,
        photos: (field?.images ?? []).flatMap((u) => {
          const id = uploadIdOf(u);
          return id ? [photoUrl(token, id)] : [];
        }),
        video: videoId ? videoUrl(token, videoId) : null,
      };
    }),
  }));
}

async function reportPdf(db: Db, storage: Storage, row: InspectionRow, locale: Locale, timeZone: string) {
  return renderReportPdf(await reportData(db, storage, row, locale), { timeZone });
}

const reportFileName = (row: InspectionRow, locale: Locale) => `${t(locale, 'report.file_name')}-${row.code ?? row.id}.pdf`;

/** The inspection's fields: the form's field id → the inspection's field (row) id. */
async function inspectionFieldIdsOf(db: Db, inspectionId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: inspectionFields.id, field_id: inspectionFields.field_id }).from(inspectionFields).where(eq(inspectionFields.inspection_id, inspectionId));
  return new Map(rows.map((r) => [r.field_id, r.id]));
}

export const reportRoutes: RouteRegistrar = (api, contextOf, services) => {
  recordDocumentRoute(api, contextOf, inspectionsResource, async (ctx, row: InspectionRow, timeZone) => ({
    pdf: await reportPdf(ctx.db, storageOf(ctx.config), row, ctx.locale, timeZone),
    name: reportFileName(row, ctx.locale),
  }));

  /** The share a public token opens, the request then in its language; 404 unknown, 410 revoked or expired. */
  async function opened(request: FastifyRequest): Promise<{ share: ShareRow; inspection: InspectionRow }> {
    // Every public read counts against the caller's address: a PDF costs real work.
    await services.limits.consume('shared_report', { ip: request.ip });
    const found = await openShare(services.database.db, (request.params as { token: string }).token);
    if (found.status === 'unknown') throw new ApiError(404, 'share.not_found');
    request.locale = found.status === 'gone' ? found.locale : found.share.locale;
    if (found.status === 'gone') throw new ApiError(410, 'share.gone');
    return found;
  }

  api.get('/public/inspection-reports/:token', async (request, reply) => {
    const { share, inspection } = await opened(request);
    return sendPdf(reply, await reportPdf(services.database.db, storageOf(services.config), inspection, share.locale, timeZoneOf(request)), reportFileName(inspection, share.locale));
  });

  api.get('/public/inspection-reports/:token/summary', async (request, reply) => {
    const { share, inspection } = await opened(request);
    const db = services.database.db;
    const token = (request.params as { token: string }).token;
    const data = await reportData(db, storageOf(services.config), inspection, share.locale, { images: false });
    const m = data.model;
    // The estimate sent for approval, when there is one: the customer answers it from this page.
    const approval = await openApprovalOfInspection(db, inspection);
    return reply.header('Cache-Control', 'private, no-store').send({
      locale: share.locale,
      expires_at: isoText(share.expires_at),
      organization: data.organization.name,
      location: data.location?.name ?? null,
      code: data.code,
      state: data.state,
      completed_at: isoText(data.dates.completed_at),
      vehicle: data.vehicle,
      vehicle_score: m.vehicle_score,
      tone: m.tone,
      note: m.note,
      sections: m.sections.map((s) => ({ name: s.name, score: s.score, tone: s.tone, subSections: s.subSections.map((sub) => ({ name: sub.name, score: sub.score, tone: sub.tone })) })),
      work: sharedWork(m, token, await inspectionFieldIdsOf(db, inspection.id)),
      approval: approval ? await approvalView(db, approval.link, approval.estimation, (id) => photoUrl(token, id)) : null,
    });
  });

  /**
   * The customer's answer to the inspection's estimate from the report (docs/decisions.md
   * "Approving from the shared report"): the approval's own answer (answerApproval: one answer per
   * version, every job decided, the signer, the time and address kept, the declined jobs deferred),
   * the typed name signing; 409 when no estimate awaits an answer.
   */
  api.post('/public/inspection-reports/:token/answer', async (request, reply) => {
    const { share, inspection } = await opened(request);
    const db = services.database.db;
    const token = (request.params as { token: string }).token;
    const from = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
    // Nobody signed in: the engine writes for the inspection's organization, the share as the cause until the approval is found.
    const system = systemContext({ ...services, db, ip: request.ip }, inspection.organization_id, { cause: { type: 'inspection-shares', id: share.id }, locale: share.locale });
    // The approval looked up once, locked (one answer per version), and answered as it is then.
    const view = await inTransaction(system, async (tx) => {
      const locked = await openApprovalOfInspection(tx.db, inspection, true);
      if (!locked) throw new ApiError(409, 'report_approval.none');
      // The approval's link is the cause of what the answer writes, as through its own page.
      const link = await answerApproval({ ...tx, system: { type: 'estimate-approvals', id: locked.link.id } }, locked, request.body, from, 'typed');
      return approvalView(tx.db, link, locked.estimation, (id) => photoUrl(token, id));
    });
    return reply.code(201).header('Cache-Control', 'private, no-store').send(view);
  });

  api.get('/public/inspection-reports/:token/photos/:uploadId', async (request, reply) => {
    const { share, inspection } = await opened(request);
    const uploadId = String((request.params as { uploadId: string }).uploadId).toLowerCase();
    const { model } = await reportData(services.database.db, storageOf(services.config), inspection, share.locale, { images: false });
    // Only a photo of a finding the page shows, or of a job of the estimate it asks about: the link opens nothing else of the organization's.
    if (!findingPhotoIds(model).has(uploadId)) {
      const approval = await openApprovalOfInspection(services.database.db, inspection);
      if (!approval || !(await askedPhotoIds(services.database.db, approval.estimation.id)).has(uploadId)) throw notFound(uploadId);
    }
    return sendPhoto(reply, await loadPhoto(services.database.db, storageOf(services.config), uploadId, inspection.organization_id));
  });

  api.get('/public/inspection-reports/:token/videos/:uploadId', async (request, reply) => {
    const { inspection } = await opened(request);
    const uploadId = String((request.params as { uploadId: string }).uploadId).toLowerCase();
    // One query on every request (a player asks range after range): the video of an answered field of this inspection.
    const upload = await fieldVideo(services.database.db, inspection, uploadId);
    if (!upload) throw notFound(uploadId);
    // Byte ranges: Safari on iPhone plays a video only from 206 answers.
    return sendUpload(reply, services.config, upload, request.headers.range);
  });
};

publicTokenRoute('GET', '/public/inspection-reports/:token/videos/:uploadId', {
  summary: 'The video of a finding the shared report shows (MP4, WebM or QuickTime, at most 30 s); 404 for any other upload',
  tag: 'inspections',
  responses: rangedFileResponses('The video, with its type, inline; Accept-Ranges: bytes.'),
});

const tone: JsonSchema = { enum: [...SCORE_TONES] };
const PDF = pdfResponse('The report (PDF), inline, named after the inspection’s code.');

describeRecordDocument('inspections', {
  summary: 'The inspection’s report as PDF, in the request’s language (any state: a report before completion is marked as a draft)',
  description: 'Needs the right to view the inspection. Dates print in the X-Timezone header’s zone.',
  pdf: PDF,
});

describePublicDocument('/public/inspection-reports/:token', 'inspections', {
  summary: 'The report of a shared inspection as PDF, in the share’s language; no sign-in (the token is the link’s)',
  pdf: PDF,
  photoSummary: 'A photo of a finding the shared report shows (JPEG, at most 1600 pixels); 404 for any other upload',
});

publicTokenRoute('GET', '/public/inspection-reports/:token/summary', {
  summary: 'What the public page of a shared report shows: the vehicle, its score and verdict, the sections and the recommended work, each finding with its answer, comment, action and photos',
  tag: 'inspections',
  responses: {
    200: {
      contentType: 'application/json',
      schema: closedObject({
        ...PUBLIC_LINK_HEAD,
        state: { enum: [...inspectionWorkflow.states] },
        completed_at: { type: ['string', 'null'], format: 'date-time' },
        vehicle: {
          anyOf: [
            { type: 'null' },
            closedObject(PUBLIC_VEHICLE),
          ],
        },
        vehicle_score: INTEGER,
        tone,
        note: NULLABLE_STRING,
        sections: listOf(closedObject({ name: STRING, score: INTEGER, tone, subSections: listOf(closedObject({ name: STRING, score: INTEGER, tone })) })),
        work: listOf(
          closedObject({
            urgency: { enum: [...URGENCIES] },
            items: listOf(
              closedObject({
                inspection_field_id: { ...NULLABLE_STRING, description: 'The inspection’s field of the finding: the approval’s jobs made from it name it.' },
                section: STRING,
                field: STRING,
                action: { enum: [...FIELD_ACTIONS] },
                critical: { type: 'boolean', description: 'A safety-critical field in a failing state (listed first in its group)' },
                comment: NULLABLE_STRING,
                answer: { ...NULLABLE_STRING, description: 'The answer in words ("À remplacer"); null when not answered.' },
                measures: listOf(STRING, { description: 'Measures in words (a tire’s depth and pressure).' }),
                tone: { anyOf: [{ type: 'null' }, tone] },
                photos: listOf(STRING, { description: 'The finding’s photos, as addresses under this link (/photos/{uploadId}).' }),
                video: { ...NULLABLE_STRING, description: 'The finding’s video, as an address under this link (/videos/{uploadId}); null when none.' },
              }),
            ),
          }),
        ),
        approval: {
          anyOf: [{ type: 'null' }, APPROVAL_VIEW],
          description: 'The inspection’s estimate sent for approval (an open link), as its approval page shows it (the photos under this link); null when none: the customer answers it with POST /answer.',
        },
      }),
    },
  },
});

publicTokenRoute('POST', '/public/inspection-reports/:token/answer', {
  summary: 'The customer’s answer, from the shared report, to the inspection’s estimate sent for approval: a decision on every job, the signer’s name (the typed name signs)',
  description:
    'Body: { data: { attributes: { version, signer_name, decisions: [{ item, decision: approved | declined }] } } }. The approval’s own rules: one answer per version, signer, time and address kept. 409 when no estimate awaits an answer, the estimate changed since it was read, or was already answered.',
  tag: 'inspections',
  responses: { 201: { contentType: 'application/json', schema: APPROVAL_VIEW } },
  errors: [409, 422],
});
