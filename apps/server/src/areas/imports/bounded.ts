import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import Papa from 'papaparse';
import { SaxesParser } from 'saxes';
import type { PackedFile } from './packed.ts';

// Reading an uploaded spreadsheet within bounds (issue 29): an XLSX is a zip whose sheet may
// inflate a thousand times, a CSV may be one line of 50 MB. Every cap is checked while the file
// is read (declared sizes first, then the bytes actually inflated, the rows as they arrive), so a
// hostile file is refused after reading no more than a cap's worth. Runs in the parse worker
// (parse-worker.ts): nothing here touches the database or the request.

/** The caps, documented in the README and docs/api.md. */
export const CAPS = {
  /** Record lines of a file (the header excluded). */
  lines: 200_000,
  /** Characters of a cell: Excel's own maximum. */
  cell: 32_767,
  /** Columns of a line: Excel's own maximum. */
  columns: 16_384,
  /** Characters of a CSV line between two line breaks. */
  lineChars: 1_048_576,
  /** Parts (zip entries) of a workbook. */
  entries: 1_000,
  /** Distinct texts (shared strings) of a workbook. */
  sharedStrings: 2_000_000,
  /** A workbook's uncompressed size: this multiple of the file's size, ... */
  inflateRatio: 100,
  /** ... at least this (a small workbook's styles and parts weigh more than its data), ... */
  inflateFloor: 32 * 1024 * 1024,
  /** ... and never more than this. */
  inflateCeiling: 256 * 1024 * 1024,
} as const;

/** A file refused: the message key and its parameters (turned into a 422 by the caller). */
export class FileRefused extends Error {
  constructor(
    readonly key: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
  }
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** The uncompressed bytes a workbook of this size may inflate to. */
export const inflateLimit = (fileSize: number) => Math.min(CAPS.inflateCeiling, Math.max(CAPS.inflateFloor, fileSize * CAPS.inflateRatio));

// ------------------------------------------------------------------ table

/** Whether a line of the table (see Table) has nothing but blanks; a missing line has nothing. */
const isBlankLine = (line: string | undefined) => !line || line.slice(1 + line.charCodeAt(0)).trim() === '';

/** The cells of a line of the table, `width` of them (blank past its own). */
function cellsOf(line: string | undefined, width: number): string[] {
  const cells: string[] = new Array(width).fill('');
  if (!line) return cells;
  const n = line.charCodeAt(0);
  for (let c = 0, at = 1 + n; c < n; c++) {
    const length = line.charCodeAt(1 + c);
    cells[c] = line.slice(at, at + length);
    at += length;
  }
  return cells;
}

/**
 * The table being read: lines counted and cells measured as they arrive. A line is kept as one
 * string: a head of character codes, its number of cells then each one's length (at most
 * CAPS.columns and CAPS.cell, each fits in one UTF-16 unit), and its cells one after the other.
 * Arrays of cells held 100,000 lines in ~35 MB of the parse worker's heap; strings, ~8 MB, and
 * finish() packs them (packed.ts) without making a string per cell.
 */
class Table {
  private readonly lines: string[] = [];

  /** Sets line `index` (0 = the header); missing lines between stay blank. */
  put(index: number, cells: string[]) {
    const lengths: number[] = new Array(cells.length);
    for (let c = 0; c < cells.length; c++) {
      lengths[c] = (cells[c] ?? '').length;
      if (lengths[c] > CAPS.cell) throw cellTooLong();
    }
    if (index > CAPS.lines) {
      // Blank lines at the end are dropped (finish): only a line with something is one too many.
      if (cells.every((c) => c.trim() === '')) return;
      throw new FileRefused('import.too_many_lines', { max: CAPS.lines });
    }
    if (cells.length > CAPS.columns) throw new FileRefused('import.cap_columns', { max: CAPS.columns, line: index + 1 });
    // join() reads a missing cell (an XLSX line's gap) as empty, as its length of 0 says.
    this.lines[index] = String.fromCharCode(cells.length, ...lengths) + cells.join('');
  }

