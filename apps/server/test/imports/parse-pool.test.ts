import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/areas/imports/bounded.ts';
import { unpack } from '../../src/areas/imports/packed.ts';
import { PARSE_WORKERS, parseInWorker, type ParseOutcome } from '../../src/areas/imports/parse-pool.ts';
import { inflatingWorkbook } from './workbooks.ts';

// The workers that read spreadsheets off the request thread (issue 29).

describe('parse pool', () => {
  it('reads more files at once than it has workers, each in turn, refusals answered as such', async () => {
    const files = Array.from({ length: PARSE_WORKERS * 3 }, (_, i) => Buffer.from(`NIV;N\r\nA;${i}\r\n`));
    const outcomes = await Promise.all([...files.map((f) => parseInWorker(f, 'csv')), parseInWorker(inflatingWorkbook(), 'xlsx')]);
    const read = (o: ParseOutcome) => ('file' in o ? { format: o.file.format, columns: o.file.columns, lines: o.file.lines, rows: unpack(o.file) } : o);
    expect(outcomes.slice(0, -1).map(read)).toEqual(files.map((_, i) => ({ format: 'csv', columns: ['NIV', 'N'], lines: 1, rows: [['A', String(i)]] })));
    expect(outcomes.at(-1)).toMatchObject({ refused: { key: 'import.cap_uncompressed' } });
    // The workers are kept: the next file is read at once by one of them.
    expect(read(await parseInWorker(files[0], 'csv'))).toMatchObject({ rows: [['A', '0']] });
  });
});

describe('packed files', () => {
  it('packs the cells as they are read and unpacks any range of lines cell by cell, whatever the cells hold', () => {
    const rows = [
      ['Éric 🚗', '', 'a;b\r\n"c"'],
      ['', '', ''],
      ['\u0000\u001e', 'x'.repeat(300), ''],
      ['short'],
    ];
    const csv = ['A;B;C;', ...rows.map((cells) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(';'))].join('\r\n');
    const file = parseCsv(Buffer.from(`${csv}\r\n;;;;\r\n\r\n`));
    // The widest line, a blank one at the end included, sets the columns; the blank lines at the end are dropped.
    expect(file.columns).toEqual(['A', 'B', 'C', '#4', '#5']);
    expect(file.lines).toBe(4);
    const wide = rows.map((cells) => Array.from({ length: 5 }, (_, c) => cells[c] ?? ''));
    expect(unpack(file)).toEqual(wide);
    expect(unpack(file, 1, 99)).toEqual(wide.slice(1));
    expect(unpack(file, 4)).toEqual([]);
  });
});
