import { ENVIRONMENTAL_FEE_KINDS, parseDecimal, tooManyDecimals, type EnvironmentalFeeKind, type OptionKind } from '@atelier/domain';

// The parts pricing settings as the screen types them (issue 27), without React: the markup
// matrix (cost from, in dollars → margin %) and the environmental fees by province (dollars per
// tire, per battery), each row a line of texts; "," or "." as the decimal mark.

export const PRICING_KINDS: ReadonlySet<OptionKind> = new Set<OptionKind>(['markup_matrix', 'environmental_fees']);

export interface MatrixRowText {
  from: string;
  margin: string;
}
export type FeeRowText = { province: string } & Record<EnvironmentalFeeKind, string>;

const dollars = (cents: unknown, sep: ',' | '.') => (typeof cents === 'number' ? (cents / 100).toFixed(2).replace('.', sep) : '');
/** Cents of a typed amount in dollars; null when it is not one (more than cents, negative, not a number). */
const cents = (text: string): number | null => {
  const n = parseDecimal(text.trim());
  return n === null || n < 0 || tooManyDecimals(text.trim(), 2) ? null : Math.round(n * 100);
};

/** The rows a stored matrix shows. */
export function matrixRows(text: string): MatrixRowText[] {
  const rows: unknown = text ? JSON.parse(text) : [];
  return Array.isArray(rows) ? (rows as MatrixRowText[]) : [];
}
export function feeRows(text: string): FeeRowText[] {
  const rows: unknown = text ? JSON.parse(text) : [];
  return Array.isArray(rows) ? (rows as FeeRowText[]) : [];
}

/** The text rows of a stored value, as JSON (what the page keeps and compares). */
export function pricingToInput(kind: OptionKind, value: unknown, sep: ',' | '.'): string {
  if (kind === 'markup_matrix') {
    const rows = Array.isArray(value) ? (value as { fromCents: number; marginPercent: string | number }[]) : [];
    return JSON.stringify(rows.map((r): MatrixRowText => ({ from: dollars(r.fromCents, sep), margin: String(r.marginPercent).replace('.', sep) })));
  }
  const byProvince = value && typeof value === 'object' ? (value as Record<string, Partial<Record<EnvironmentalFeeKind, number>>>) : {};
  return JSON.stringify(
    Object.entries(byProvince).map(([province, fees]) => ({ province, ...Object.fromEntries(ENVIRONMENTAL_FEE_KINDS.map((k) => [k, dollars(fees[k], sep)])) }) as FeeRowText),
  );
}

/** The value sent for the rows typed (a row the screen cannot read is sent as typed, for the server's message). */
export function pricingFromInput(kind: OptionKind, text: string): unknown {
  if (kind === 'markup_matrix')
    return matrixRows(text).map((r) => {
      const margin = parseDecimal(r.margin.trim());
      return { fromCents: cents(r.from) ?? r.from, marginPercent: margin === null ? r.margin : String(margin) };
    });
  return Object.fromEntries(
    feeRows(text)
      .filter((r) => r.province)
      .map((r) => [r.province, Object.fromEntries(ENVIRONMENTAL_FEE_KINDS.filter((k) => r[k].trim() !== '').map((k) => [k, cents(r[k]) ?? r[k]]))]),
  );
}

/** What is wrong with the rows typed, found before sending (an amount in dollars, a margin, a province named once). */
export function pricingInputProblem(kind: OptionKind, text: string): 'settings:errors.amount' | 'settings:errors.markup_matrix' | 'settings:errors.fee_province' | undefined {
  if (kind === 'markup_matrix') {
    const rows = matrixRows(text);
    const bad = rows.some((r) => cents(r.from) === null || parseDecimal(r.margin.trim()) === null || (parseDecimal(r.margin.trim()) ?? 0) < 0);
    const twice = new Set(rows.map((r) => cents(r.from))).size !== rows.length;
    return bad || twice ? 'settings:errors.markup_matrix' : undefined;
  }
  const rows = feeRows(text);
  if (rows.some((r) => ENVIRONMENTAL_FEE_KINDS.some((k) => r[k].trim() !== '' && cents(r[k]) === null))) return 'settings:errors.amount';
  return new Set(rows.map((r) => r.province)).size !== rows.length || rows.some((r) => !r.province) ? 'settings:errors.fee_province' : undefined;
}
