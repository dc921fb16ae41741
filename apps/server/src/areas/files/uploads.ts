import { extname } from 'node:path';
import multipart from '@fastify/multipart';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_VIDEO_SECONDS, regionLocale, VIDEO_TYPES, type Locale } from '@atelier/domain';
import { newId } from '../../db/columns.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { UploadField } from '../../jsonapi/define-resource.ts';
import { allowed, authorize } from '../../jsonapi/policies.ts';
import { findRow } from '../../jsonapi/scope.ts';
import { ApiError, notFound } from '../../jsonapi/errors.ts';
import { inTransaction, type RouteRegistrar } from '../../jsonapi/router.ts';
import { describeRoute } from '../../jsonapi/openapi.ts';
import { isUuid } from '../../jsonapi/attributes.ts';
import { own } from '../../jsonapi/own.ts';
import { column } from '../../jsonapi/filters.ts';
import { inIds } from '../../jsonapi/select.ts';
import { updateRecord } from '../../jsonapi/write.ts';
import { imageSize, MAX_IMAGE_PIXELS } from '../../reports/images.ts';
import type { UploadsNamed } from '../../jsonapi/registry.ts';
import { toUuidArray } from '../../access/tenancy.ts';
import { rowsOf } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { deleteAfterCommit, deleteQuietly, isUploadKey, storageOf } from '../../storage/storage.ts';
import { files, folders, uploads } from './files.table.ts';
import { contentDisposition } from '../../reports/table-file.ts';
import { videoDuration } from './video-duration.ts';
import { rangeAsked } from './byte-range.ts';

/** What each kind accepts, by the type read from the file's first bytes (never its name). */
const KINDS: Record<UploadField['kinds'][number], string[]> = {
  // No SVG: it is script-capable XML that magic bytes cannot tell apart from a page.
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'],
  pdf: ['application/pdf'],
  document: [
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation',
    'application/rtf',
  ],
  video: [...VIDEO_TYPES],
};

/** Shown in the browser; anything else is downloaded. */
const INLINE = new Set([...KINDS.image, ...KINDS.video, 'application/pdf']);

export const contentUrl = (uploadId: string) => `/api/v1/uploads/${uploadId}/content`;

/** POST /uploads/{resource}/{id}/{field} and GET /uploads/{id}/content. */
export const uploadRoutes: RouteRegistrar = (api, contextOf) => {
  // Multipart parsing only where files are expected.
  api.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 5, fields: 20, parts: 25 } });

    /** POST /uploads/{resource}/{id}/{field}, file in `attachment`: stores it, sets the field, answers the url. */
    scope.post('/uploads/:resource/:id/:field', async (request, reply) => {
      const ctx = contextOf(request);
      const { resource, id, field } = request.params as { resource: string; id: string; field: string };
      const def = ctx.registry.find(resource);
      if (!def) throw new ApiError(404, 'error.route_not_found');
      const spec = own(def.uploads, field);
      if (!spec) throw new ApiError(422, 'error.upload_field', { field }, { parameter: 'field' });
      // Same rights as PATCH: the record must be visible (else 404) and editable (else 403).
      const record = await findRow(ctx, def, id);
      if (!allowed(ctx, def, 'edit') && !spec.mayEdit?.(ctx, record)) authorize(ctx, def, 'edit');

      const video = spec.kinds.includes('video');
      const file = await readAttachment(request, ctx, video ? { max: ctx.config.videoMaxBytes, tooLarge: 422 } : { max: ctx.config.uploadMaxBytes, tooLarge: 413 });
      const type = await fileTypeFromBuffer(file.buffer);
      const accepted = spec.kinds.flatMap((k) => KINDS[k]);
      if (!type || !accepted.includes(type.mime)) throw new ApiError(422, 'error.upload_type', undefined, { parameter: 'attachment' });
      if (KINDS.image.includes(type.mime)) await checkImage(file.buffer);
      if (KINDS.video.includes(type.mime)) checkVideo(file.buffer, type.mime);

      const organizationId = def.type === 'organizations' ? record.id : ((record.organization_id as string | null) ?? null);
      const resellerId = def.type === 'resellers' ? record.id : ((record.reseller_id as string | null) ?? null);
      const uploadId = newId();
      const month = new Date().toISOString().slice(0, 7);
      const path = `uploads/${organizationId ?? 'platform'}/${month}/${uploadId}.${type.ext}`;
      // Kept only once checked; its row follows (a row never names missing contents).
      const storage = storageOf(ctx.config);
      await storage.put(path, file.buffer, { type: type.mime, length: file.buffer.length });

      const url = contentUrl(uploadId);
      try {
        await inTransaction(ctx, async (tx) => {
          // direct write: an uploaded file's row, written with its file (infrastructure)
          await tx.db.insert(uploads).values({
            id: uploadId,
            organization_id: organizationId,
            reseller_id: resellerId,
            resource_type: def.type,
            record_id: record.id,
            field,
            path,
            mime: type.mime,
            size: file.buffer.length,
            original_name: file.name,
            created_by: ctx.actor.id,
          });
          // A list field (a vehicle's pictures) gets the file appended, read under lock so
          // two uploads at once both stay.
          const attribute = def.attributes[field];
          const value =
            attribute?.kind === 'array'
              ? [...(((await findRow(tx, def, record.id, { lock: true }))[attribute.column ?? field] as string[] | null) ?? []), url]
              : url;
          // Through the engine: same validation, activity log and notifications as a PATCH.
          await updateRecord(tx, def, record.id, { data: { type: def.type, id: record.id, attributes: { [field]: value } } });
        });
      } catch (err) {
        await deleteQuietly(storage, [path], request.log);
        throw err;
      }
      return reply.code(201).send({ url });
    });
  });

  /** GET /uploads/{id}/content: the file, to whoever may see the record it was uploaded for. */
  api.get('/uploads/:uploadId/content', async (request, reply) => {
    const ctx = contextOf(request);
    const { uploadId } = request.params as { uploadId: string };
    if (!isUuid(uploadId)) throw notFound(uploadId);
    const [upload] = await ctx.db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
    const def = upload && ctx.registry.find(upload.resource_type);
    if (!upload || !def) throw notFound(uploadId);
    // The record's tenancy scope decides; a record out of reach hides its files as well.
    await findRow(ctx, def, upload.record_id).catch((err) => {
      throw err instanceof ApiError && err.status === 404 ? notFound(uploadId) : err;
    });
    return sendUpload(reply, ctx.config, upload, request.headers.range);
  });
};

