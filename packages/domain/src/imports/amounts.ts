/**
 * An amount as a spreadsheet holds it, in dollars ("24 500 $", "24,500.50", "24 500,50"), to the
 * cents the API takes; null when it is not one. The decimal separator is the last of ',' or '.'
 * followed by one or two digits; the other marks (and spaces) separate thousands.
 */
export function cellDollarsToCents(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f$]/g, '').replace(/^CAD|CAD$/i, '');
  if (!/^-?[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const m = /^(-?[\d.,]*?)[.,](\d{1,2})$/.exec(s);
  const whole = (m ? m[1]! : s).replace(/[.,]/g, '');
  const fraction = m ? m[2]!.padEnd(2, '0') : '00';
  if (!/^-?\d+$/.test(whole === '-' || whole === '' ? `${whole}0` : whole)) return null;
  const cents = Number(`${whole === '-' || whole === '' ? `${whole}0` : whole}${fraction}`);
  return Number.isSafeInteger(cents) ? cents : null;
}
