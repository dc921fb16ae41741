// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from '../../i18n/index.ts';
import { LineEditor, LinesView } from './LineEditor.tsx';
import { linesOf, linesSchema, type LineValues, type LinesConfig } from './lines.ts';
import type { FieldDef } from './formModel.ts';
import { productLines } from '../../areas/purchases/SuppliersPage.tsx';
import { taxLines } from '../../areas/settings/TaxGroupsPage.tsx';
import { shimMantineBrowser } from '../../testing/jsdom.ts';

// Its text and number cells (its product picker is a relation cell like the others').
const config = { ...productLines, fields: productLines.fields.filter((f) => f.name !== 'product') };
const lines: LineValues[] = [
  { id: 'p1', supplier_sku: 'AA-1', cost: 10, lead_time_days: 2 },
  { id: 'p2', supplier_sku: 'BB-2', cost: 20, lead_time_days: '' },
];

beforeAll(async () => {
  shimMantineBrowser();
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

const show = (props: Partial<Parameters<typeof LineEditor>[0]> = {}) => {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <LineEditor config={config} value={lines} onChange={onChange} label="Products" {...props} />
    </MantineProvider>,
  );
  return onChange;
};

describe('LineEditor', () => {
  it('shows a row per line with a cell per field, named for assistive technology', () => {
    show();
    expect((screen.getByLabelText('Supplier code (Product 2)') as HTMLInputElement).value).toBe('BB-2');
    expect(screen.getByRole('button', { name: 'Move Product 1' })).toBeTruthy();
  });

  it('adds an empty line, removes one, edits a cell', () => {
    const onChange = show();
    fireEvent.click(screen.getByRole('button', { name: 'Add a product' }));
    expect(onChange.mock.calls[0][0]).toEqual([...lines, expect.objectContaining({ id: null, supplier_sku: '', cost: '', lead_time_days: '' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Product 1' }));
    expect(onChange.mock.calls[1][0]).toEqual([lines[1]]);
    fireEvent.change(screen.getByLabelText('Supplier code (Product 1)'), { target: { value: 'AA-9' } });
    expect(onChange.mock.calls[2][0][0]).toEqual({ ...lines[0], supplier_sku: 'AA-9' });
  });

  it('takes decimals in a decimal cell (a tax rate of 9.975)', () => {
    const onChange = show({ config: taxLines, value: [{ id: 't1', code: 'TVQ', rate: 9, type: 'percentage' }] });
    fireEvent.change(screen.getByLabelText('Rate (Tax 1)'), { target: { value: '9.975' } });
    expect(onChange.mock.lastCall?.[0][0]).toEqual({ id: 't1', code: 'TVQ', rate: 9.975, type: 'percentage' });
  });

  it('keeps a number typed out of its declared bounds and says the server’s rule on the cell; the lines are not valid to save', () => {
    let held: LineValues[] = lines;
    function Held() {
      const [value, setValue] = useState(lines);
      held = value;
      return <LineEditor config={config} value={value} onChange={setValue} label="Products" />;
    }
    render(
      <MantineProvider>
        <Held />
      </MantineProvider>,
    );
    const days = screen.getByLabelText('Lead time (Product 1)') as HTMLInputElement;
    fireEvent.change(days, { target: { value: '-1' } });
    fireEvent.blur(days);
    // Not clamped to 0 behind the user's back: what was typed stays, with the rule.
    expect(days.value).toBe('-1');
    expect(held[0].lead_time_days).toBe(-1);
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The value must be at least 0')).toBeTruthy();
    const cost = screen.getByLabelText('Cost (Product 2)') as HTMLInputElement;
    fireEvent.change(cost, { target: { value: '-5' } });
    fireEvent.blur(cost);
    expect(cost.value).toBe('-5');
    expect(cost.getAttribute('aria-invalid')).toBe('true');
    const checked = linesSchema(config).safeParse(held);
    expect(checked.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['0.lead_time_days', 'validation:min::{"min":0}'],
      ['1.cost', 'validation:min::{"min":0}'],
    ]);
    // Put right, the message goes.
    fireEvent.change(days, { target: { value: '3' } });
    expect(days.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryAllByText('The value must be at least 0')).toHaveLength(1);
  });

  it('shows each error on its cell, and an error of the whole list under it', () => {
    show({ errors: [undefined as never, { cost: { type: 'server', message: 'This supplier already has a product with this code' } }] });
    const cell = screen.getByLabelText('Cost (Product 2)');
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This supplier already has a product with this code')).toBeTruthy();
    expect(screen.getByLabelText('Cost (Product 1)').getAttribute('aria-invalid')).not.toBe('true');
    cleanup();
    show({ value: [], errors: { message: 'validation:required' } });
    expect(screen.getByText('No product.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This field is required');
  });

  it('a fixed list edits in place only; a read-only cell shows its value or its view', () => {
    const fixed = { ...config, fixed: true, fields: config.fields.map((f) => (f.name === 'cost' ? { ...f, readOnly: true } : f.name === 'lead_time_days' ? { ...f, readOnly: true, view: () => 'in stock' } : f)) };
    show({ config: fixed });
    expect(screen.queryByRole('button', { name: 'Add a product' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Product 1' })).toBeNull();
    expect(screen.queryByLabelText('Cost (Product 1)')).toBeNull();
    // The form holds money in dollars (the record's cents / 100).
    expect(document.querySelector('[data-line="p1"] [data-line-field="cost"]')?.textContent).toBe('$10.00');
    expect(document.querySelector('[data-line="p1"] [data-line-field="lead_time_days"]')?.textContent).toBe('in stock');
    expect((screen.getByLabelText('Supplier code (Product 1)') as HTMLInputElement).value).toBe('AA-1');
  });

  it('with a row: the essentials in the row, the rest in the line’s detail; related records by name, numbers in the locale', async () => {
    await i18n.changeLanguage('fr');
    try {
      const supplierField: FieldDef = { name: 'supplier', label: 'estimation-items:fields.supplier', kind: 'relation', readOnly: true, relation: { type: 'suppliers', labelOf: (m) => String(m.company_name) } };
      const work: LinesConfig = {
        ...config,
        fixed: true,
        row: ['supplier_sku', 'lead_time_days'],
        fields: [...config.fields.map((f) => (f.name === 'lead_time_days' ? { ...f, readOnly: true, view: undefined } : f)), supplierField],
      };
      const read = linesOf(work, [{ id: 'p1', type: 'supplier-products', supplier_sku: 'AA-1', cost: 1250, lead_time_days: 2.5, supplier: { id: 's9', type: 'suppliers', company_name: 'Pièces Laval inc.' } }]);
      show({ config: work, value: read });
      // In the row: the code and the days, in French ("2,5", not "2.5"); the cost and supplier are not.
      expect(document.querySelector('[data-line="p1"] [data-line-field="lead_time_days"]')?.textContent).toBe('2,5');
      expect(screen.queryByLabelText('Coût (Produit 1)')).toBeNull();
      const toggle = screen.getByRole('button', { name: 'Détails de Produit 1' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      const detail = document.querySelector('[data-line-detail="p1"]') as HTMLElement;
      expect(detail.id || detail.querySelector('[id]')?.id).toBe(toggle.getAttribute('aria-controls'));
      // The supplier by its name, never its id; the cost editable in the detail.
      expect(detail.querySelector('[data-line-field="supplier"]')?.textContent).toBe('Pièces Laval inc.');
      expect(detail.textContent).not.toContain('s9');
      expect((screen.getByLabelText('Coût (Produit 1)') as HTMLInputElement).value).toBe('12,5');
      fireEvent.click(toggle);
      expect(document.querySelector('[data-line-detail="p1"]')).toBeNull();
      cleanup();
      // Read (a record's lines): the same places, the related record given whole.
      render(
        <MantineProvider>
          <LinesView config={work} lines={[{ id: 'p1', type: 'supplier-products', supplier_sku: 'AA-1', cost: 1250, lead_time_days: 2.5, supplier: { id: 's9', type: 'suppliers', company_name: 'Pièces Laval inc.' } }]} label="Produits" />
        </MantineProvider>,
      );
      expect(document.querySelector('[data-line="p1"] [data-line-field="lead_time_days"]')?.textContent).toBe('2,5');
      fireEvent.click(screen.getByRole('button', { name: 'Détails de Produit 1' }));
      expect(document.querySelector('[data-line-detail="p1"] [data-line-field="supplier"]')?.textContent).toBe('Pièces Laval inc.');
      expect(document.querySelector('[data-line-detail="p1"] [data-line-field="cost"]')?.textContent).toMatch(/^12,50\s\$$/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('marks the required columns while editing, not in a record’s view', () => {
    const required: LinesConfig = { ...config, fields: config.fields.map((f) => (f.name === 'supplier_sku' ? { ...f, required: true } : f)) };
    show({ config: required });
    expect(screen.getByRole('columnheader', { name: /Supplier code/ }).textContent).toMatch(/\*$/);
    cleanup();
    render(
      <MantineProvider>
        <LinesView config={required} lines={[{ id: 'p1', type: 'supplier-products', supplier_sku: 'AA-1', cost: 1250 }]} label="Products" />
      </MantineProvider>,
    );
    expect(screen.getByRole('columnheader', { name: /Supplier code/ }).textContent).toBe('Supplier code');
  });

  it('opens a line’s detail by itself when a field there has an error', () => {
    show({ config: { ...config, row: ['supplier_sku'] }, errors: [{ cost: { type: 'server', message: 'Too expensive' } }] });
    expect(screen.getByRole('button', { name: 'Details of Product 1' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('Cost (Product 1)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Details of Product 2' }).getAttribute('aria-expanded')).toBe('false');
  });
});
