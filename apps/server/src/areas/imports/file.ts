import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import { hasMessage } from '../../i18n/index.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import type { PackedFile } from './packed.ts';
import { parseInWorker } from './parse-pool.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The format, from the content only: an XLSX archive, or text (a CSV); anything else is refused. */
export async function detectFormat(buffer: Buffer): Promise<'csv' | 'xlsx'> {
  const type = await fileTypeFromBuffer(buffer);
  if (type?.mime === XLSX_MIME) return 'xlsx';
  if (type) throw new ApiError(422, 'import.file_type', undefined, { parameter: 'file' });
  // Text: no NUL byte in the first 64 KiB (binary files file-type does not know have some).
  if (buffer.subarray(0, 65536).includes(0)) throw new ApiError(422, 'import.file_type', undefined, { parameter: 'file' });
  return 'csv';
}

/**
 * The file's lines, read within the caps (bounded.ts) in a worker (parse-pool.ts), packed
 * (packed.ts); a file over a cap is a 422 naming it.
 */
export async function parseImportFile(buffer: Buffer, format?: 'csv' | 'xlsx'): Promise<PackedFile> {
  const kind = format ?? (await detectFormat(buffer));
  const outcome = await parseInWorker(buffer, kind);
  if ('file' in outcome) return outcome.file;
  const { key, params } = outcome.refused;
  // A failure the reader did not name: the file is unreadable, said for what it is.
  throw new ApiError(422, hasMessage(key) ? key : kind === 'xlsx' ? 'import.malformed_xlsx' : 'import.unreadable_csv', params, { parameter: 'file' });
}

/** The multipart form: text fields and the `file` part, read into memory within IMPORT_MAX_BYTES. */
export async function readForm(request: FastifyRequest, ctx: RequestContext) {
  const max = ctx.config.importMaxBytes;
  if (!request.isMultipart()) throw new ApiError(422, 'import.file_missing', undefined, { parameter: 'file' });
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; name: string | null } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: max } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.fieldname === 'file') file = { buffer, name: part.filename ? part.filename.slice(0, 255) : null };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, 'import.too_large', { max: `${Math.round(max / (1024 * 1024))} MB` }, { parameter: 'file' });
    throw err;
  }
  return { fields, file };
}
