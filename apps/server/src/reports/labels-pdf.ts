import type { Locale } from '@atelier/domain';
import bwipjs from 'bwip-js/node';
import { t } from '../i18n/index.ts';
import { INK, MUTED, openPdf } from './page.ts';

// Product labels (issue 22): each label the product's name, its SKU and its barcode as Code 128
// (bwip-js; the product's barcode, else its SKU, so every part can be scanned at the receipt).
// One product prints on a page of one label (a label printer); a selection on Letter sheets of
// 30 labels of 2⅝ × 1 in (Avery 5160 and its equivalents), in the list's order.

export interface LabelProduct {
  name: string;
  sku: string;
  barcode: string | null;
}

/** A label: 2⅝ × 1 in, in points. */
const LABEL = { width: 189, height: 72, pad: 6 } as const;
/** The Letter sheet: 3 columns of 10, its margins and the gap between columns. */
const SHEET = { columns: 3, rows: 10, left: 13.5, top: 36, gap: 9 } as const;

/** The code a label's barcode carries. */
export const labelCode = (p: LabelProduct) => (p.barcode?.trim() || p.sku).trim();

/** The Code 128 image of a code, or null when Code 128 cannot carry it (a character beyond ASCII). */
async function barcodeImage(code: string): Promise<Buffer | null> {
  if (!/^[\x20-\x7e]+$/.test(code)) return null;
  return bwipjs.toBuffer({ bcid: 'code128', text: code, scale: 3, height: 9, includetext: false, paddingwidth: 0, paddingheight: 0 });
}

function drawLabel(doc: PDFKit.PDFDocument, x: number, y: number, p: LabelProduct, image: Buffer | null) {
  const width = LABEL.width - 2 * LABEL.pad;
  const left = x + LABEL.pad;
  doc.font('bold').fontSize(8).fillColor(INK).text(p.name, left, y + LABEL.pad, { width, height: 10, lineBreak: false, ellipsis: true });
  doc.font('regular').fontSize(7).fillColor(MUTED).text(p.sku, left, y + LABEL.pad + 10, { width, height: 9, lineBreak: false, ellipsis: true });
  const code = labelCode(p);
  if (image) doc.image(image, left, y + LABEL.pad + 20, { fit: [width, 30], align: 'center' });
  doc.font('regular').fontSize(6.5).fillColor(INK).text(code, left, y + LABEL.height - LABEL.pad - 8, { width, height: 8, align: 'center', lineBreak: false, ellipsis: true });
}

/** The labels as PDF bytes: one label-sized page for one product, Letter sheets of 30 for several. */
export async function renderLabelsPdf(products: readonly LabelProduct[], locale: Locale): Promise<Buffer> {
  const single = products.length === 1;
  const { doc, finish } = await openPdf(locale, {
    size: single ? [LABEL.width, LABEL.height] : 'LETTER',
    margin: 0,
    autoFirstPage: false,
    info: { Title: t(locale, 'product_labels.title') },
  });
  const perSheet = SHEET.columns * SHEET.rows;
  for (const [n, p] of products.entries()) {
    const image = await barcodeImage(labelCode(p));
    if (single) {
      doc.addPage();
      drawLabel(doc, 0, 0, p, image);
      continue;
    }
    const place = n % perSheet;
    if (place === 0) doc.addPage();
    const column = place % SHEET.columns;
    const row = Math.floor(place / SHEET.columns);
    drawLabel(doc, SHEET.left + column * (LABEL.width + SHEET.gap), SHEET.top + row * LABEL.height, p, image);
  }
  return finish();
}
