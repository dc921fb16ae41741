// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { bodyOf, EMPTY, EstimateForm } from './EstimateForm.tsx';
import { EstimateResult } from './EstimateResult.tsx';
import { frameOffer, type EstimateResult as Result } from './pricingApi.ts';

const RESULT: Result = {
  vehicle: { vin: null, year: 2021, make: 'Toyota', model: 'RAV4', series: 'LE', style: null },
  province: 'QC',
  status: 'good',
  mileage: 60_000,
  accident: true,
  rebuilt: false,
  damage_cost: 500,
  desired_profit: 1500,
  aggression_percentage: 10,
  msrp: null,
  warranty_basic: null,
  warranty_powertrain: null,
  black_book: { status: 'not_configured', message: 'Canadian Black Book is not configured: only the sales statistics (ESS) are given' },
  ess: {
    average_retail_sales: 30_000,
    median_retail_sales: 30_000,
    retail_by_status: { excellent: 32_400, good: 30_000, average: 27_600, poor: 24_000 },
    vehicle_count: 4,
    average_days_on_market: 30,
    median_days_on_market: 25,
    price_variation: 700,
    price_variation_percent: 2.3,
    official_price: { low: 29_500, high: 30_500, taxed_low: 33_918, taxed_high: 35_067, tax_rate_percent: 14.975 },
    valid_price_range_margin: 30,
    low_confidence: true,
    widening_step: 'any_series',
    comparables: [
      { km: 55_000, price: 29_000, year: 2021, kind: 'sale', kept: true },
      { km: 60_000, price: 12_000, year: 2021, kind: 'sale', kept: false },
    ],
  },
  offer: {
    basis: 'ess',
    market_retail: 27_000,
    amount: 22_300,
    steps: [
      { code: 'market_retail', amount: 30_000, total: 30_000 },
      { code: 'accident', amount: -3000, total: 27_000, percent: 10 },
      { code: 'aggression', amount: -2700, total: 24_300, percent: 10 },
      { code: 'desired_profit', amount: -1500, total: 22_800 },
      { code: 'damage_cost', amount: -500, total: 22_300 },
      { code: 'offer', amount: 22_300, total: 22_300 },
    ],
  },
};

screenTests();

const wrap = (node: React.ReactNode) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>
    </MantineProvider>,
  );

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

describe('the estimation form', () => {
  it('sends only what is filled, the mileage in its unit', () => {
    expect(bodyOf({ ...EMPTY, vin: ' 2T3W1RFV8MW123456 ', mileage: 10_000, unit: 'miles', aggression_percentage: 12.5 })).toEqual({
      vin: '2T3W1RFV8MW123456',
      miles: 10_000,
      province: 'QC',
      status: 'good',
      accident: false,
      rebuilt: false,
      aggression_percentage: 12.5,
    });
  });

  it('posts to the frame’s public route with its key and the embedding site, and hands the result over', async () => {
    await i18n.changeLanguage('en');
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => (String(url).includes('estimate-vehicle-years') ? json(200, { data: [{ id: '2021' }] }) : json(200, { data: { attributes: RESULT } })));
    vi.stubGlobal('fetch', fetch);
    const onResult = vi.fn();
    const channel = { kind: 'embed', key: 'pk_test', parent: 'https://www.garage.ca', locale: 'en' } as const;
    wrap(<EstimateForm channel={channel} margin={false} estimate={(b) => frameOffer(channel, b)} onResult={onResult} />);
    // The margin is the dealership's: the visitor is not asked for it.
    expect(screen.queryByTestId('estimate-desired_profit')).toBeNull();
    expect(screen.queryByTestId('estimate-aggression_percentage')).toBeNull();
    expect(screen.queryByTestId('estimate-damage_cost')).toBeNull();
    fireEvent.change(screen.getByLabelText('VIN'), { target: { value: '2t3w1rfv8mw123456' } });
    fireEvent.change(screen.getByTestId('estimate-mileage'), { target: { value: '60000' } });
    fireEvent.click(screen.getByTestId('estimate-submit'));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(RESULT, expect.objectContaining({ vin: '2T3W1RFV8MW123456' })));
    const post = fetch.mock.calls.find(([url]) => String(url).includes('/public/embed/vehicle-price'))!;
    expect(String(post[0])).toContain('key=pk_test');
    expect((post[1]!.headers as Record<string, string>)['X-Embed-Parent']).toBe('https://www.garage.ca');
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ vin: '2T3W1RFV8MW123456', kilometers: 60000, province: 'QC' });
    // The first render of the file (Mantine, the catalogue selects) is slow on a loaded machine.
  }, 20_000);

  it('shows the server’s messages under their fields (kilometres and miles are one input)', async () => {
    await i18n.changeLanguage('fr');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('estimate-vehicle')
          ? json(200, { data: [] })
          : json(422, {
              errors: [
                { status: '422', detail: 'Le NIV doit contenir 17 caractères', source: { pointer: '/vin' } },
                { status: '422', detail: 'Ce champ est obligatoire', source: { pointer: '/kilometers' } },
              ],
            }),
      ),
    );
    const onResult = vi.fn();
    const channel = { kind: 'embed', key: 'pk_test', parent: null, locale: 'fr' } as const;
    wrap(<EstimateForm channel={channel} margin={false} estimate={(b) => frameOffer(channel, b)} onResult={onResult} />);
    fireEvent.change(screen.getByTestId('estimate-vin'), { target: { value: 'ABC' } });
    fireEvent.click(screen.getByTestId('estimate-submit'));
    expect(await screen.findByText('Le NIV doit contenir 17 caractères')).toBeTruthy();
    expect(screen.getByText('Ce champ est obligatoire')).toBeTruthy();
    expect(screen.getByTestId('estimate-mileage').getAttribute('aria-invalid')).toBe('true');
    expect(onResult).toHaveBeenLastCalledWith(null, expect.objectContaining({ vin: 'ABC' }));
  });
});