  finish(format: 'csv' | 'xlsx'): PackedFile {
    const table = this.lines;
    // Every line has as many cells as the widest, blank lines at the end included.
    let width = 0;
    for (const line of table) width = Math.max(width, line?.charCodeAt(0) ?? 0);
    // Blank lines carry nothing: dropped at the end, kept (as skipped) in the middle for line numbers.
    while (table.length && isBlankLine(table[table.length - 1])) table.pop();
    if (table.length === 0 || isBlankLine(table[0])) throw new FileRefused('import.empty');
    const lines = table.length - 1;
    const starts = new Uint32Array(lines * width + 1);
    const texts: string[] = [];
    let at = 0;
    let k = 0;
    for (let i = 1; i < table.length; i++) {
      const line = table[i];
      const n = line?.charCodeAt(0) ?? 0;
      for (let c = 0; c < width; c++) {
        starts[k++] = at;
        if (c < n) at += line.charCodeAt(1 + c);
      }
      if (line) texts.push(line.slice(1 + n));
    }
    starts[k] = at;
    return { format, columns: cleanHeaders(cellsOf(table[0], width)), lines, text: texts.join(''), starts };
  }
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

const cellTooLong = () => new FileRefused('import.cap_cell', { max: CAPS.cell });

// ------------------------------------------------------------------ CSV

/** UTF-8 (with or without BOM), else Windows-1252 as Excel for Windows writes French CSV files. */
function decodeText(buffer: Uint8Array): string {
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

export function parseCsv(buffer: Uint8Array): PackedFile {
  const text = decodeText(buffer).replace(/^\uFEFF/, '');
  // A line's length first: the parser would split a 50 MB line into millions of cells at once.
  for (let start = 0, line = 1; start < text.length; line++) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > CAPS.lineChars) throw new FileRefused('import.cap_line', { max: CAPS.lineChars, line });
    start = stop + 1;
  }
  const table = new Table();
  let index = 0;
  let malformed: number | null = null;
  Papa.parse<string[]>(text, {
    delimiter: detectDelimiter(text),
    skipEmptyLines: false,
    step: (result, parser) => {
      if (result.errors.some((e) => e.type === 'Quotes')) {
        malformed = index + 1;
        parser.abort();
        return;
      }
      table.put(index++, result.data.map((c) => (c ?? '').toString()));
    },
  });
  if (malformed !== null) throw new FileRefused('import.malformed', { line: malformed });
  return table.finish('csv');
}

// ------------------------------------------------------------------ XLSX: the zip

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
}

/** The entries of a zip from its central directory, within the caps on their number and declared sizes. */
export function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  const malformed = () => new FileRefused('import.malformed_xlsx');
  // The end of central directory record: in the last 64 KiB (its comment), signature PK\5\6.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw malformed();
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  // Zip64 (0xFFFF entries or 0xFFFFFFFF offsets) is for files far over the caps.
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new FileRefused('import.cap_entries', { max: CAPS.entries });
  if (count > CAPS.entries) throw new FileRefused('import.cap_entries', { max: CAPS.entries });
  const entries = new Map<string, ZipEntry>();
  let declared = 0;
  let p = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50) throw malformed();
    const nameLength = zip.readUInt16LE(p + 28);
    const entry: ZipEntry = {
      method: zip.readUInt16LE(p + 10),
      compressedSize: zip.readUInt32LE(p + 20),
      size: zip.readUInt32LE(p + 24),
      headerOffset: zip.readUInt32LE(p + 42),
      name: zip.toString('utf8', p + 46, p + 46 + nameLength),
    };
    declared += entry.size;
    entries.set(entry.name, entry);
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  const limit = inflateLimit(zip.length);
  if (declared > limit) throw inflateRefusal(zip.length);
  return entries;
}

const inflateRefusal = (fileSize: number) =>
  new FileRefused('import.cap_uncompressed', { max: megabytes(inflateLimit(fileSize)), ratio: CAPS.inflateRatio, ceiling: megabytes(CAPS.inflateCeiling) });

