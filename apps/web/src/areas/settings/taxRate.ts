import { regionLocale, formatMoney } from '../../lib/format.ts';

/**
 * A tax's rate as read: a percentage with its sign (9,975 % in French, 9.975% in English), an
 * amount per unit as money (4,50 $). The server sends the decimal as stored ("9.9750").
 */
export function taxRateText(rate: unknown, type: unknown, locale: string): string {
  const n = Number(rate);
  if (rate === null || rate === undefined || rate === '' || !Number.isFinite(n)) return '';
  if (type === 'amount') return formatMoney(Math.round(n * 100), locale);
  return new Intl.NumberFormat(regionLocale(locale), { style: 'percent', maximumFractionDigits: 4 }).format(n / 100);
}
