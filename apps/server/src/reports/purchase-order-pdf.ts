import { decimalText, formatReportNumber } from '@atelier/domain';
import type { PurchaseOrderLine, PurchaseOrderModel } from '../areas/purchases/report/purchase-order-data.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { drawFacts } from './facts.ts';
import { drawFooters, footerOf } from './footer.ts';
import { formatDay, formatMoney } from './format.ts';
import { drawHeader } from './header.ts';
import type { ImageSource } from './images.ts';
import { LEFT, MUTED, WIDTH, renderPdf, type Pen } from './page.ts';
import { drawTable, drawTotals, type Column } from './table.ts';
import { taxLabel } from './work-lines.ts';

// The purchase order's PDF (issue 22), to send to the supplier: the organization's header, the
// supplier and where to deliver, the order's dates and references, the lines with the supplier's
// codes, the totals with each tax, the notes; the settings' document footer on every page.

export interface PurchaseOrderPdfInput {
  model: PurchaseOrderModel;
  images: ImageSource;
  timeZone: string;
  now?: Date;
}

/** "bon-de-commande-PO-2026-000001.pdf". */
export const purchaseOrderFileName = (model: PurchaseOrderModel) => `${t(model.locale, 'purchase_order.file_name')}-${model.code}.pdf`;

export function renderPurchaseOrderPdf({ model, images, timeZone, now = new Date() }: PurchaseOrderPdfInput): Promise<Buffer> {
  const { locale } = model;
  const tr = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  const day = (iso: string | null) => (iso ? formatDay(iso, locale, timeZone) : null);
  const footer = footerOf({ organization: model.organization.name, code: model.code, locale, timeZone, now, documentFooter: model.documentFooter });
  const info = { title: tr('purchase_order.number', { code: model.code }), author: model.organization.name, locale, documentFooter: model.documentFooter };
  const body = (pen: Pen) => {
    drawHeader(pen, { organization: model.organization, location: null, logo: model.logo, title: tr('purchase_order.title'), lines: [model.code, tr('work_order.state', { state: model.state })] });
    drawFacts(pen, [
      { title: tr('purchase_order.supplier'), lines: [model.supplier.name, ...model.supplier.lines] },
      { title: tr('purchase_order.deliver_to'), lines: [model.deliverTo.name, ...model.deliverTo.lines] },
      {
        title: tr('purchase_order.number', { code: model.code }),
        labelWidth: 80,
        rows: [
          { label: tr('purchase_order.date'), value: day(model.dates.validated_at ?? model.dates.created_at) },
          { label: tr('purchase_order.expected_on'), value: model.dates.expected_on ? day(`${model.dates.expected_on}T12:00:00Z`) : null },
          { label: tr('purchase_order.supplier_reference'), value: model.supplierReference },
          { label: tr('purchase_order.issuer'), value: model.issuer },
        ],
      },
    ]);
    pen.heading(tr('purchase_order.lines'));
    if (model.lines.length) drawTable(pen, columns(model), model.lines);
    else pen.font('regular', 9.5, MUTED).text(tr('work_order.none'), LEFT, pen.doc.y, { width: WIDTH });
    const money = (cents: number) => formatMoney(cents, locale);
    drawTotals(pen, [
      ...(model.totals.discount ? [{ label: tr('purchase_order.discounts'), value: money(-model.totals.discount) }] : []),
      { label: tr('document.subtotal'), value: money(model.totals.subtotal) },
      ...model.taxes.map((tax) => ({ label: taxLabel(tax, locale), value: money(tax.amount) })),
      { label: tr('document.total'), value: money(model.totals.total), bold: true },
    ]);
    if (model.notes) {
      pen.heading(tr('document.notes'));
      pen.font('regular', 9.5).text(model.notes, LEFT, pen.doc.y, { width: WIDTH });
    }
  };
  return renderPdf(info, images, body, (pen) => drawFooters(pen, footer));
}

function columns(model: PurchaseOrderModel): Column<PurchaseOrderLine>[] {
  const { locale } = model;
  const quantity = (q: string) => formatReportNumber(Number(decimalText(q) ?? q), locale);
  return [
    { title: t(locale, 'document.number'), width: 22, text: (l) => String(l.number) },
    { title: t(locale, 'document.description'), width: 200, text: (l) => l.description },
    { title: t(locale, 'purchase_order.reference'), width: 90, text: (l) => l.reference ?? '' },
    { title: t(locale, 'purchase_order.quantity'), width: 50, align: 'right', text: (l) => quantity(l.quantity) },
    { title: t(locale, 'purchase_order.unit_price'), width: 70, align: 'right', text: (l) => formatMoney(l.unit_price, locale), under: (l) => (l.discount && Number(l.discount) ? t(locale, 'purchase_order.discount', { discount: quantity(l.discount) }) : null) },
    { title: t(locale, 'document.subtotal'), width: 80, align: 'right', text: (l) => formatMoney(l.subtotal, locale), weight: () => 'bold' },
  ];
}