/**
 * The bytes of an entry as they inflate, counted against the budget the whole file shares: the
 * sizes a central directory declares may lie, the inflated bytes do not.
 */
async function* inflate(zip: Buffer, entry: ZipEntry, budget: { left: number }): AsyncGenerator<Buffer> {
  const h = entry.headerOffset;
  if (h + 30 > zip.length || zip.readUInt32LE(h) !== 0x04034b50) throw new FileRefused('import.malformed_xlsx');
  const start = h + 30 + zip.readUInt16LE(h + 26) + zip.readUInt16LE(h + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (entry.method !== 0 && entry.method !== 8) throw new FileRefused('import.malformed_xlsx');
  const source = Readable.from([data]);
  const stream = entry.method === 8 ? source.pipe(createInflateRaw({ chunkSize: 1024 * 1024 })) : source;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw inflateRefusal(zip.length);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof FileRefused) throw err;
    throw new FileRefused('import.malformed_xlsx');
  } finally {
    stream.destroy();
  }
}

/** Reads an entry's XML, calling the handlers as its elements open and close. */
async function readXml(
  chunks: AsyncIterable<Buffer>,
  on: { open?: (name: string, attributes: Record<string, string>) => void; text?: (text: string) => void; close?: (name: string) => void },
) {
  const parser = new SaxesParser();
  let failed: unknown = null;
  parser.on('error', (err) => (failed ??= err));
  if (on.open) parser.on('opentag', (node) => on.open!(node.name, node.attributes as Record<string, string>));
  if (on.text) parser.on('text', on.text);
  if (on.close) parser.on('closetag', (node) => on.close!(node.name));
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    parser.write(decoder.decode(chunk, { stream: true }));
    if (failed) break;
  }
  if (!failed) parser.close();
  if (failed) throw failed instanceof FileRefused ? failed : new FileRefused('import.malformed_xlsx');
}

// ------------------------------------------------------------------ XLSX: the workbook

/** Built-in number formats that are dates (ECMA-376 18.8.30). */
const DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
/** A custom format is a date when it has date letters outside quotes and brackets (as exceljs reads it). */
const isDateCode = (code: string) => /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Text of <t> elements, outside phonetic runs (rPh), with the cell cap checked as it grows. */
class TextCollector {
  private depth = 0;
  private inT = false;
  text = '';
  open(name: string) {
    if (name === 'rPh') this.depth++;
    else if (name === 't' && !this.depth) this.inT = true;
  }
  add(text: string) {
    if (!this.inT) return;
    this.text += text;
    if (this.text.length > CAPS.cell) throw cellTooLong();
  }
  close(name: string) {
    if (name === 'rPh') this.depth--;
    else if (name === 't') this.inT = false;
  }
}

/** The column index (0-based) of a reference such as "AB12". */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
  }
  return n - 1;
}

const excelDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

