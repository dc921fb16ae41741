import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError } from '../../jsonapi/errors.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_LINES = 200_000;

export interface ParsedFile {
  format: 'csv' | 'xlsx';
  columns: string[];
  /** Record lines (the header excluded), each cell as text. */
  rows: string[][];
}

/** The format, from the content only: an XLSX archive, or text (a CSV); anything else is refused. */
export async function detectFormat(buffer: Buffer): Promise<'csv' | 'xlsx'> {
  const type = await fileTypeFromBuffer(buffer);
  if (type?.mime === XLSX_MIME) return 'xlsx';
  if (type) throw new ApiError(422, 'import.file_type', undefined, { parameter: 'file' });
  // Text: no NUL byte in the first 64 KiB (binary files file-type does not know have some).
  if (buffer.subarray(0, 65536).includes(0)) throw new ApiError(422, 'import.file_type', undefined, { parameter: 'file' });
  return 'csv';
}

/** UTF-8 (with or without BOM), else Windows-1252 as Excel for Windows writes French CSV files. */
function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/** The separator of the header line: the most frequent of ; , tab outside quotes. */
export function detectDelimiter(text: string): string {
  const end = text.indexOf('\n');
  const first = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((d) => [d, first.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ',';
}

const cleanHeaders = (raw: string[]) => {
  const seen = new Map<string, number>();
  return raw.map((h, i) => {
    let name = String(h ?? '').trim() || `#${i + 1}`;
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    if (n) name = `${name} (${n + 1})`;
    return name;
  });
};

function finish(format: 'csv' | 'xlsx', table: string[][]): ParsedFile {
  // Blank lines carry nothing: dropped at the end, kept (as skipped) in the middle for line numbers.
  while (table.length && table[table.length - 1].every((c) => c.trim() === '')) table.pop();
  if (table.length === 0 || table[0].every((c) => c.trim() === '')) throw new ApiError(422, 'import.empty', undefined, { parameter: 'file' });
  const columns = cleanHeaders(table[0]);
  const rows = table.slice(1);
  if (rows.length > MAX_LINES) throw new ApiError(422, 'import.too_many_lines', { max: MAX_LINES }, { parameter: 'file' });
  return { format, columns, rows };
}

export async function parseImportFile(buffer: Buffer, format?: 'csv' | 'xlsx'): Promise<ParsedFile> {
  const kind = format ?? (await detectFormat(buffer));
  if (kind === 'csv') {
    const text = decodeText(buffer).replace(/^\uFEFF/, '');
    const result = Papa.parse<string[]>(text, { delimiter: detectDelimiter(text), skipEmptyLines: false });
    const fatal = result.errors.find((e) => e.type === 'Quotes');
    if (fatal) throw new ApiError(422, 'import.malformed', { line: (fatal.row ?? 0) + 1 }, { parameter: 'file' });
    return finish('csv', result.data.map((r) => r.map((c) => (c ?? '').toString())));
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(422, 'import.malformed_xlsx', undefined, { parameter: 'file' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ApiError(422, 'import.empty', undefined, { parameter: 'file' });
  const table: string[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    table[number - 1] = cells;
  });
  for (let i = 0; i < table.length; i++) table[i] ??= new Array(width).fill('');
  return finish('xlsx', table);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
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
