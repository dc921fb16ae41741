import { regionLocale, type Locale } from '@atelier/domain';
import PDFDocument from 'pdfkit';
import { loadFonts } from './fonts.ts';
import { fitImage, type ImageSource, type Images } from './images.ts';

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

interface ImageSlot {
  page: number;
  url: string;
  x: number;
  y: number;
  box: { width: number; height: number };
  missing: string | null;
}

/** Writes on a document: the fonts, page breaks above the footer, headings and rules. */
export class Pen {
  /** The lowest y the text may reach on a page. */
  readonly bottom: number;
  private readonly slots: ImageSlot[] = [];
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

  /**
   * Keeps `box` at (x, y) of this page for the picture at `url`. The pictures are drawn once loaded,
   * after the text (renderPdf): decoding the photos on sharp's threads overlaps drawing the text.
   * `missing` is written in a frame when the picture cannot be had (else the box stays empty).
   */
  image(url: string, x: number, y: number, box: { width: number; height: number }, missing: string | null = null) {
    const range = this.doc.bufferedPageRange();
    this.slots.push({ page: range.start + range.count - 1, url, x, y, box, missing });
  }

  /** Draws the kept pictures in their boxes. */
  drawImages(images: Images) {
    const { doc } = this;
    for (const slot of this.slots) {
      doc.switchToPage(slot.page);
      // A missing picture's label is in its box: it must never open a page.
      doc.page.margins.bottom = 0;
      const image = images.get(slot.url);
      if (image) fitImage(doc, image, slot.x, slot.y, slot.box);
      else if (slot.missing) {
        doc.rect(slot.x, slot.y, slot.box.width, slot.box.height).lineWidth(0.5).strokeColor(RULE).stroke();
        this.font('regular', 7, MUTED).text(slot.missing, slot.x + 4, slot.y + slot.box.height / 2 - 4, { width: slot.box.width - 8, align: 'center', lineBreak: false });
      }
    }
  }

  /**
   * Lets the event loop run between parts of a long document: the pictures' files are read and
   * handed to sharp's threads meanwhile, so their decoding overlaps the drawing.
   */
  breathe() {
    return new Promise<void>((resolve) => setImmediate(resolve));
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

  /** A section of text under its title (the notes, the terms), when there is a text. */
  paragraph(title: string, text: string | null) {
    if (!text) return;
    this.heading(title);
    this.font('regular', 9.5).text(text, LEFT, this.doc.y, { width: WIDTH });
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

/** A PDF in the reports' fonts (registered as `regular` and `bold`), in `locale`'s language; `finish` ends it and gives its bytes. */
export async function openPdf(locale: Locale, options: PDFKit.PDFDocumentOptions) {
  const { regular, bold } = await loadFonts();
  const doc = new PDFDocument({ ...options, lang: regionLocale(locale) } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const finish = async () => {
    doc.end();
    await ended;
    return Buffer.concat(chunks);
  };
  return { doc, finish };
}

/**
 * A document as PDF bytes: `draw` writes the body (fonts registered; it may breathe between
 * parts), the pictures are placed once loaded (they may still be loading while it draws), then
 * `over` draws what crosses everything, pictures included: the footers and a draft's watermark.
 */
export async function renderPdf(info: DocumentInfo, images: ImageSource, draw: (pen: Pen) => void | Promise<void>, over: (pen: Pen) => void): Promise<Buffer> {
  const pictures = Promise.resolve(images);
  // Waited for below; a failure must not go unhandled meanwhile if drawing throws first.
  pictures.catch(() => undefined);
  const footer = footerHeight(info.documentFooter);
  const { doc, finish } = await openPdf(info.locale, {
    size: 'LETTER',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + footer },
    bufferPages: true,
    info: { Title: info.title, Author: info.author, ...(info.subject ? { Subject: info.subject } : {}) },
  });
  const pen = new Pen(doc, info.locale, footer);
  await draw(pen);
  pen.drawImages(await pictures);
  over(pen);
  return finish();
}
