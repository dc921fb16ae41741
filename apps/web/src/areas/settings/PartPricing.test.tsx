// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from '../../i18n/index.ts';
import { itemLinesConfig } from '../estimations/EstimationItems.tsx';
import { estimationsSettings, option, patchedValues, withOptions } from './optionsMock.tsx';
import { pricingFromInput, pricingInputProblem, pricingToInput } from './partPricingForm.ts';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

// Parts pricing (issue 27): the markup matrix and the environmental fees edited as rows on the
// estimations settings (fr and en, "," or "."), and an item's margin over its cost on the estimate
// screen (staff).

const OPTIONS = [option('o1', 'estimations.markup_matrix', [{ fromCents: 0, marginPercent: '50' }]), option('o2', 'estimations.environmental_fees', { QC: { tire: 300, battery: 300 } })];

const mocked = withOptions(OPTIONS);
const page = estimationsSettings;
const patched = () => patchedValues(mocked.calls);

describe('the parts pricing settings', { timeout: 30_000 }, () => {
  it('reads and writes rows in dollars and percents with "," (fr)', () => {
    const text = pricingToInput('markup_matrix', [{ fromCents: 10_050, marginPercent: '25.5' }], ',');
    expect(JSON.parse(text)).toEqual([{ from: '100,50', margin: '25,5' }]);
    expect(pricingFromInput('markup_matrix', text)).toEqual([{ fromCents: 10_050, marginPercent: '25.5' }]);
    expect(pricingFromInput('environmental_fees', pricingToInput('environmental_fees', { QC: { tire: 450 } }, ','))).toEqual({ QC: { tire: 450 } });
    expect(pricingInputProblem('markup_matrix', JSON.stringify([{ from: 'dix', margin: '5' }]))).toBe('settings:errors.markup_matrix');
    expect(pricingInputProblem('environmental_fees', JSON.stringify([{ province: 'QC', tire: '3,001', battery: '' }]))).toBe('settings:errors.amount');
  });

  it('adds a matrix row and removes one, changes a fee, saved as cents and percents (fr)', async () => {
    page();
    expect(await screen.findByText('Matrice de majoration des pièces')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Coût à partir de, ligne 1' }) as HTMLInputElement).value).toBe('0,00');
    fireEvent.click(screen.getAllByRole('button', { name: 'Ajouter une ligne' })[0]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Coût à partir de, ligne 2' }), { target: { value: '100,00' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Marge, ligne 2' }), { target: { value: '25,5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Pneus, ligne 1' }), { target: { value: '4,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(mocked.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(patched()).toEqual({
      o1: [
        { fromCents: 0, marginPercent: '50' },
        { fromCents: 10_000, marginPercent: '25.5' },
      ],
      o2: { QC: { tire: 450, battery: 300 } },
    });
  });

  it('refuses a row it cannot read before sending, and removes a row (en)', async () => {
    await i18n.changeLanguage('en');
    page();
    expect(await screen.findByText('Parts markup matrix')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Margin, row 1' }), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Each row gives a cost in dollars (no duplicates) and a margin in %, for example 100.00 and 25.5.')).toBeTruthy();
    expect(mocked.calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove row 1' })[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patched()).toEqual({ o1: [] }));
  });
});

describe('an item’s margin on the estimate screen', () => {
  const marginOf = (line: Record<string, unknown>) => {
    const total = itemLinesConfig(['description', 'parts', 'labour'], new Map()).fields.find((f) => f.name === 'total')!;
    return render(<MantineProvider>{total.view!(line as never)}</MantineProvider>);
  };

  it('shows the price over the cost, in % of the cost (fr, en); nothing without a cost', async () => {
    marginOf({ quantity: 1, unit_price: '125,00', unit_cost: 100 });
    expect((await screen.findByTestId('item-margin')).textContent?.replace(/\s/g, ' ')).toBe('Marge : 25,00 $ (25 %)');
    cleanup();
    await i18n.changeLanguage('en');
    marginOf({ quantity: 1, unit_price: 150, unit_cost: 120 });
    expect((await screen.findByTestId('item-margin')).textContent).toBe('Margin: $30.00 (25%)');
    cleanup();
    marginOf({ quantity: 1, unit_price: 150, unit_cost: null });
    expect(screen.queryByTestId('item-margin')).toBeNull();
  });
});
