import type { Locale } from '@atelier/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import { XLSX_MIME } from '../areas/imports/file.ts';

// Files a user saves: the header that names them, and tables to open in a spreadsheet (the
// figures' export, an inspection form's template).

/** Content-Disposition for a file saved (or shown) under `name`: UTF-8 (RFC 6266), the syntax's ' escaped too. */
export const contentDisposition = (name: string, inline = false) => `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name).replace(/'/g, '%27')}`;

export type TableFormat = 'csv' | 'xlsx';
export type Cell = string | number;

export interface TableFile {
  format: TableFormat;
  /** The reader's language: a French CSV is separated by ; and writes 1,5 (what French Excel reads). */
  locale: Locale;
  /** The file's name, its extension included. */
  name: string;
  /** The XLSX sheet's name. */
  sheet: string;
  columns: readonly string[];
  rows: readonly (readonly Cell[])[];
}

/** Sends a table as a CSV (UTF-8 with a BOM, so Excel reads the accents) or an XLSX workbook (bold frozen header, columns sized to their text). */
export async function sendTable(reply: FastifyReply, file: TableFile) {
  reply.header('Content-Disposition', contentDisposition(file.name));
  if (file.format === 'csv') {
    const fr = file.locale === 'fr';
    const data = file.rows.map((row) => row.map((c) => (typeof c === 'number' && fr ? String(c).replace('.', ',') : String(c))));
    const csv = Papa.unparse({ fields: [...file.columns], data }, { delimiter: fr ? ';' : ',' });
    return reply.header('Content-Type', 'text/csv; charset=utf-8').send(`\uFEFF${csv}\r\n`);
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(file.sheet);
  sheet.addRow([...file.columns]).font = { bold: true };
  for (const row of file.rows) sheet.addRow([...row]);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.columns.forEach((column, i) => (column.width = Math.min(60, Math.max(12, file.columns[i].length + 2, ...file.rows.map((r) => String(r[i] ?? '').length + 2)))));
  return reply.header('Content-Type', XLSX_MIME).send(Buffer.from(await workbook.xlsx.writeBuffer()));
}