export async function parseXlsx(zip: Buffer): Promise<PackedFile> {
  const entries = zipEntries(zip);
  const budget = { left: inflateLimit(zip.length) };
  const part = (name: string) => {
    const entry = entries.get(name);
    return entry ? inflate(zip, entry, budget) : null;
  };

  // The first sheet of the workbook (its order, not its file name), and its date system.
  let firstSheet: string | null = null;
  let date1904 = false;
  const book = part('xl/workbook.xml');
  if (!book) throw new FileRefused('import.malformed_xlsx');
  await readXml(book, {
    open: (name, a) => {
      if (name === 'sheet' && firstSheet === null) firstSheet = a['r:id'] ?? '';
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
    },
  });
  let sheetPath = 'xl/worksheets/sheet1.xml';
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels && firstSheet)
    await readXml(rels, {
      open: (name, a) => {
        if (name === 'Relationship' && a.Id === firstSheet && a.Target) sheetPath = a.Target.startsWith('/') ? a.Target.slice(1) : `xl/${a.Target}`;
      },
    });

  // The parts read below inflated once before they are parsed: inflating is many times faster
  // than parsing XML, so a file whose declared sizes lie is refused after a fraction of a second.
  const ahead = { left: budget.left };
  for (const name of ['xl/sharedStrings.xml', 'xl/styles.xml', sheetPath]) {
    const entry = entries.get(name);
    if (entry) for await (const _ of inflate(zip, entry, ahead));
  }

  // Distinct texts, counted and measured as they arrive.
  const shared: string[] = [];
  const strings = part('xl/sharedStrings.xml');
  if (strings) {
    const collector = new TextCollector();
    await readXml(strings, {
      open: (name) => {
        if (name === 'si') collector.text = '';
        collector.open(name);
      },
      text: (text) => collector.add(text),
      close: (name) => {
        collector.close(name);
        if (name !== 'si') return;
        if (shared.length >= CAPS.sharedStrings) throw new FileRefused('import.cap_shared_strings', { max: CAPS.sharedStrings });
        shared.push(collector.text);
      },
    });
  }

  // Which cell styles are dates.
  const dateStyles: boolean[] = [];
  const styles = part('xl/styles.xml');
  if (styles) {
    const customDates = new Set<number>();
    let inCellXfs = false;
    await readXml(styles, {
      open: (name, a) => {
        if (name === 'numFmt' && isDateCode(a.formatCode ?? '')) customDates.add(Number(a.numFmtId));
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(a.numFmtId ?? 0);
          dateStyles.push(DATE_FORMATS.has(id) || customDates.has(id));
        }
      },
      close: (name) => {
        if (name === 'cellXfs') inCellXfs = false;
      },
    });
  }

  const sheet = part(sheetPath);
  if (!sheet) throw new FileRefused('import.empty');
  const table = new Table();
  let rowIndex = -1;
  let cells: string[] | null = null;
  let cell: { column: number; type: string; style: number } | null = null;
  let value = '';
  let inValue = false;
  const inline = new TextCollector();
  await readXml(sheet, {
    open: (name, a) => {
      if (name === 'row') {
        rowIndex = a.r ? Number(a.r) - 1 : rowIndex + 1;
        if (!(rowIndex >= 0)) throw new FileRefused('import.malformed_xlsx');
        if (rowIndex > CAPS.lines) throw new FileRefused('import.too_many_lines', { max: CAPS.lines });
        cells = [];
      } else if (name === 'c' && cells) {
        const column = a.r ? columnOf(a.r) : cells.length;
        if (column >= CAPS.columns) throw new FileRefused('import.cap_columns', { max: CAPS.columns, line: rowIndex + 1 });
        cell = { column: Math.max(0, column), type: a.t ?? 'n', style: Number(a.s ?? 0) };
        value = '';
        inline.text = '';
      } else if (cell) {
        if (name === 'v') inValue = true;
        inline.open(name);
      }
    },
    text: (text) => {
      if (inValue) {
        value += text;
        if (value.length > CAPS.cell) throw cellTooLong();
      } else if (cell) inline.add(text);
    },
    close: (name) => {
      if (name === 'v') inValue = false;
      else if (name === 'c' && cell && cells) {
        cells[cell.column] = cellText(cell, value, inline.text, shared, dateStyles, date1904);
        cell = null;
      } else if (name === 'row' && cells) {
        table.put(rowIndex, cells);
        cells = null;
      } else inline.close(name);
    },
  });
  return table.finish('xlsx');
}

/** A cell as text, as the whole-workbook reader gave it: dates as YYYY-MM-DD, errors empty. */
function cellText(cell: { type: string; style: number }, value: string, inline: string, shared: string[], dateStyles: boolean[], date1904: boolean): string {
  switch (cell.type) {
    case 's':
      return shared[Number(value)] ?? '';
    case 'inlineStr':
      return inline;
    case 'str':
      return value;
    case 'b':
      return value === '' ? '' : String(Number(value) !== 0);
    case 'e':
      return '';
    default: {
      if (value === '') return '';
      const n = Number(value);
      if (!Number.isFinite(n)) return value;
      return dateStyles[cell.style] ? excelDate(n, date1904).toISOString().slice(0, 10) : String(n);
    }
  }
}
