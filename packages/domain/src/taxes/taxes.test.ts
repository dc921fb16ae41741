import { describe, expect, it } from 'vitest';
import { PROVINCES } from '../locale.ts';
import { workLineTotals } from '../lines/work-lines.ts';
import { CANADIAN_TAX_GROUPS, PROVINCE_TAX_GROUP, defaultTaxGroups } from './canadian-taxes.ts';
import { lineTaxes, sumTaxes, taxRateProblem } from './taxes.ts';

describe('line taxes', () => {
  it('charges a percentage of the pre-tax amount and an amount per unit', () => {
    expect(
      lineTaxes(
        [
          { code: 'TPS', rate: 5, type: 'percentage' },
          { code: 'ENV', rate: '4.25', type: 'amount' },
        ],
        12345,
        '2.5',
      ),
    ).toEqual([
      { code: 'TPS', amount: 617 }, // 617.25
      { code: 'ENV', amount: 1063 }, // 10.625 $
    ]);
    expect(lineTaxes(null, 1000, 1)).toEqual([]);
  });

  it('adds amounts by code in order of appearance', () => {
    expect(sumTaxes([[{ code: 'B', amount: 1 }], [{ code: 'A', amount: 2 }, { code: 'B', amount: 3 }], []])).toEqual([
      { code: 'B', amount: 4 },
      { code: 'A', amount: 2 },
    ]);
  });
});

describe('tax rates', () => {
  it.each([
    [{ rate: '9.975', type: 'percentage' }, null],
    [{ rate: 100, type: 'percentage' }, null],
    [{ rate: '0', type: 'percentage' }, null],
    [{ rate: '-0', type: 'percentage' }, null],
    [{ rate: '250', type: 'amount' }, null],
    [{ rate: '4.50000', type: 'amount' }, null],
    [{ rate: '100.0001', type: 'percentage' }, 'tax.rate_over_100'],
    [{ rate: '-1', type: 'amount' }, 'tax.rate_negative'],
    [{ rate: '1.00001', type: 'percentage' }, 'tax.rate_decimals'],
    [{ rate: '', type: 'percentage' }, 'tax.rate_invalid'],
    [{ rate: null, type: 'percentage' }, 'tax.rate_invalid'],
    [{ rate: '1e2', type: 'percentage' }, 'tax.rate_invalid'],
    [{ rate: Number.NaN, type: 'percentage' }, 'tax.rate_invalid'],
  ] as const)('%o: %s', (tax, problem) => {
    expect(taxRateProblem(tax)).toBe(problem);
  });
});

describe('Canadian tax groups', () => {
  const byKey = new Map(CANADIAN_TAX_GROUPS.map((g) => [g.key, g]));
  const rates = (province: (typeof PROVINCES)[number]) => byKey.get(PROVINCE_TAX_GROUP[province])!.taxes.map((t) => `${t.code.en} ${t.rate}`);

  // Provinces that charge alike stand together: New Brunswick, Newfoundland and PEI the HST at 15 %; Alberta, the territories and CN (national) the GST alone.
  it.each([
    [['QC'], ['GST 5', 'QST 9.975']],
    [['ON'], ['HST 13']],
    [['NB', 'NL', 'PE'], ['HST 15']],
    [['NS'], ['HST 14']],
    [['BC'], ['GST 5', 'PST 7']],
    [['SK'], ['GST 5', 'PST 6']],
    [['MB'], ['GST 5', 'RST 7']],
    [['AB', 'NT', 'NU', 'YT', 'CN'], ['GST 5']],
  ] as const)('%o charge %o', (provinces, expected) => {
    for (const province of provinces) expect(rates(province), province).toEqual(expected);
  });

  it('names a group for every province, with unique keys, codes in both languages', () => {
    for (const p of PROVINCES) expect(byKey.has(PROVINCE_TAX_GROUP[p]), p).toBe(true);
    expect(byKey.size).toBe(CANADIAN_TAX_GROUPS.length);
    for (const g of CANADIAN_TAX_GROUPS) for (const t of g.taxes) expect(t.code.fr && t.code.en).toBeTruthy();
  });

  it('seeds every group, the province’s own first and default, in the organization’s language', () => {
    const groups = defaultTaxGroups('QC', 'fr');
    expect(groups).toHaveLength(CANADIAN_TAX_GROUPS.length);
    expect(groups[0]).toEqual({
      key: 'qc',
      name: 'Québec : TPS + TVQ',
      isDefault: true,
      taxes: [
        { code: 'TPS', rate: '5', type: 'percentage' },
        { code: 'TVQ', rate: '9.975', type: 'percentage' },
      ],
    });
    expect(groups.filter((g) => g.isDefault)).toHaveLength(1);
    expect(defaultTaxGroups('ON', 'en')[0]).toMatchObject({ key: 'on', name: 'Ontario: HST (13%)', taxes: [{ code: 'HST', rate: '13' }] });
    expect(defaultTaxGroups(null, 'en')[0].key).toBe('gst');
    expect(defaultTaxGroups('constructor' as never, 'en')[0].key).toBe('gst');
  });

  it('taxes a Québec repair of 100.00 $ at 114.98 $', () => {
    const qc = defaultTaxGroups('QC', 'en')[0];
    expect(workLineTotals({ quantity: 1, unit_price: 10000, time: 0, hourly_rate: 0, taxes: qc.taxes }).total).toBe(11498);
  });
});
