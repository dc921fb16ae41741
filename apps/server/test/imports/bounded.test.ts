import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CAPS, FileRefused, inflateLimit, parseCsv, parseXlsx, zipEntries } from '../../src/areas/imports/bounded.ts';
import { unpack } from '../../src/areas/imports/packed.ts';
import { inflatingWorkbook, longWorkbook, sharedStringsWorkbook, workbook, zip } from './workbooks.ts';

// The caps of a spreadsheet's reading (issue 29), on the reader itself: each hostile file is
// refused by the cap it breaks, and an ordinary workbook reads as it always did.

async function refusal(read: () => unknown) {
  try {
    await read();
  } catch (err) {
    if (err instanceof FileRefused) return { key: err.key, params: err.params };
    throw err;
  }
  throw new Error('the file was read');
}

describe('XLSX', () => {
  it('reads an ordinary workbook: texts, numbers, dates, booleans, formulas, blank lines kept in the middle', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Véhicules');
    wb.addWorksheet('Autre').addRow(['not read']);
    sheet.addRow(['NIV', 'Année', 'Livré le', 'Vendu', 'Total', 'Notes']);
    sheet.addRow(['1HGCM82633A004352', 2019, new Date(Date.UTC(2024, 2, 15)), true, { formula: 'B2*2', result: 4038 }, { richText: [{ text: 'Pneus ' }, { text: 'neufs', font: { bold: true } }] }]);
    sheet.addRow([]);
    sheet.getCell('A4').value = 'JH4KA8260MC000000';
    sheet.getCell('F4').value = 'a & b < c';
    const file = await parseXlsx(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(file.columns).toEqual(['NIV', 'Année', 'Livré le', 'Vendu', 'Total', 'Notes']);
    expect(unpack(file)).toEqual([
      ['1HGCM82633A004352', '2019', '2024-03-15', 'true', '4038', 'Pneus neufs'],
      ['', '', '', '', '', ''],
      ['JH4KA8260MC000000', '', '', '', '', 'a & b < c'],
    ]);
  });

  it('refuses the issue’s file (1.8 MB inflating to 400 MB) from the sizes its directory declares', async () => {
    const bomb = inflatingWorkbook();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await refusal(() => parseXlsx(bomb))).toEqual({ key: 'import.cap_uncompressed', params: { max: `${Math.round(inflateLimit(bomb.length) / 2 ** 20)} MB`, ratio: 100, ceiling: '256 MB' } });
  });

  it('refuses it too when the declared sizes lie: the inflated bytes are counted', async () => {
    const bomb = inflatingWorkbook(130_000, { lie: true });
    expect(zipEntries(bomb).get('xl/worksheets/sheet1.xml')!.size).toBeLessThan(1024 * 1024);
    expect((await refusal(() => parseXlsx(bomb))).key).toBe('import.cap_uncompressed');
  });

  it('counts lines as they arrive', async () => {
    expect(await refusal(() => parseXlsx(longWorkbook(CAPS.lines + 1)))).toEqual({ key: 'import.too_many_lines', params: { max: CAPS.lines } });
    // A line numbered past the cap is refused as well, however few lines come before it.
    const far = workbook({ head: '<row r="1"><c t="inlineStr"><is><t>NIV</t></is></c></row>', body: '', times: 0, tail: `<row r="${CAPS.lines + 2}"><c><v>1</v></c></row>` });
    expect((await refusal(() => parseXlsx(far))).key).toBe('import.too_many_lines');
    expect((await parseXlsx(longWorkbook(CAPS.lines))).lines).toBe(CAPS.lines);
  });

  it('caps distinct texts, a cell’s length, columns and parts', async () => {
    expect(await refusal(() => parseXlsx(sharedStringsWorkbook(CAPS.sharedStrings + 1)))).toEqual({ key: 'import.cap_shared_strings', params: { max: CAPS.sharedStrings } });
    const long = (n: number) => workbook({ head: `<row><c t="inlineStr"><is><t>${'x'.repeat(n)}</t></is></c></row>`, body: '', times: 0 });
    expect((await parseXlsx(long(CAPS.cell))).columns[0]).toHaveLength(CAPS.cell);
    expect(await refusal(() => parseXlsx(long(CAPS.cell + 1)))).toEqual({ key: 'import.cap_cell', params: { max: CAPS.cell } });
    const wide = workbook({ head: '<row><c r="XFE1"><v>1</v></c></row>', body: '', times: 0 });
    expect(await refusal(() => parseXlsx(wide))).toEqual({ key: 'import.cap_columns', params: { max: CAPS.columns, line: 1 } });
    const parts = zip(Array.from({ length: CAPS.entries + 1 }, (_, i) => ({ name: `xl/media/${i}.txt`, content: 'x' })));
    expect(await refusal(() => parseXlsx(parts))).toEqual({ key: 'import.cap_entries', params: { max: CAPS.entries } });
  });

  it('refuses a damaged archive as unreadable', async () => {
    const bomb = inflatingWorkbook(2000);
    expect((await refusal(() => parseXlsx(bomb.subarray(0, bomb.length - 30)))).key).toBe('import.malformed_xlsx');
  });
});

describe('CSV', () => {
  it('refuses a single line of 50 MB by its length, before splitting it', async () => {
    const line = Buffer.alloc(50 * 1024 * 1024, 'a;');
    expect(await refusal(() => parseCsv(line))).toEqual({ key: 'import.cap_line', params: { max: CAPS.lineChars, line: 1 } });
  });

  it('caps a cell’s length and the lines', async () => {
    expect(await refusal(() => parseCsv(Buffer.from(`NIV;Notes\r\nA;"${'x'.repeat(CAPS.cell + 1)}"\r\n`)))).toEqual({ key: 'import.cap_cell', params: { max: CAPS.cell } });
    const lines = (n: number) => Buffer.from('NIV\n' + 'A\n'.repeat(n));
    expect((await refusal(() => parseCsv(lines(CAPS.lines + 1)))).key).toBe('import.too_many_lines');
    expect(parseCsv(lines(CAPS.lines)).lines).toBe(CAPS.lines);
  });

  it('still reads quoted cells across lines and refuses an unclosed quote with its line', async () => {
    expect(unpack(parseCsv(Buffer.from('NIV;Notes\r\nA;"deux\r\nlignes"\r\n')))).toEqual([['A', 'deux\r\nlignes']]);
    expect(await refusal(() => parseCsv(Buffer.from('NIV;Notes\r\nA;b\r\nB;"ouvert\r\n')))).toEqual({ key: 'import.malformed', params: { line: 3 } });
  });
});