describe('the estimation result', () => {
  it('shows the offer, its steps, the statistics and what Black Book said, in English', async () => {
    await i18n.changeLanguage('en');
    wrap(<EstimateResult result={RESULT} />);
    expect(screen.getByTestId('estimate-offer').textContent).toBe('$22,300');
    const steps = within(screen.getByTestId('estimate-steps'));
    expect(steps.getByText('Accident (−10%)')).toBeTruthy();
    expect(steps.getByText('Retail price (Good)')).toBeTruthy();
    expect(steps.getByText('-$2,700')).toBeTruthy();
    expect(screen.getByTestId('estimate-count').textContent).toContain('4 comparable vehicles');
    expect(screen.getByTestId('estimate-count').textContent).toContain('30 days on market on average');
    expect(screen.getByTestId('estimate-low-confidence')).toBeTruthy();
    expect(screen.getByTestId('estimate-official').textContent).toBe('$29,500 – $30,500');
    expect(screen.getByTestId('estimate-black-book-message').textContent).toContain('not configured');
    expect(screen.queryByTestId('estimate-debug')).toBeNull();
  });

  it('in French, with Black Book’s values by condition', async () => {
    await i18n.changeLanguage('fr');
    wrap(
      <EstimateResult
        result={{
          ...RESULT,
          ess: { ...RESULT.ess!, low_confidence: false },
          black_book: { status: 'ok', retail: { excellent: 33_850, good: 31_250, average: 28_000, poor: 24_100 }, wholesale: { excellent: 28_000, good: 26_000, average: 23_000, poor: 19_000 }, msrp: 36_990, warranty_basic: '3 ans/60 000 km', warranty_powertrain: null, mileage_adjustment: -1250 },
        }}
      />,
    );
    expect(screen.getByTestId('estimate-offer').textContent?.replace(/\s/g, ' ')).toBe('22 300 $');
    expect(screen.queryByTestId('estimate-low-confidence')).toBeNull();
    const bb = within(screen.getByTestId('estimate-black-book'));
    expect(bb.getByText('Excellent')).toBeTruthy();
    expect(bb.getByText('Garantie de base : 3 ans/60 000 km')).toBeTruthy();
    expect(screen.getByText('Accident (−10 %)')).toBeTruthy();
    // Rates in the locale (issue 20, point 23): was "14.975 %" in French.
    expect(screen.getByText('Taxes incluses (14,975 %)')).toBeTruthy();
    expect(screen.getByText('± 700 $ (2,3 %)', { normalizer: (s) => s.replace(/\s+/g, ' ').trim() })).toBeTruthy();
  });
});
