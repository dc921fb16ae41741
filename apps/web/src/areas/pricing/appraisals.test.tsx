// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { appraiseHref, comparedSale, formOfAppraisal, formOfVehicle, reopenHref, type Appraisal } from './appraisalModel.ts';
import { bodyOf } from './EstimateForm.tsx';
import { EstimateResult } from './EstimateResult.tsx';
import type { EstimateResult as Result } from './pricingApi.ts';

const APPRAISAL = {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  type: 'appraisals',
  source: 'screen',
  vin: '2T3W1RFV8MW123456',
  year: 2021,
  make: 'Toyota',
  model: 'RAV4',
  series: 'LE',
  style: null,
  mileage: 60_000,
  province: 'ON',
  condition: 'average',
  accident: true,
  rebuilt: false,
  damage_cost: 300,
  desired_profit: 1500,
  aggression_percentage: '7.5',
  offer: 21_000,
  market_retail: 27_000,
  range_low: 25_000,
  range_high: 29_000,
  steps: [],
  reconditioning_cents: 34_490,
  reconditioning_origin: 'inspection_estimate',
  inspection_score: 82,
  key_hint: null,
  host: null,
  created_at: '2026-11-01T14:00:00Z',
} as Appraisal;

const RESULT: Result = {
  vehicle: { vin: '2T3W1RFV8MW123456', year: 2021, make: 'Toyota', model: 'RAV4', series: 'LE', style: null },
  province: 'QC',
  status: 'good',
  mileage: 60_000,
  accident: false,
  rebuilt: false,
  damage_cost: 0,
  desired_profit: 1000,
  aggression_percentage: 0,
  msrp: null,
  warranty_basic: null,
  warranty_powertrain: null,
  black_book: { status: 'not_configured', message: '—' },
  ess: null,
  offer: {
    basis: 'ess',
    market_retail: 30_000,
    amount: 27_855,
    steps: [
      { code: 'market_retail', amount: 30_000, total: 30_000 },
      { code: 'desired_profit', amount: -1000, total: 29_000 },
      { code: 'reconditioning', amount: -345, total: 28_655, label: 'Plaquettes avant' },
      { code: 'reconditioning', amount: -800, total: 27_855, label: 'Pneus' },
      { code: 'offer', amount: 27_855, total: 27_855 },
    ],
  },
  appraisal: { id: APPRAISAL.id, vehicle_id: 'v1', inspection: { id: 'i1', score: 82 }, reconditioning: { origin: 'inspection_estimate', cents: 114_490 } },
};

beforeAll(() => shimMantineBrowser());
afterEach(cleanup);

describe('an appraisal reopened', () => {
  it('fills the estimate form with its inputs, so the same estimate runs again', () => {
    expect(bodyOf(formOfAppraisal(APPRAISAL))).toEqual({
      vin: '2T3W1RFV8MW123456',
      year: 2021,
      make: 'Toyota',
      model: 'RAV4',
      series: 'LE',
      kilometers: 60_000,
      province: 'ON',
      status: 'average',
      accident: true,
      rebuilt: false,
      damage_cost: 300,
      desired_profit: 1500,
      aggression_percentage: 7.5,
    });
    expect(reopenHref(APPRAISAL.id)).toBe(`/vehicles/vehicle-estimate?appraisal=${APPRAISAL.id}`);
  });
});

describe('a vehicle appraised from its page', () => {
  it('fills the form with its VIN, year, make, model and odometer in its unit', () => {
    const v = { vin: '1HGCM82633A004352', model_year: 2003, make: 'Honda', model: 'Accord', series: 'EX-V6', odometer: 130_000, odometer_unit: 'miles' as const };
    expect(bodyOf(formOfVehicle(v))).toEqual({ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', series: 'EX-V6', miles: 130_000, province: 'QC', status: 'good', accident: false, rebuilt: false });
    expect(bodyOf(formOfVehicle({ ...v, odometer: null, odometer_unit: 'km', model_year: null, make: null, model: null, series: null }))).toEqual({ vin: '1HGCM82633A004352', province: 'QC', status: 'good', accident: false, rebuilt: false });
    expect(appraiseHref('v 1')).toBe('/vehicles/vehicle-estimate?vehicle=v%201');
  });
});

describe('an appraisal compared with the sale', () => {
  const sale = (vin: string | null, price: number, sold_on: string, kind: 'sale' | 'listing' = 'sale') => ({ vin, price, sold_on, kind });
  it('takes the latest sale of the same VIN, whatever its case, never a listing nor another VIN', () => {
    const sales = [sale('2t3w1rfv8mw123456', 2_300_000, '2026-11-10'), sale('2T3W1RFV8MW123456', 2_450_000, '2026-11-20'), sale('2T3W1RFV8MW123456', 2_900_000, '2026-11-25', 'listing'), sale('1HGCM82633A004352', 1_000_000, '2026-11-28')];
    expect(comparedSale(APPRAISAL, sales)).toEqual({ soldOn: '2026-11-20', sale: 24_500, difference: 3500 });
  });
  it('is none without a VIN or a sale', () => {
    expect(comparedSale({ ...APPRAISAL, vin: null }, [sale(null, 2_300_000, '2026-11-10')])).toBeNull();
    expect(comparedSale(APPRAISAL, [])).toBeNull();
  });
});

describe('the estimate of an inspected vehicle', () => {
  const show = () =>
    render(
      <MantineProvider>
        <MemoryRouter>
          <EstimateResult result={RESULT} />
        </MemoryRouter>
      </MantineProvider>,
    );

  it.each([
    ['fr', ['Reconditionnement : Plaquettes avant', 'Reconditionnement : Pneus'], 'Inspection du véhicule (score 82)', 'Voir l’évaluation enregistrée'],
    ['en', ['Reconditioning: Plaquettes avant', 'Reconditioning: Pneus'], 'Vehicle inspection (score 82)', 'Open the saved appraisal'],
  ])('lists the reconditioning line by line, links the inspection with its score and the appraisal kept (%s)', async (locale, lines, inspection, open) => {
    await i18n.changeLanguage(locale);
    show();
    const rows = within(screen.getByTestId('estimate-steps')).getAllByRole('row').filter((r) => r.getAttribute('data-step') === 'reconditioning');
    expect(rows.map((r) => r.firstElementChild?.textContent)).toEqual(lines);
    expect(rows[1]!.lastElementChild?.textContent).toMatch(/800/);
    expect(screen.getByRole('link', { name: inspection }).getAttribute('href')).toBe('/inspecpro/inspections/i1');
    expect(screen.getByTestId('estimate-inspection').textContent).toMatch(/1[\s\u202f,.]?145/);
    expect(screen.getByRole('link', { name: open }).getAttribute('href')).toBe(`/vehicles/appraisals/${APPRAISAL.id}`);
  });
});
