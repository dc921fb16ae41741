import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

// The documents' text is Noto Sans from npm, embedded and subset by pdfkit: it has every French
// character (é, œ, ’, « »), which the PDF standard fonts (Latin-1 only) do not
// (docs/decisions.md "The inspection report is drawn with pdfkit").

/**
 * A WOFF 1.0 font as the TrueType file it wraps: each table inflated once. fontkit reads WOFF
 * too, but inflates a table again at every glyph it loads (most of a report's time).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compressed, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const raw = woff.subarray(offset, offset + compressed);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compressed < length ? inflateSync(raw) : raw };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  woff.copy(head, 0, 4, 8); // the flavor is the sfnt version
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const body: Buffer[] = [];
  let offset = head.length;
  tables.forEach((table, i) => {
    table.tag.copy(head, 12 + i * 16);
    head.writeUInt32BE(table.checksum, 12 + i * 16 + 4);
    head.writeUInt32BE(offset, 12 + i * 16 + 8);
    head.writeUInt32BE(table.data.length, 12 + i * 16 + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    body.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([head, ...body]);
}

export interface Fonts {
  regular: Buffer;
  bold: Buffer;
}

const require = createRequire(import.meta.url);
const font = (weight: number) => readFile(require.resolve(`@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff`)).then(woffToSfnt);
let fonts: Promise<Fonts> | undefined;

/**
 * The two weights as TrueType, read and unwrapped once per process. Each document parses them
 * again (cheap: fontkit reads tables when asked): a parsed font shared between documents made
 * pdfkit write wrong ToUnicode entries for some glyphs (a copied "." read "%").
 */
export const loadFonts = (): Promise<Fonts> => (fonts ??= Promise.all([font(400), font(700)]).then(([regular, bold]) => ({ regular, bold })));
