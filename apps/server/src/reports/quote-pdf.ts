import type { Locale, QuoteGroup, QuoteLine, QuoteModel, Urgency } from '@atelier/domain';
import { t, type MessageKey, type MessageParams } from '../i18n/index.ts';
import { customerFacts, drawFacts, vehicleFacts } from './facts.ts';
import { renderDocumentPdf, type DocumentPdfInput } from './footer.ts';
import { formatDateTime, formatDay, formatMoney } from './format.ts';
import { drawHeader } from './header.ts';
import { wantedImages } from './images.ts';
import { drawThumbnails } from './thumbnails.ts';
import { BAND, INK, LEFT, MUTED, WIDTH, type Pen } from './page.ts';
import { drawSignature, drawSignatureLines } from './signature.ts';
import { drawTable, drawTotals, type Column } from './table.ts';
import { labourDetail, partDetail, partsDetail, taxesDetail, totalDetail, totalLines } from './work-lines.ts';

// The estimate's PDF: the quote a customer reads and signs (issue 12, GET /estimations/{id}/report),
// drawn from the domain's model (estimations/quote.ts) on the documents' shared page.

/** The pictures a quote prints, for loadImages (reports/images.ts). */
export const quoteImages = (model: QuoteModel) => wantedImages({ photos: model.photos, signature: model.signature.signed?.image, logo: model.logo });

/** The file name the quote is answered under: "soumission-E-2026-000012.pdf". */
export const quoteFileName = (model: QuoteModel) => `${t(model.locale, 'quote.file_name')}-${model.code}.pdf`;

const URGENCY_COLOR: Record<Urgency, string> = { urgent: '#c92a2a', soon: '#8f4400', monitor: '#495057' };

/**
 * The quote as PDF bytes: header, vehicle, customer, the items by urgency and condition (photos
 * under each), parts, labour and taxes per line, the totals, the customer's approval (a signature
 * given on the approval page, else lines to sign) and the settings' document footer on every page.
 * Independent of how the estimate is loaded: the caller builds the model and loads its images.
 */
export function renderQuotePdf({ model, images, timeZone, now }: DocumentPdfInput<QuoteModel>): Promise<Buffer> {
  const tr = (key: MessageKey, params?: MessageParams) => t(model.locale, key, params);
  // A quote still being priced crosses every page with PROVISOIRE / DRAFT, as an inspection report before completion.
  const watermark = model.draft ? tr('document.draft') : null;
  const document = { title: tr('quote.number', { code: model.code }), author: model.organization.name, code: model.code, locale: model.locale, documentFooter: model.documentFooter, watermark };
  const body = async (pen: Pen) => {
    drawHeader(pen, {
      organization: model.organization,
      location: model.location,
      logo: model.logo,
      title: tr('quote.title'),
      lines: [model.code, [model.version ? tr('quote.version', { version: model.version }) : null, tr('quote.state', { state: model.state.label })].filter(Boolean).join(' · ')],
    });
    facts(pen, model, timeZone);
    pen.heading(tr('quote.items'));
    if (!model.groups.length) pen.font('regular', 9.5, MUTED).text(tr('quote.none'), LEFT, pen.doc.y, { width: WIDTH });
    for (const group of model.groups) {
      await pen.breathe(); // the items' photos decode meanwhile
      drawGroup(pen, group);
    }
    drawTotals(pen, [
      ...totalLines(model.totals.proposed, model.taxes, tr('quote.proposed_total'), model.locale),
      ...(model.hasApproved ? [{ label: tr('quote.approved_total'), value: formatMoney(model.totals.approved.total, model.locale), bold: true }] : []),
    ]);
    pen.paragraph(tr('document.notes'), model.notes);
    signature(pen, model, timeZone);
  };
  return renderDocumentPdf(document, { images, timeZone, now }, body);
}

