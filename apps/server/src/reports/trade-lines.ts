import { decimalText, formatReportNumber, type DocumentTax, type Locale } from '@atelier/domain';
import { t } from '../i18n/index.ts';
import { formatMoney } from './format.ts';
import type { Column, TotalLine } from './table.ts';
import { taxLabel } from './work-lines.ts';

// What the PDFs of the trade documents (a purchase order, a customer's or a reseller's invoice)
// print alike: their lines' columns and the first rows of their totals.

/** What a trade document's PDF reads of a line. */
export interface TradePdfLine {
  number: number;
  description: string;
  quantity: string;
  unit_price: number;
  discount: string | null;
  subtotal: number;
}

/** A document's stored line (its `index` in their order) as its PDF prints it. */
export const tradePdfLine = (item: { description: string | null; quantity: string; unit_price: number | null; discount: string | null; subtotal: number }, index: number): TradePdfLine => ({
  number: index + 1,
  description: item.description ?? '',
  quantity: item.quantity,
  unit_price: item.unit_price ?? 0,
  discount: item.discount,
  subtotal: item.subtotal,
});

/**
 * The columns of a trade document's lines: number, description, the document's `own` columns (a
 * supplier's code), quantity, unit price with its discount under it, `beforeSubtotal` (each
 * line's taxes), subtotal. `widths`: of the description, the quantity and the unit price.
 */
export function tradeColumns<L extends TradePdfLine>(
  locale: Locale,
  widths: { description: number; quantity: number; unitPrice: number },
  extra: { own?: Column<L>[]; beforeSubtotal?: Column<L>[] } = {},
): Column<L>[] {
  const quantity = (q: string) => formatReportNumber(Number(decimalText(q) ?? q), locale);
  return [
    { title: t(locale, 'document.number'), width: 22, text: (l) => String(l.number) },
    { title: t(locale, 'document.description'), width: widths.description, text: (l) => l.description },
    ...(extra.own ?? []),
    { title: t(locale, 'purchase_order.quantity'), width: widths.quantity, align: 'right', text: (l) => quantity(l.quantity) },
    {
      title: t(locale, 'purchase_order.unit_price'),
      width: widths.unitPrice,
      align: 'right',
      text: (l) => formatMoney(l.unit_price, locale),
      under: (l) => (l.discount && Number(l.discount) ? t(locale, 'purchase_order.discount', { discount: quantity(l.discount) }) : null),
    },
    ...(extra.beforeSubtotal ?? []),
    { title: t(locale, 'document.subtotal'), width: 80, align: 'right', text: (l) => formatMoney(l.subtotal, locale), weight: () => 'bold' },
  ];
}

/** A trade document's totals up to its total: its lines' discounts (when `discount` is given and not zero), subtotal, each tax, total. */
export function tradeTotalLines(totals: { discount?: number; subtotal: number; total: number }, taxes: readonly DocumentTax[], locale: Locale): TotalLine[] {
  const money = (cents: number) => formatMoney(cents, locale);
  return [
    ...(totals.discount ? [{ label: t(locale, 'purchase_order.discounts'), value: money(-totals.discount) }] : []),
    { label: t(locale, 'document.subtotal'), value: money(totals.subtotal) },
    ...taxes.map((tax) => ({ label: taxLabel(tax, locale), value: money(tax.amount) })),
    { label: t(locale, 'document.total'), value: money(totals.total), bold: true },
  ];
}
