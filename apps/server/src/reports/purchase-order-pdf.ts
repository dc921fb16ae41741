import type { PurchaseOrderLine, PurchaseOrderModel } from '../areas/purchases/report/purchase-order-data.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { drawFacts } from './facts.ts';
import { renderDocumentPdf, type DocumentPdfInput } from './footer.ts';
import { formatDay } from './format.ts';
import { drawHeader } from './header.ts';
import type { Pen } from './page.ts';
import { drawTitledTable, drawTotals, type Column } from './table.ts';
import { tradeColumns, tradeTotalLines } from './trade-lines.ts';

// The purchase order's PDF (issue 22), to send to the supplier: the organization's header, the
// supplier and where to deliver, the order's dates and references, the lines with the supplier's
// codes, the totals with each tax, the notes; the settings' document footer on every page.

/** "bon-de-commande-PO-2026-000001.pdf". */
export const purchaseOrderFileName = (model: PurchaseOrderModel) => `${t(model.locale, 'purchase_order.file_name')}-${model.code}.pdf`;

export function renderPurchaseOrderPdf({ model, images, timeZone, now }: DocumentPdfInput<PurchaseOrderModel>): Promise<Buffer> {
  const { locale } = model;
  const tr = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  const day = (iso: string | null) => (iso ? formatDay(iso, locale, timeZone) : null);
  const document = { title: tr('purchase_order.number', { code: model.code }), author: model.organization.name, code: model.code, locale, documentFooter: model.documentFooter };
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
    drawTitledTable(pen, tr('purchase_order.lines'), columns(model), model.lines, tr('work_order.none'));
    drawTotals(pen, tradeTotalLines(model.totals, model.taxes, locale));
    pen.paragraph(tr('document.notes'), model.notes);
  };
  return renderDocumentPdf(document, { images, timeZone, now }, body);
}

/** The lines with the supplier's code of each. */
function columns({ locale }: PurchaseOrderModel): Column<PurchaseOrderLine>[] {
  const reference: Column<PurchaseOrderLine> = { title: t(locale, 'purchase_order.reference'), width: 90, text: (l) => l.reference ?? '' };
  return tradeColumns(locale, { description: 200, quantity: 50, unitPrice: 70 }, { own: [reference] });
}