function facts(pen: Pen, model: QuoteModel, timeZone: string) {
  const { locale } = model;
  const day = (iso: string | null) => (iso ? formatDay(iso, locale, timeZone) : null);
  const row = (label: MessageKey, value: string | null) => ({ label: t(locale, label), value });
  drawFacts(pen, [
    vehicleFacts(model.vehicle, locale, { labelWidth: 62, weight: 1.15 }),
    customerFacts(model.customer, locale, 0.85),
    {
      title: t(locale, 'quote.number', { code: model.code }),
      labelWidth: 62,
      rows: [
        row('document.type', model.type.label),
        row('quote.stock', model.stock),
        row('document.department', model.department),
        row('quote.estimator', model.estimator),
        row('quote.approver', model.approver),
        row('quote.created_at', day(model.dates.created_at)),
        row('quote.sent_at', day(model.dates.sent_at)),
        row('quote.approved_at', day(model.dates.approved_at)),
      ],
    },
  ]);
}

function columns(locale: Locale): Column<QuoteLine>[] {
  const money = (cents: number) => formatMoney(cents, locale);
  const muted = (line: QuoteLine) => (line.charged ? INK : MUTED);
  return [
    { title: t(locale, 'document.number'), width: 20, text: (l) => String(l.number), color: muted },
    { title: t(locale, 'document.description'), width: 138, text: (l) => l.detail, under: (l) => partDetail(l, locale), color: muted },
    { title: t(locale, 'document.parts'), width: 70, align: 'right', text: (l) => money(l.totals.parts), under: (l) => partsDetail(l, locale), color: muted },
    { title: t(locale, 'document.labour'), width: 84, align: 'right', text: (l) => money(l.totals.labour), under: (l) => labourDetail(l, locale), color: muted },
    { title: t(locale, 'document.taxes'), width: 62, align: 'right', text: (l) => money(l.totals.tax), under: (l) => taxesDetail(l.totals, locale), color: muted },
    { title: t(locale, 'document.total'), width: 68, align: 'right', text: (l) => money(l.totals.total), under: (l) => totalDetail(l, locale), weight: (l) => (l.charged ? 'bold' : 'regular'), color: muted },
    { title: t(locale, 'quote.decision'), width: 90, text: (l) => l.approval.state.label, under: (l) => l.approval.customer?.label ?? null },
  ];
}

/** A group's band (urgency colour, title, its total), then its lines with their photos. */
function drawGroup(pen: Pen, group: QuoteGroup) {
  const { doc, locale } = pen;
  pen.need(70);
  const y = doc.y + 6;
  doc.rect(LEFT, y, WIDTH, 18).fill(BAND);
  doc.rect(LEFT, y, 4, 18).fill(group.urgency ? URGENCY_COLOR[group.urgency] : MUTED);
  pen.font('bold', 10, group.urgency ? URGENCY_COLOR[group.urgency] : INK).text(group.title, LEFT + 10, y + 4, { width: WIDTH - 120, lineBreak: false, ellipsis: true });
  pen.font('bold', 10).text(formatMoney(group.total, locale), LEFT + WIDTH - 106, y + 4, { width: 100, align: 'right', lineBreak: false });
  doc.y = y + 20;
  drawTable(pen, columns(locale), group.lines, (line) => {
    if (line.images.length) drawThumbnails(pen, line.images, t(locale, 'document.photo_missing'), LEFT + 22);
  });
}

/** The customer's approval: the signature given on the approval page, else lines to sign. */
function signature(pen: Pen, model: QuoteModel, timeZone: string) {
  const { locale } = model;
  pen.need(150);
  pen.heading(t(locale, 'quote.signature'));
  pen.font('regular', 9).text(t(locale, 'quote.signature_text'), LEFT, pen.doc.y, { width: WIDTH });
  pen.doc.y += 6;
  const signed = model.signature.signed;
  if (signed) {
    const caption = t(locale, 'quote.signed', { name: signed.signer, date: formatDateTime(signed.signed_at, locale, timeZone), version: signed.version ?? model.version ?? 1 });
    drawSignature(pen, signed.image, caption);
    if (signed.stale) pen.font('bold', 9, '#c92a2a').text(t(locale, 'quote.signed_stale', { version: signed.version ?? '' }), LEFT, pen.doc.y, { width: WIDTH });
    return;
  }
  drawSignatureLines(pen, [{ title: t(locale, 'document.customer'), labels: [t(locale, 'document.sign_name'), t(locale, 'document.signature'), t(locale, 'document.sign_date')], name: model.signature.name }]);
}
