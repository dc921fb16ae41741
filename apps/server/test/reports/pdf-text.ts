import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { downscale, type ReportImage } from '../../src/reports/images.ts';
import { expect } from 'vitest';
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

type PdfAnswer = Awaited<ReturnType<typeof getPdf>>;

/** An inline PDF: its file name exactly, or its whole content-disposition matching the pattern. */
export function expectInlinePdf(res: Pick<PdfAnswer, 'status' | 'headers' | 'raw'>, filename: string | RegExp) {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.raw.subarray(0, 5).toString()).toBe('%PDF-');
  if (typeof filename === 'string') expect(res.headers['content-disposition']).toBe(`inline; filename="${filename}"`);
  else expect(res.headers['content-disposition']).toMatch(filename);
}

/** A record's report: 403 for a user without the right to view it, 404 for another organization's, 401 without a token. */
export async function expectReportGuarded(t: TestApp, url: string, nobodyToken: string, strangerToken: string) {
  const as = (token?: string) => getPdf(t, url, token ? { authorization: `Bearer ${token}` } : {});
  expect((await as(nobodyToken)).status).toBe(403);
  const other = await as(strangerToken);
  expect(other.status).toBe(404);
  expect(other.json.errors[0].code).toBe('error.not_found');
  expect((await as()).status).toBe(401);
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
