import type { Locale } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import { options } from '../areas/admin/admin.table.ts';
import type { Db } from '../db/client.ts';
import { t } from '../i18n/index.ts';
import { formatDateTime } from './format.ts';
import type { ImageSource } from './images.ts';
import { LEFT, MUTED, PAGE, WIDTH, renderPdf, type DocumentInfo, type Pen } from './page.ts';

// What every page carries at its foot: who and what the document is, its page number, and the
// settings' document footer (the dealership's legal mentions, tax numbers...). A draft's
// watermark crosses each page. Drawn once the body is done, when the page count is known.

interface Footer {
  /** "Garage Démo · E-2026-000012 · Généré le …", on the left. */
  text: string;
  /** "Page 1 de 3". */
  page: (page: number, pages: number) => string;
  documentFooter: string | null;
  /** Printed across every page (PROVISOIRE / DRAFT), or null. */
  watermark?: string | null;
}

/** The footer of every document: "Garage Démo · E-2026-000012 · Généré le …", "Page 1 de 3". */
function footerOf(o: { organization: string; code: string; locale: Locale; timeZone: string; now: Date; documentFooter: string | null; watermark?: string | null }): Footer {
  const generated = t(o.locale, 'document.generated', { date: formatDateTime(o.now.toISOString(), o.locale, o.timeZone) });
  return {
    text: `${o.organization} · ${o.code} · ${generated}`,
    page: (page, pages) => t(o.locale, 'document.page', { page, pages }),
    documentFooter: o.documentFooter,
    watermark: o.watermark ?? null,
  };
}

/** What a document's PDF is drawn from: its model, and where and when it is drawn. */
export interface DocumentPdfInput<M> {
  /** The document's model, in the reader's language. */
  model: M;
  /** The pictures by URL, as loadImages answers for the model (its photos, a signature, the logo), or its promise: the text is drawn while they load. */
  images: ImageSource;
  /** The IANA zone dates print in (validTimeZone of the request's X-Timezone). */
  timeZone: string;
  /** The generation date in the footer (now by default). */
  now?: Date;
}

/**
 * A document's PDF bytes: `body` drawn on the shared page, then on every page the footer naming
 * who (its author) and what (its code) it is, with the settings' document footer and a draft's watermark.
 */
export function renderDocumentPdf(
  document: DocumentInfo & { code: string; watermark?: string | null },
  { images, timeZone, now = new Date() }: Omit<DocumentPdfInput<unknown>, 'model'>,
  body: (pen: Pen) => void | Promise<void>,
): Promise<Buffer> {
  const { code, watermark, ...info } = document;
  const footer = footerOf({ organization: info.author, code, locale: info.locale, timeZone, now, documentFooter: info.documentFooter, watermark });
  return renderPdf(info, images, body, (pen) => drawFooters(pen, footer));
}

function drawFooters(pen: Pen, footer: Footer) {
  const { doc } = pen;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing in the bottom margin must not open a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (footer.watermark) {
      doc.save();
      doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
      pen.font('bold', 90, '#c92a2a').fillOpacity(0.12).text(footer.watermark, 0, PAGE.height / 2 - 50, { width: PAGE.width, align: 'center', lineBreak: false });
      doc.restore();
      doc.fillOpacity(1);
    }
    const y = PAGE.height - PAGE.margin - 10;
    const top = y - 6 - (footer.documentFooter ? 34 : 0);
    pen.rule(top);
    if (footer.documentFooter) pen.font('regular', 6.5, MUTED).text(footer.documentFooter, LEFT, top + 4, { width: WIDTH, height: 28, ellipsis: true });
    pen.font('regular', 7.5, MUTED).text(footer.text, LEFT, y, { width: WIDTH - 90, lineBreak: false, ellipsis: true });
    pen.font('regular', 7.5, MUTED).text(footer.page(i - range.start + 1, range.count), LEFT + WIDTH - 90, y, { width: 90, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** The organization's document footer (settings, general.document_footer); null when empty. */
export async function documentFooterOf(db: Db, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.organization_id, organizationId), eq(options.name, 'general.document_footer')));
  return typeof row?.value === 'string' && row.value.trim() ? row.value.trim() : null;
}
