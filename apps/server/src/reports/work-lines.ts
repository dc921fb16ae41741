import type { DocumentTax, DocumentTotals, EnvironmentalFeeKind, Locale, PartChargeLines, WorkTotals } from '@atelier/domain';
import { t } from '../i18n/index.ts';
import { formatHours, formatMoney, formatQuantity, formatRate } from './format.ts';
import type { TotalLine } from './table.ts';

// How the quote and the work order print a parts-and-labour line and a document's totals: the
// same words and amounts on both (the amounts are the domain's, only formatted here).

interface PricedLine {
  quantity: number;
  unit_price: number;
  part: string | null;
  part_number: string | null;
  supplier: string | null;
  labour: { time: number; hourly_rate: number; manual: boolean };
  charges: PartChargeLines;
  totals: WorkTotals;
}

/** "2 × 150,00 $" under the parts amount. */
export const partsDetail = (line: PricedLine, locale: Locale) =>
  line.unit_price ? t(locale, 'document.quantity_price', { quantity: formatQuantity(line.quantity, locale), price: formatMoney(line.unit_price, locale) }) : null;

/** "0,8 h × 120,00 $/h", or "Forfait" for a labour price set by hand. */
export const labourDetail = (line: PricedLine, locale: Locale) =>
  line.labour.manual
    ? t(locale, 'document.labour_manual')
    : line.labour.time
      ? t(locale, 'document.labour_hours', { hours: formatHours(line.labour.time, locale), rate: formatMoney(line.labour.hourly_rate, locale) })
      : null;

/** The words of an environmental fee: « Droits environnementaux (pneus) », or without a kind when none was given. */
export const environmentalFeeLabel = (locale: Locale, kind: EnvironmentalFeeKind | null | undefined) =>
  t(locale, kind === 'battery' ? 'sales.environmental_fee_battery' : kind === 'tire' ? 'sales.environmental_fee_tire' : 'sales.environmental_fee');

/** The part's environmental fee and core charge (issue 27), as the invoice words them: « Droits environnementaux (pneus) 6,00 $ ». */
function chargesDetail({ charges, part }: PricedLine, locale: Locale): string[] {
  const money = (cents: number) => formatMoney(cents, locale);
  const out: string[] = [];
  if (charges.fee) out.push(`${environmentalFeeLabel(locale, charges.fee.kind)} ${money(charges.fee.amount)}`);
  if (charges.core) out.push(`${t(locale, 'sales.core_line', { part: part ?? '' })} ${money(charges.core.amount)}`);
  if (charges.core?.returned) out.push(`${t(locale, 'sales.core_credit_line', { part: part ?? '' })} ${money(-charges.core.amount)}`);
  return out;
}

/** The part, its number and supplier, one per line, then its fee and core charge. */
export const partDetail = (line: PricedLine, locale: Locale) =>
  [line.part, line.part_number && t(locale, 'document.part_number', { number: line.part_number }), line.supplier && t(locale, 'document.supplier', { name: line.supplier }), ...chargesDetail(line, locale)]
    .filter(Boolean)
    .join('\n') || null;

/** Each tax of the line: "TPS 19,80 $". */
export const taxesDetail = (totals: WorkTotals, locale: Locale) => (totals.tax ? totals.taxes.map((tax) => `${tax.code} ${formatMoney(tax.amount, locale)}`).join('\n') : null);

/** Under a line's total: what the warranty covers, the discount it includes (issue 27), or that it is not charged. */
export function totalDetail(line: { totals: WorkTotals; charged: boolean }, locale: Locale) {
  if (!line.charged) return t(locale, 'document.not_charged');
  if (line.totals.warranty) return t(locale, 'document.warranty', { amount: formatMoney(line.totals.warranty, locale) });
  return line.totals.discount ? t(locale, 'document.discount', { amount: formatMoney(-line.totals.discount, locale) }) : null;
}

/** "TPS (5 %)": the code with the rate it was charged at, when all lines charged the same. */
export const taxLabel = (tax: DocumentTax, locale: Locale) =>
  tax.rate === null || tax.type === null ? tax.code : t(locale, 'document.tax_line', { code: tax.code, rate: formatRate({ rate: tax.rate, type: tax.type }, locale, t(locale, 'document.per_unit')) });

/**
 * Parts, labour, the lines' discounts, the document discount and the shop supplies (issue 27),
 * subtotal, each tax, then the total (bold) and what the warranty covers.
 */
export function totalLines(totals: WorkTotals & Partial<Pick<DocumentTotals, 'supplies' | 'document_discount'>>, taxes: readonly DocumentTax[], totalLabel: string, locale: Locale): TotalLine[] {
  const money = (cents: number) => formatMoney(cents, locale);
  const [documentOff, supplies] = [totals.document_discount ?? 0, totals.supplies ?? 0];
  return [
    { label: t(locale, 'document.parts'), value: money(totals.parts) },
    { label: t(locale, 'document.labour'), value: money(totals.labour) },
    ...(totals.discount - documentOff ? [{ label: t(locale, 'document.discounts'), value: money(documentOff - totals.discount) }] : []),
    ...(documentOff ? [{ label: t(locale, 'document.document_discount'), value: money(-documentOff) }] : []),
    ...(totals.part_charges ? [{ label: t(locale, 'document.part_charges'), value: money(totals.part_charges) }] : []),
    ...(supplies ? [{ label: t(locale, 'document.supplies'), value: money(supplies) }] : []),
    { label: t(locale, 'document.subtotal'), value: money(totals.subtotal) },
    ...taxes.map((tax) => ({ label: taxLabel(tax, locale), value: money(tax.amount) })),
    { label: totalLabel, value: money(totals.total), bold: true },
    ...(totals.warranty ? [{ label: t(locale, 'document.warranty_total'), value: money(totals.warranty) }] : []),
  ];
}
