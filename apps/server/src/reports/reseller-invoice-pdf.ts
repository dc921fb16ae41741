import { decimalText, formatReportNumber } from '@atelier/domain';
import type { ResellerInvoiceLine, ResellerInvoiceModel } from '../areas/reseller/report/reseller-invoice-data.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { drawFacts } from './facts.ts';
import { drawFooters, footerOf } from './footer.ts';
import { formatDay, formatMoney } from './format.ts';
import { drawHeader } from './header.ts';
import type { ImageSource } from './images.ts';
import { LEFT, MUTED, WIDTH, renderPdf, type Pen } from './page.ts';
import { drawTable, drawTotals, type Column } from './table.ts';
import { taxLabel } from './work-lines.ts';

// A reseller's invoice as a PDF (issue 24), built as the purchase order is: the reseller's header
// in its colours with its logo, the organization billed, the dates and the period billed, the
// lines, the totals with each tax, what is paid and the balance.

export interface ResellerInvoicePdfInput {
  model: ResellerInvoiceModel;
  images: ImageSource;
  timeZone: string;
  now?: Date;
}

/** "facture-RF-2026-000001.pdf". */
export const resellerInvoiceFileName = (model: ResellerInvoiceModel) => `${t(model.locale, 'reseller_invoice.file_name')}-${model.code}.pdf`;

export function renderResellerInvoicePdf({ model, images, timeZone, now = new Date() }: ResellerInvoicePdfInput): Promise<Buffer> {
  const { locale } = model;
  const tr = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  // Calendar dates print as that day wherever the reader is.
  const day = (date: string | null) => (date ? formatDay(date, locale, timeZone) : null);
  const footer = footerOf({ organization: model.reseller.name, code: model.code, locale, timeZone, now, documentFooter: null });
  const info = { title: tr('reseller_invoice.number', { code: model.code }), author: model.reseller.name, locale, documentFooter: null };
  const money = (cents: number) => formatMoney(cents, locale);
  const body = (pen: Pen) => {
    drawHeader(pen, {
      organization: model.reseller,
      location: null,
      logo: model.logo,
      color: model.color,
      title: model.draft ? `${tr('reseller_invoice.title')} — ${tr('document.draft')}` : tr('reseller_invoice.title'),
      lines: [model.code, tr('reseller_invoice.state', { state: model.state })],
    });
    const period = model.dates.period_start && model.dates.period_end ? tr('reseller_invoice.period_value', { start: day(model.dates.period_start) ?? '', end: day(model.dates.period_end) ?? '' }) : null;
    drawFacts(pen, [
      { title: tr('reseller_invoice.bill_to'), lines: [model.billTo.name, ...model.billTo.lines] },
      {
        title: tr('reseller_invoice.number', { code: model.code }),
        labelWidth: 80,
        rows: [
          { label: tr('reseller_invoice.date'), value: day(model.dates.issued_on ?? model.dates.created_at) },
          { label: tr('reseller_invoice.due'), value: day(model.dates.expiration_time) },
          { label: tr('reseller_invoice.period'), value: period },
        ],
      },
    ]);
    pen.heading(tr('reseller_invoice.lines'));
    if (model.lines.length) drawTable(pen, columns(model), model.lines);
    else pen.font('regular', 9.5, MUTED).text(tr('work_order.none'), LEFT, pen.doc.y, { width: WIDTH });
    drawTotals(pen, [
      { label: tr('document.subtotal'), value: money(model.totals.subtotal) },
      ...model.taxes.map((tax) => ({ label: taxLabel(tax, locale), value: money(tax.amount) })),
      { label: tr('document.total'), value: money(model.totals.total), bold: true },
      ...(model.totals.paid ? [{ label: tr('reseller_invoice.paid_amount'), value: money(-model.totals.paid) }] : []),
      ...(model.draft ? [] : [{ label: tr('reseller_invoice.balance'), value: money(model.totals.balance), bold: true }]),
    ]);
    if (model.notes) {
      pen.heading(tr('document.notes'));
      pen.font('regular', 9.5).text(model.notes, LEFT, pen.doc.y, { width: WIDTH });
    }
  };
  return renderPdf(info, images, body, (pen) => drawFooters(pen, footer));
}

function columns(model: ResellerInvoiceModel): Column<ResellerInvoiceLine>[] {
  const { locale } = model;
  const quantity = (q: string) => formatReportNumber(Number(decimalText(q) ?? q), locale);
  return [
    { title: t(locale, 'document.number'), width: 22, text: (l) => String(l.number) },
    { title: t(locale, 'document.description'), width: 280, text: (l) => l.description },
    { title: t(locale, 'reseller_invoice.quantity'), width: 50, align: 'right', text: (l) => quantity(l.quantity) },
    { title: t(locale, 'reseller_invoice.unit_price'), width: 80, align: 'right', text: (l) => formatMoney(l.unit_price, locale), under: (l) => (l.discount && Number(l.discount) ? t(locale, 'reseller_invoice.discount', { discount: quantity(l.discount) }) : null) },
    { title: t(locale, 'document.subtotal'), width: 80, align: 'right', text: (l) => formatMoney(l.subtotal, locale), weight: () => 'bold' },
  ];
}
