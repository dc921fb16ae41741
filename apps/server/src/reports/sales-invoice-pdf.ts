import { decimalText, formatReportNumber } from '@atelier/domain';
import type { InvoiceLine, InvoiceModel } from '../areas/sales/report/invoice-data.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { drawFacts } from './facts.ts';
import { drawFooters, footerOf } from './footer.ts';
import { formatDay, formatMoney } from './format.ts';
import { drawHeader } from './header.ts';
import type { ImageSource } from './images.ts';
import { LEFT, MUTED, WIDTH, renderPdf, type Pen } from './page.ts';
import { drawTable, drawTotals, type Column } from './table.ts';
import { taxLabel } from './work-lines.ts';

// The customer's invoice (issue 23), the one a Québec customer keeps: the organization's header
// with its GST and QST registration numbers, who is billed, the vehicle and repair, the lines with
// each one's taxes, the totals with each tax, the deposits deducted (their lines), what is paid
// and the balance, the payment terms, the notes; the settings' document footer on every page.

export interface InvoicePdfInput {
  model: InvoiceModel;
  images: ImageSource;
  timeZone: string;
  now?: Date;
}

/** "facture-FV-2026-000001.pdf" ("facture-brouillon.pdf" for a draft). */
export const invoiceFileName = (model: InvoiceModel) => `${t(model.locale, model.creditNote ? 'invoice.credit_note_file' : 'invoice.file_name')}-${model.code ?? t(model.locale, 'invoice.draft_file')}.pdf`;

export function renderInvoicePdf({ model, images, timeZone, now = new Date() }: InvoicePdfInput): Promise<Buffer> {
  const { locale } = model;
  const tr = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  const day = (iso: string | null) => (iso ? formatDay(iso, locale, timeZone) : null);
  const money = (cents: number) => formatMoney(cents, locale);
  const number = model.code ?? tr('invoice.draft');
  const footer = footerOf({ organization: model.organization.name, code: number, locale, timeZone, now, documentFooter: model.documentFooter });
  const numbered = model.creditNote ? 'invoice.credit_note_number' : 'invoice.number';
  const info = { title: tr(numbered, { code: number }), author: model.organization.name, locale, documentFooter: model.documentFooter };
  const registrations = [
    model.registrations.gst ? tr('invoice.gst_number', { number: model.registrations.gst }) : null,
    model.registrations.qst ? tr('invoice.qst_number', { number: model.registrations.qst }) : null,
  ].filter((l): l is string => !!l);
  const body = (pen: Pen) => {
    drawHeader(pen, { organization: model.organization, location: null, logo: model.logo, title: tr(model.creditNote ? 'invoice.credit_note_title' : model.deposit ? 'invoice.deposit_title' : 'invoice.title'), lines: [number, ...registrations] });
    drawFacts(pen, [
      { title: tr('invoice.bill_to'), lines: [model.billTo.name, ...model.billTo.lines] },
      {
        title: tr(numbered, { code: number }),
        labelWidth: 80,
        rows: [
          ...(model.creditNote ? [{ label: tr('invoice.corrects'), value: model.corrects }] : []),
          { label: tr('invoice.date'), value: day(model.dates.issued_on) },
          { label: tr('invoice.due'), value: day(model.dates.due) },
          { label: tr('invoice.vehicle'), value: model.vehicle },
          { label: tr('invoice.repair'), value: model.repair },
        ],
      },
    ]);
    pen.heading(tr('invoice.lines'));
    if (model.lines.length) drawTable(pen, columns(model), model.lines);
    else pen.font('regular', 9.5, MUTED).text(tr('work_order.none'), LEFT, pen.doc.y, { width: WIDTH });
    drawTotals(pen, [
      ...(model.totals.discount ? [{ label: tr('purchase_order.discounts'), value: money(-model.totals.discount) }] : []),
      { label: tr('document.subtotal'), value: money(model.totals.subtotal) },
      ...model.taxes.map((tax) => ({ label: taxLabel(tax, locale), value: money(tax.amount) })),
      { label: tr('document.total'), value: money(model.totals.total), bold: true },
      // A credit note gives back: nothing is paid or due on it.
      ...(model.creditNote
        ? []
        : [
            ...(model.totals.credited ? [{ label: tr('invoice.credited'), value: money(-model.totals.credited) }] : []),
            ...(model.totals.paid ? [{ label: tr('invoice.paid'), value: money(-model.totals.paid) }] : []),
            { label: tr(model.totals.balance < 0 ? 'invoice.owed_back' : 'invoice.balance'), value: money(model.totals.balance), bold: true },
          ]),
    ]);
    if (model.terms) {
      pen.heading(tr('invoice.terms'));
      pen.font('regular', 9.5).text(model.terms, LEFT, pen.doc.y, { width: WIDTH });
    }
    if (model.notes) {
      pen.heading(tr('document.notes'));
      pen.font('regular', 9.5).text(model.notes, LEFT, pen.doc.y, { width: WIDTH });
    }
  };
  return renderPdf(info, images, body, (pen) => drawFooters(pen, footer));
}

function columns(model: InvoiceModel): Column<InvoiceLine>[] {
  const { locale } = model;
  const quantity = (q: string) => formatReportNumber(Number(decimalText(q) ?? q), locale);
  return [
    { title: t(locale, 'document.number'), width: 22, text: (l) => String(l.number) },
    { title: t(locale, 'document.description'), width: 190, text: (l) => l.description },
    { title: t(locale, 'purchase_order.quantity'), width: 40, align: 'right', text: (l) => quantity(l.quantity) },
    { title: t(locale, 'purchase_order.unit_price'), width: 70, align: 'right', text: (l) => formatMoney(l.unit_price, locale), under: (l) => (l.discount && Number(l.discount) ? t(locale, 'purchase_order.discount', { discount: quantity(l.discount) }) : null) },
    // Each line's taxes by code (TPS, TVQ), as Québec's invoices show them.
    { title: t(locale, 'invoice.taxes'), width: 90, align: 'right', text: (l) => l.taxes.map((x) => `${x.code} ${formatMoney(x.amount, locale)}`).join('\n') },
    { title: t(locale, 'document.subtotal'), width: 80, align: 'right', text: (l) => formatMoney(l.subtotal, locale), weight: () => 'bold' },
  ];
}
