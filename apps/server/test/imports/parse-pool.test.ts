import { describe, expect, it } from 'vitest';
import { PARSE_WORKERS, parseInWorker } from '../../src/areas/imports/parse-pool.ts';
import { inflatingWorkbook } from './workbooks.ts';

// The workers that read spreadsheets off the request thread (issue 29).

describe('parse pool', () => {
  it('reads more files at once than it has workers, each in turn, refusals answered as such', async () => {
    const files = Array.from({ length: PARSE_WORKERS * 3 }, (_, i) => Buffer.from(`NIV;N\r\nA;${i}\r\n`));
    const outcomes = await Promise.all([...files.map((f) => parseInWorker(f, 'csv')), parseInWorker(inflatingWorkbook(), 'xlsx')]);
    expect(outcomes.slice(0, -1)).toEqual(files.map((_, i) => ({ file: { format: 'csv', columns: ['NIV', 'N'], rows: [['A', String(i)]] } })));
    expect(outcomes.at(-1)).toMatchObject({ refused: { key: 'import.cap_uncompressed' } });
    // The workers are kept: the next file is read at once by one of them.
    expect(await parseInWorker(files[0], 'csv')).toMatchObject({ file: { rows: [['A', '0']] } });
  });
});
