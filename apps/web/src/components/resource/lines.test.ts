import { describe, expect, it } from 'vitest';
import { linePath, linesDocument, linesOf, linesSchema, newLine } from './lines.ts';
import { productLines } from '../../areas/purchases/SuppliersPage.tsx';
import { documentOf, valuesOf, type FieldDef } from './formModel.ts';

// The supplier form's products.
// Its text and number cells (its product picker is a relation cell like the others').
const config = { ...productLines, fields: productLines.fields.filter((f) => f.name !== 'product') };
const fields: FieldDef[] = [
  { name: 'company_name', label: 'purchases:fields.company_name', kind: 'text' },
  { name: 'supplierProducts', label: 'suppliers:products', kind: 'lines', lines: config },
];

describe('lines of a child collection in a form', () => {
  it('reads the lines of a record (money from cents) and writes the whole list back, new lines without id', () => {
    const record = { id: 's1', type: 'suppliers', company_name: 'Pièces', supplierProducts: [{ id: 'p1', type: 'supplier-products', supplier_sku: 'A', cost: 1250, lead_time_days: 3 }] };
    const values = valuesOf(fields, record);
    expect(values.supplierProducts).toEqual([{ id: 'p1', supplier_sku: 'A', cost: 12.5, lead_time_days: 3 }]);
    values.supplierProducts = [{ ...newLine(config), supplier_sku: ' B ', cost: 0.5, key: 'new-1' }, ...values.supplierProducts];
    // In edit, the list goes whole even when only another field changed: the server keeps what did not change.
    expect(documentOf(fields, values, 'edit', { company_name: true }).relationships).toEqual({
      supplierProducts: {
        type: 'supplier-products',
        value: [
          { type: 'supplier-products', attributes: { supplier_sku: 'B', cost: 50, lead_time_days: null } },
          { type: 'supplier-products', id: 'p1', attributes: { supplier_sku: 'A', cost: 1250, lead_time_days: 3 } },
        ],
      },
    });
    expect(linesOf(config, undefined)).toEqual([]);
  });

  it('checks each line by its fields’ rules, with the path of the cell', () => {
    const r = linesSchema(config).safeParse([{ id: null, supplier_sku: 'ok', cost: '', lead_time_days: '' }, { id: null, supplier_sku: 'x'.repeat(101), cost: 1, lead_time_days: '' }, { id: 'p', supplier_sku: ' ', cost: 'a', lead_time_days: '' }]);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['1.supplier_sku', 'validation:max_length::{"max":100}'],
      ['2.cost', expect.any(String)],
    ]);
  });

  it('places a server error of a line on its cell', () => {
    const names = new Set(['supplierProducts']);
    expect(linePath('/data/relationships/supplierProducts/data/2/attributes/cost', names)).toBe('supplierProducts.2.cost');
    expect(linePath('/data/relationships/supplierProducts/data/2/id', names)).toBeNull();
    expect(linePath('/data/relationships/tags/data/0/attributes/x', names)).toBeNull();
    expect(linePath(undefined, names)).toBeNull();
  });

  it('sends a line’s relationships as linkage, only when its fields have some', () => {
    const withRelations = {
      type: 'estimation-items',
      add: 'a',
      empty: 'e',
      line: 'l',
      fields: [
        { name: 'detail', label: 'd', kind: 'text' as const },
        { name: 'supplier', label: 's', kind: 'relation' as const, relation: { type: 'suppliers', labelOf: () => '' } },
        { name: 'taxGroup', label: 't', kind: 'relation' as const, relation: { type: 'tax-groups', labelOf: () => '' } },
      ],
    };
    expect(linesDocument(withRelations, [{ id: 'i1', detail: 'Pads', supplier: 's1', taxGroup: null }])).toEqual([
      { type: 'estimation-items', id: 'i1', attributes: { detail: 'Pads' }, relationships: { supplier: { data: { type: 'suppliers', id: 's1' } }, taxGroup: { data: null } } },
    ]);
  });
});
