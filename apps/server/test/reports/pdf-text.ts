import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { downscale, type ReportImage } from '../../src/reports/images.ts';
import type { TestApp } from '../helpers.ts';

/**
 * A PDF's text per page, each run of white space one space: French money and numbers hold no-break
 * spaces, and a label that wraps in its table cell reads as one.
 */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return (text as string[]).map((page) => page.replace(/[\s\u00a0\u202f]+/g, ' '));
}

/** GET a PDF (or the error document answered instead): its text by page and as a whole. */
export async function getPdf(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  const isPdf = String(res.headers['content-type']).startsWith('application/pdf');
  const pages = isPdf ? await pdfPages(res.rawPayload) : [];
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, pages, text: pages.join('\n'), json: isPdf ? null : JSON.parse(res.body) };
}

/**
 * How many pictures each page uses, read from the PDF's objects (pdfkit lists a page's images in
 * its resources when it draws one there; pdf.js cannot give operator lists on Node 20).
 */
export function picturesPerPage(pdf: Buffer): number[] {
  const text = pdf.toString('latin1');
  const object = (n: string) => {
    const at = text.indexOf(`\n${n} 0 obj\n`);
    return text.slice(at, text.indexOf('endobj', at));
  };
  const kids = /\/Type \/Pages[^]*?\/Kids \[([^\]]*)\]/.exec(text)![1].match(/\d+(?= 0 R)/g)!;
  return kids.map((kid) => {
    const resources = /\/Resources (\d+) 0 R/.exec(object(kid))![1];
    return (/\/XObject <<([^>]*)>>/.exec(object(resources))?.[1].match(/\/I\d+ /g) ?? []).length;
  });
}

/** A photo as loadImages gives it: a JPEG thumbnail of a plain colour. */
export async function photo(color: string, width = 800): Promise<ReportImage> {
  const bytes = await sharp({ create: { width, height: (width * 3) / 4, channels: 3, background: color } }).jpeg().toBuffer();
  return (await downscale(bytes, 360, false))!;
}

/** A signature: a transparent PNG with a stroke. */
export async function signatureImage(): Promise<ReportImage> {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 220 180, 580 40" stroke="#123" stroke-width="6" fill="none"/></svg>');
  return (await downscale(await sharp(svg).png().toBuffer(), 600, true))!;
}
