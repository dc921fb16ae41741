import type { InvoiceLine, InvoiceModel } from '../areas/sales/report/invoice-data.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { drawFacts } from './facts.ts';
import { renderDocumentPdf, type DocumentPdfInput } from './footer.ts';
import { formatDay, formatMoney } from './format.ts';
import { drawHeader } from './header.ts';
import type { Pen } from './page.ts';
import { drawTitledTable, drawTotals, type Column } from './table.ts';
import { tradeColumns, tradeTotalLines } from './trade-lines.ts';

// The customer's invoice (issue 23), the one a Québec customer keeps: the organization's header
// with its GST and QST registration numbers, who is billed, the vehicle and repair, the lines with
// each one's taxes, the totals with each tax, the deposits deducted (their lines), what is paid
// and the balance, the payment terms, the notes; the settings' document footer on every page.

/** "facture-FV-2026-000001.pdf" ("facture-brouillon.pdf" for a draft). */
export const invoiceFileName = (model: InvoiceModel) => `${t(model.locale, model.creditNote ? 'invoice.credit_note_file' : 'invoice.file_name')}-${model.code ?? t(model.locale, 'invoice.draft_file')}.pdf`;

export function renderInvoicePdf({ model, images, timeZone, now }: DocumentPdfInput<InvoiceModel>): Promise<Buffer> {
  const { locale } = model;
  const tr = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  const day = (iso: string | null) => (iso ? formatDay(iso, locale, timeZone) : null);
  const money = (cents: number) => formatMoney(cents, locale);
  const number = model.code ?? tr('invoice.draft');
  const numbered = model.creditNote ? 'invoice.credit_note_number' : 'invoice.number';
  const document = { title: tr(numbered, { code: number }), author: model.organization.name, code: number, locale, documentFooter: model.documentFooter };
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
    drawTitledTable(pen, tr('invoice.lines'), columns(model), model.lines, tr('work_order.none'));
    drawTotals(pen, [
      ...tradeTotalLines(model.totals, model.taxes, locale),
      // A credit note gives back: nothing is paid or due on it.
      ...(model.creditNote
        ? []
        : [
            ...(model.totals.credited ? [{ label: tr('invoice.credited'), value: money(-model.totals.credited) }] : []),
            ...(model.totals.paid ? [{ label: tr('invoice.paid'), value: money(-model.totals.paid) }] : []),
            { label: tr(model.totals.balance < 0 ? 'invoice.owed_back' : 'invoice.balance'), value: money(model.totals.balance), bold: true },
          ]),
    ]);
    pen.paragraph(tr('invoice.terms'), model.terms);
    pen.paragraph(tr('document.notes'), model.notes);
  };
  return renderDocumentPdf(document, { images, timeZone, now }, body);
}

function columns({ locale }: InvoiceModel): Column<InvoiceLine>[] {
  // Each line's taxes by code (TPS, TVQ), as Québec's invoices show them.
  const taxes: Column<InvoiceLine> = { title: t(locale, 'invoice.taxes'), width: 90, align: 'right', text: (l) => l.taxes.map((x) => `${x.code} ${formatMoney(x.amount, locale)}`).join('\n') };
  return tradeColumns(locale, { description: 190, quantity: 40, unitPrice: 70 }, { beforeSubtotal: [taxes] });
}
