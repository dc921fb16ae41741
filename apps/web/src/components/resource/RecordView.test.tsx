// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { renderAt } from '../../testing/mockApi.tsx';
import type { Model } from '../../api/jsonapi.ts';
import type { FieldDef } from './formModel.ts';
import { RecordFields } from './RecordView.tsx';

beforeAll(() => shimMantineBrowser());
beforeEach(() => i18n.changeLanguage('fr'));
afterEach(cleanup);

describe('a record in view mode', () => {
  it('keeps the lines of a text written on several (a billing address)', async () => {
    const fields = [{ name: 'billing_address', kind: 'textarea', label: 'fields:billing_address' }] as unknown as FieldDef<Model>[];
    renderAt('/r', '/r', <RecordFields fields={fields} record={{ id: '1', type: 'sales-invoices', billing_address: 'Garage Démo\n123 rue Principale\nMontréal QC H2X 1Y4' }} />);
    const value = (await screen.findByText(/123 rue Principale/)) as HTMLElement;
    expect(value.textContent).toBe('Garage Démo\n123 rue Principale\nMontréal QC H2X 1Y4');
    expect(value.style.whiteSpace).toBe('pre-line');
  });
});
