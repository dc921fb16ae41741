import { constants, crc32, deflateRawSync } from 'node:zlib';

// Hand-made XLSX files for the caps' tests and bench (issue 29): a sheet of many identical rows
// is deflated once per block of rows, and the block's bytes repeated (each block ends with a
// full flush, so it needs nothing before it), so a file that inflates to gigabytes is built in
// milliseconds without ever holding its inflated text.

interface Part {
  name: string;
  /** Stored text, or deflated blocks: head, body repeated, tail. */
  content: string | { head: string; body: string; times: number; tail: string };
}

const block = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
/** The last deflate block: empty, fixed Huffman, BFINAL set. */
const FINAL = Buffer.from([0x03, 0x00]);

/**
 * A zip of the parts. `lie`: the central directory declares each part's size as its compressed
 * size (what a hostile file does to pass a check of declared sizes).
 */
export function zip(parts: Part[], { lie = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    let data: Buffer;
    let size: number;
    let crc = 0;
    let method = 0;
    if (typeof part.content === 'string') {
      data = Buffer.from(part.content);
      size = data.length;
      crc = crc32(data);
    } else {
      const { head, body, times, tail } = part.content;
      const repeated = block(body);
      data = Buffer.concat([block(head), ...Array.from({ length: times }, () => repeated), block(tail), FINAL]);
      size = Buffer.byteLength(head) + times * Buffer.byteLength(body) + Buffer.byteLength(tail);
      method = 8;
    }
    const declared = lie ? data.length : Math.min(size, 0xffffffff);
    const header = (signature: number, length: number) => {
      const b = Buffer.alloc(length);
      b.writeUInt32LE(signature, 0);
      return b;
    };
    const local = header(0x04034b50, 30);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    // The central entry repeats the local header's fields (version needed to name length) two
    // bytes further on, after the version made by; then the local header's offset.
    const entry = header(0x02014b50, 46);
    entry.writeUInt16LE(20, 4);
    local.copy(entry, 6, 4, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook of one sheet: its <sheetData> is `rows` (the head, body repeated, tail as zip() takes them). */
export function workbook(rows: { head: string; body: string; times: number; tail?: string }, options: { lie?: boolean; sharedStrings?: Part['content'] } = {}): Buffer {
  return zip(
    [
      {
        name: '[Content_Types].xml',
        content: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      },
      { name: 'xl/workbook.xml', content: `<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Feuil1" sheetId="1" r:id="rId1"/></sheets></workbook>` },
      {
        name: 'xl/_rels/workbook.xml.rels',
        content: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      },
      ...(options.sharedStrings ? [{ name: 'xl/sharedStrings.xml', content: options.sharedStrings }] : []),
      {
        name: 'xl/worksheets/sheet1.xml',
        content: { head: `<worksheet xmlns="${NS}"><sheetData>${rows.head}`, body: rows.body, times: rows.times, tail: `${rows.tail ?? ''}</sheetData></worksheet>` },
      },
    ],
    { lie: options.lie },
  );
}

const cell = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;
const row = (...cells: string[]) => `<row>${cells.map(cell).join('')}</row>`;

/**
 * The file: a header, then `lines` lines of a VIN and a 3,000-character note, which
 * inflates ~2,200 times (130,000 lines: ~400 MB from well under 2 MB).
 */
export function inflatingWorkbook(lines = 130_000, options: { lie?: boolean } = {}): Buffer {
  const per = 1000;
  return workbook({ head: row('NIV', 'Notes'), body: row('1HGCM82633A004352', 'x'.repeat(3000)).repeat(per), times: Math.ceil(lines / per) }, options);
}

/** A workbook of `n` distinct texts (shared strings), all of them used by one line. */
export function sharedStringsWorkbook(n: number): Buffer {
  const per = 1000;
  return workbook(
    { head: row('NIV'), body: '', times: 0, tail: '<row><c t="s"><v>0</v></c></row>' },
    { sharedStrings: { head: `<sst xmlns="${NS}">`, body: '<si><t/></si>'.repeat(per), times: Math.ceil(n / per), tail: '</sst>' } },
  );
}

/** A workbook of `lines` short lines (a header and a VIN each): the line cap counted as rows arrive. */
export function longWorkbook(lines: number): Buffer {
  const per = 1000;
  return workbook({ head: row('NIV'), body: row('1HGCM82633A004352').repeat(per), times: Math.ceil(lines / per) });
}
