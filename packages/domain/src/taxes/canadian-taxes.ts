import type { Locale } from '../locale.ts';
import type { PROVINCES } from '../locale.ts';
import type { TaxType } from './taxes.ts';

// The sales taxes of Canada by province (rates in force since 1 April 2025), as data a new
// organization is seeded with: every group, so a dealership near a border can bill an
// out-of-province customer, and its own province's group as the default (option
// 'estimations.default_tax_group'). Organizations edit them; nothing reads these rates after the seed.

export type Province = (typeof PROVINCES)[number];

export interface DefaultTax {
  /** What the document prints: TPS/TVQ in French, GST/QST in English. */
  code: Record<Locale, string>;
  /** Percent, or dollars per unit for an amount. */
  rate: string;
  type: TaxType;
}

export interface DefaultTaxGroup {
  key: string;
  name: Record<Locale, string>;
  taxes: readonly DefaultTax[];
}

const GST: DefaultTax = { code: { fr: 'TPS', en: 'GST' }, rate: '5', type: 'percentage' };
const hst = (rate: string): DefaultTax => ({ code: { fr: 'TVH', en: 'HST' }, rate, type: 'percentage' });
const pst = (rate: string): DefaultTax => ({ code: { fr: 'TVP', en: 'PST' }, rate, type: 'percentage' });

export const CANADIAN_TAX_GROUPS: readonly DefaultTaxGroup[] = [
  { key: 'gst', name: { fr: 'TPS (5 %)', en: 'GST (5%)' }, taxes: [GST] },
  {
    key: 'qc',
    name: { fr: 'Québec : TPS + TVQ', en: 'Quebec: GST + QST' },
    taxes: [GST, { code: { fr: 'TVQ', en: 'QST' }, rate: '9.975', type: 'percentage' }],
  },
  { key: 'on', name: { fr: 'Ontario : TVH (13 %)', en: 'Ontario: HST (13%)' }, taxes: [hst('13')] },
  { key: 'hst_15', name: { fr: 'TVH (15 %)', en: 'HST (15%)' }, taxes: [hst('15')] },
  // Nova Scotia lowered its part of the HST from 10 % to 9 % on 1 April 2025.
  { key: 'ns', name: { fr: 'Nouvelle-Écosse : TVH (14 %)', en: 'Nova Scotia: HST (14%)' }, taxes: [hst('14')] },
  { key: 'bc', name: { fr: 'Colombie-Britannique : TPS + TVP', en: 'British Columbia: GST + PST' }, taxes: [GST, pst('7')] },
  { key: 'sk', name: { fr: 'Saskatchewan : TPS + TVP', en: 'Saskatchewan: GST + PST' }, taxes: [GST, pst('6')] },
  // Manitoba's provincial sales tax is the retail sales tax (RST; taxe de vente au détail, TVD).
  {
    key: 'mb',
    name: { fr: 'Manitoba : TPS + TVD', en: 'Manitoba: GST + RST' },
    taxes: [GST, { code: { fr: 'TVD', en: 'RST' }, rate: '7', type: 'percentage' }],
  },
  // Warranty claims billed to a manufacturer, exports, exempt customers.
  { key: 'exempt', name: { fr: 'Exempté', en: 'Exempt' }, taxes: [] },
];

/** The group a dealership of each province charges by default (CN, national: the GST alone). */
export const PROVINCE_TAX_GROUP: Readonly<Record<Province, string>> = {
  AB: 'gst',
  BC: 'bc',
  CN: 'gst',
  MB: 'mb',
  NB: 'hst_15',
  NL: 'hst_15',
  NS: 'ns',
  NT: 'gst',
  NU: 'gst',
  ON: 'on',
  PE: 'hst_15',
  QC: 'qc',
  SK: 'sk',
  YT: 'gst',
};

/** The default groups in a language, the province's own first (and marked), for a new organization. */
export function defaultTaxGroups(province: Province | null | undefined, locale: Locale) {
  const own = province && Object.hasOwn(PROVINCE_TAX_GROUP, province) ? PROVINCE_TAX_GROUP[province] : 'gst';
  return [...CANADIAN_TAX_GROUPS]
    .sort((a, b) => Number(b.key === own) - Number(a.key === own))
    .map((g) => ({
      key: g.key,
      name: g.name[locale],
      isDefault: g.key === own,
      taxes: g.taxes.map((t) => ({ code: t.code[locale], rate: t.rate, type: t.type })),
    }));
}
