import type { ResellerInvoiceModel } from '../areas/reseller/report/reseller-invoice-data.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { drawFacts } from './facts.ts';
import { renderDocumentPdf, type DocumentPdfInput } from './footer.ts';
import { formatDay, formatMoney } from './format.ts';
import { drawHeader } from './header.ts';
import type { Pen } from './page.ts';
import { drawTitledTable, drawTotals } from './table.ts';
import { tradeColumns, tradeTotalLines } from './trade-lines.ts';

// A reseller's invoice as a PDF (issue 24), built as the purchase order is: the reseller's header
// in its colours with its logo, the organization billed, the dates and the period billed, the
// lines, the totals with each tax, what is paid and the balance.

/** "facture-RF-2026-000001.pdf". */
export const resellerInvoiceFileName = (model: ResellerInvoiceModel) => `${t(model.locale, 'reseller_invoice.file_name')}-${model.code}.pdf`;

export function renderResellerInvoicePdf({ model, images, timeZone, now }: DocumentPdfInput<ResellerInvoiceModel>): Promise<Buffer> {
  const { locale } = model;
  const tr = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  // Calendar dates print as that day wherever the reader is.
  const day = (date: string | null) => (date ? formatDay(date, locale, timeZone) : null);
  const document = { title: tr('reseller_invoice.number', { code: model.code }), author: model.reseller.name, code: model.code, locale, documentFooter: null };
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
    drawTitledTable(pen, tr('reseller_invoice.lines'), tradeColumns(locale, { description: 280, quantity: 50, unitPrice: 80 }), model.lines, tr('work_order.none'));
    drawTotals(pen, [
      // A reseller's invoice shows no discount row.
      ...tradeTotalLines({ subtotal: model.totals.subtotal, total: model.totals.total }, model.taxes, locale),
      ...(model.totals.paid ? [{ label: tr('reseller_invoice.paid_amount'), value: money(-model.totals.paid) }] : []),
      ...(model.draft ? [] : [{ label: tr('reseller_invoice.balance'), value: money(model.totals.balance), bold: true }]),
    ]);
    pen.paragraph(tr('document.notes'), model.notes);
  };
  return renderDocumentPdf(document, { images, timeZone, now }, body);
}