type UploadRow = typeof uploads.$inferSelect;

/**
 * The contract of a file sendUpload answers: the whole file (200, `whole` says what it is), one byte
 * range (206, as Safari on iPhone asks to play a video; several ranges are answered whole), 416 past the end.
 */
export const rangedFileResponses = (whole: string) => ({
  200: { contentType: '*/*', description: whole, schema: { type: 'string', format: 'binary' } },
  206: { contentType: '*/*', description: 'The bytes one `Range: bytes=a-b` asked (Content-Range says which); several ranges are answered whole (200). 416 past the end.', schema: { type: 'string', format: 'binary' } },
  416: { description: 'The range asked lies past the end of the file: no body; Content-Range: bytes */{size}.', headers: { 'Content-Range': { description: 'bytes */{size}', schema: { type: 'string' } } } },
});

/**
 * An uploaded file's contents, streamed with its type; the caller checked who may see it. A
 * `Range` header (one range of bytes) is answered with those bytes (206, Content-Range), past the
 * end with 416: Safari on iPhone plays a video only so, and players seek so (docs/decisions.md
 * "Video byte ranges").
 */
export async function sendUpload(reply: FastifyReply, config: Config, upload: UploadRow, rangeHeader?: string) {
  if (!isUploadKey(upload.path)) throw notFound(upload.id);
  // One read of the store: the bytes asked, with the file's size to answer the range against.
  const stored = await storageOf(config).get(upload.path, rangeAsked(rangeHeader) ?? undefined);
  if (!stored) throw notFound(upload.id);
  // A file opened directly never runs as a page (Chrome's PDF viewer does not bear a sandbox).
  if (upload.mime !== 'application/pdf') reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  reply.header('Accept-Ranges', 'bytes').header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, max-age=300');
  if (stored.range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${stored.size}`).send();
  // Streamed from the store through this route (its access rules): no public bucket address.
  const name = `${(upload.original_name ?? 'file').replace(extname(upload.original_name ?? ''), '')}${extname(upload.path)}`;
  if (stored.range) reply.code(206).header('Content-Range', `bytes ${stored.range.start}-${stored.range.end}/${stored.size}`);
  return reply
    .header('Content-Type', upload.mime)
    .header('Content-Length', stored.length)
    .header('Content-Disposition', contentDisposition(name, INLINE.has(upload.mime)))
    .send(stored.body);
}

describeRoute('POST', '/uploads/:resource/:id/:field', {
  summary: 'Uploads a file for a record’s field (multipart, file in `attachment`); the field is set to its URL',
  description: 'Same rights as PATCH of the record. Images: PNG, JPEG, GIF, WebP, AVIF (no SVG); documents: PDF and office formats, told by their bytes.',
  tag: 'uploads',
  body: {
    contentType: 'multipart/form-data',
    schema: { type: 'object', properties: { attachment: { type: 'string', format: 'binary' } }, required: ['attachment'] },
  },
  responses: {
    201: {
      contentType: 'application/json',
      schema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'], additionalProperties: false },
    },
  },
  errors: [403, 404, 409, 413, 415, 422],
});

describeRoute('GET', '/uploads/:uploadId/content', {
  summary: 'The file, to whoever may see the record it was uploaded for',
  tag: 'uploads',
  responses: rangedFileResponses('The file, with its type; images and PDF inline, others as attachment. Accept-Ranges: bytes.'),
  errors: [404],
});

/** An image sharp reads, within MAX_IMAGE_PIXELS by its header (a pixel bomb is refused before any decoding). */
async function checkImage(buffer: Buffer) {
  const size = await imageSize(buffer);
  if (!size) throw new ApiError(422, 'error.upload_type', undefined, { parameter: 'attachment' });
  if (size.pixels > MAX_IMAGE_PIXELS)
    throw new ApiError(422, 'error.upload_pixels', { width: size.width, height: size.height, max: MAX_IMAGE_PIXELS / 1_000_000 }, { parameter: 'attachment' });
}

/**
 * A video whose header gives a duration within MAX_VIDEO_SECONDS. One that gives none (a WebM
 * recorded live carries no Duration) is refused too: its length could not be vouched for.
 */
function checkVideo(buffer: Buffer, mime: string) {
  const seconds = videoDuration(buffer, mime);
  if (seconds === null) throw new ApiError(422, 'error.video_duration_unknown', undefined, { parameter: 'attachment' });
  if (seconds > MAX_VIDEO_SECONDS)
    throw new ApiError(422, 'error.video_too_long', { seconds: Math.ceil(seconds), max: MAX_VIDEO_SECONDS }, { parameter: 'attachment' });
}

/**
 * The `attachment` file of the request, read into memory within `max` bytes (UPLOAD_MAX_BYTES, or
 * VIDEO_MAX_BYTES for a video field). Past it: 413, but 422 for a video (the limit is the field's
 * rule, which the tablet shows on the video, not the transport's).
 */
async function readAttachment(request: import('fastify').FastifyRequest, ctx: RequestContext, { max, tooLarge }: { max: number; tooLarge: 413 | 422 }) {
  if (!request.isMultipart()) throw new ApiError(422, 'error.upload_missing', undefined, { parameter: 'attachment' });
  try {
    for await (const part of request.parts({ limits: { fileSize: max } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'attachment') {
        await part.toBuffer();
        continue;
      }
      const buffer = await part.toBuffer();
      return { buffer, name: part.filename ? part.filename.slice(0, 255) : null };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(tooLarge, 'error.upload_too_large', { max: formatSize(max, ctx.locale) }, tooLarge === 422 ? { parameter: 'attachment' } : undefined);
    throw err;
  }
  throw new ApiError(422, 'error.upload_missing', undefined, { parameter: 'attachment' });
}

function formatSize(bytes: number, locale: Locale) {
  const [unit, div] = bytes >= 1024 * 1024 ? ['M', 1024 * 1024] : bytes >= 1024 ? ['K', 1024] : ['', 1];
  const n = new Intl.NumberFormat(regionLocale(locale), { maximumFractionDigits: 1 }).format(bytes / (div as number));
  return `${n} ${unit}${locale === 'fr' ? 'o' : 'B'}`;
}

/** The uploads these ids name, as the engine checks a document's upload addresses (the area's engine hook). */
export const uploadsNamed: UploadsNamed = (ctx, ids) =>
  ctx.db.select({ id: uploads.id, organization: uploads.organization_id, type: uploads.resource_type, record: uploads.record_id }).from(uploads).where(inIds(column(uploads, 'id'), ids));

/**
 * Deleting files (or folders, everything below them): the uploads made for those files (their
 * content and every former version) go with them, rows now and stored contents once committed.
 */
export async function dropFileContents(ctx: RequestContext, of: { files?: string[]; folders?: string[] }) {
  const fileIds = of.files?.length ? sql`SELECT unnest(${toUuidArray(of.files)}::uuid[]) AS id` : null;
  const underFolders = of.folders?.length
    ? sql`WITH RECURSIVE below(id) AS (
        SELECT f.id FROM ${folders} f WHERE f.id = ANY(${toUuidArray(of.folders)})
        UNION SELECT c.id FROM ${folders} c JOIN below b ON c.parent_id = b.id
      ) SELECT ${files.id} AS id FROM ${files} JOIN below b ON ${files.folder_id} = b.id`
    : null;
  const which = fileIds ?? underFolders;
  if (!which) return;
  // direct write: the uploads' rows go with their file (infrastructure, as the upload route writes them)
  const gone = rowsOf<{ path: string }>(
    await ctx.db.execute(sql`DELETE FROM ${uploads} WHERE ${uploads.resource_type} = 'files'
      AND ${uploads.record_id} IN (SELECT id::text FROM (${which}) AS doomed) RETURNING ${uploads.path} AS path`),
  );
  deleteAfterCommit(ctx, gone.map((g) => g.path));
}
