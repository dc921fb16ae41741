import type { Locale } from '@atelier/domain';
import PDFDocument from 'pdfkit';
import { loadFonts } from './fonts.ts';

// The page every document is drawn on (US Letter, the Canadian office paper), its colours, and
// the pen that writes on it: page breaks, fonts, headings.

export const PAGE = { width: 612, height: 792, margin: 40 } as const;
export const WIDTH = PAGE.width - 2 * PAGE.margin;
export const LEFT = PAGE.margin;
export const INK = '#1a1a1a';
export const MUTED = '#5c5f66';
export const RULE = '#dee2e6';
export const BAND = '#f1f3f5';

/** The band under the text: page numbers, and the settings' document footer (three lines at most) when there is one. */
export const footerHeight = (documentFooter: string | null) => (documentFooter ? 62 : 36);

export type Weight = 'regular' | 'bold';

/** Writes on a document: the fonts, page breaks above the footer, headings and rules. */
export class Pen {
  /** The lowest y the text may reach on a page. */
  readonly bottom: number;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly locale: Locale,
    readonly footer: number,
  ) {
    this.bottom = PAGE.height - PAGE.margin - footer;
  }

  /** Starts a new page when `height` does not fit in what is left of this one. */
  need(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  font(weight: Weight, size: number, color = INK) {
    return this.doc.font(weight).fontSize(size).fillColor(color);
  }

  rule(y: number, { from = LEFT as number, to = LEFT + WIDTH, width = 0.5, color = RULE } = {}) {
    this.doc.moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(color).stroke();
  }

  /** A section's title, underlined; kept with at least a few lines of what follows. */
  heading(text: string, size = 13) {
    this.need(size * 3);
    this.doc.moveDown(0.6);
    this.font('bold', size).text(text, LEFT, this.doc.y, { width: WIDTH });
    const y = this.doc.y + 2;
    this.rule(y);
    this.doc.y = y + 6;
  }
}

export interface DocumentInfo {
  title: string;
  author: string;
  subject?: string;
  locale: Locale;
  /** The settings' document footer: it makes the footer band taller. */
  documentFooter: string | null;
}

/** A document drawn by `draw` (synchronously, fonts registered), as PDF bytes. */
export async function renderPdf(info: DocumentInfo, draw: (pen: Pen) => void): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const footer = footerHeight(info.documentFooter);
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + footer },
    bufferPages: true,
    info: { Title: info.title, Author: info.author, ...(info.subject ? { Subject: info.subject } : {}) },
    lang: info.locale === 'fr' ? 'fr-CA' : 'en-CA',
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  draw(new Pen(doc, info.locale, footer));
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
