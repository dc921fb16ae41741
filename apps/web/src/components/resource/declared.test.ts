import { describe, expect, it } from 'vitest';
import { declarations, ruleProblem } from '@atelier/domain';
import i18n from '../../i18n/index.ts';
import { columnsOf, fieldsOf, filtersOf, labelKey } from './declared.tsx';
import { schemaOf, textProblem, valuesOf } from './formModel.ts';

const byName = <F extends { name: string }>(fields: F[]) => Object.fromEntries(fields.map((f) => [f.name, f]));

describe('a form derived from a declaration', () => {
  it('marks required fields, gives limits, format checks and enum options with their labels', async () => {
    await i18n.changeLanguage('fr');
    const f = byName(fieldsOf('vehicles', ['vin', 'make', 'odometer', 'odometer_unit', 'fuel_type', 'customer', 'tags', 'created_at']));
    expect(f.vin).toMatchObject({ kind: 'text', required: true, format: 'vin', label: 'fields:vehicles.vin' });
    expect(f.make).toMatchObject({ kind: 'text', max: 100 });
    expect(f.make.required).toBeUndefined();
    expect(f.odometer).toMatchObject({ kind: 'number', range: { min: 0, max: 9_999_999 } });
    // Never null: the form cannot leave it empty.
    expect(f.odometer_unit.required).toBe(true);
    expect(f.fuel_type.kind).toBe('select');
    expect(f.fuel_type.options?.find((o) => o.value === 'plug_in_hybrid')).toEqual({ value: 'plug_in_hybrid', label: 'Hybride rechargeable', raw: true });
    expect(f.customer).toMatchObject({ kind: 'relation', relation: { type: 'customers', many: false, sort: 'customer_name' } });
    expect(f.tags.relation).toMatchObject({ type: 'tags', many: true });
    expect(f.created_at).toMatchObject({ kind: 'datetime', readOnly: true, modes: ['view'] });
    await i18n.changeLanguage('en');
    expect(fieldsOf('vehicles', ['fuel_type'])[0].options?.[0]).toEqual({ value: 'gas', label: 'Gas', raw: true });
    // Fields made before the switch (a page's constant) speak the new language too.
    expect(f.fuel_type.options?.find((o) => o.value === 'plug_in_hybrid')?.label).toBe('Plug-in hybrid');
    await i18n.changeLanguage('fr');
  });

  it('types and shows money as dollars from a money attribute (cents on the server)', async () => {
    await i18n.changeLanguage('fr');
    expect(fieldsOf('supplier-products', ['cost'])[0]).toMatchObject({ kind: 'money', range: { min: 0 } });
    const [cost] = columnsOf('supplier-products', ['cost']);
    expect(String(cost.render?.({ id: '1', type: 'supplier-products', cost: 123456 } as never))).toMatch(/^1\s234,56\s\$$/);
    await i18n.changeLanguage('en');
    expect(String(cost.render?.({ id: '1', type: 'supplier-products', cost: 123456 } as never))).toBe('$1,234.56');
    await i18n.changeLanguage('fr');
  });

  it('takes the page’s parts over the declaration and keeps the page’s order', () => {
    const fields = fieldsOf('customers', ['email', { name: 'type', section: 'x:y', wide: true }, 'notes']);
    expect(fields.map((f) => f.name)).toEqual(['email', 'type', 'notes']);
    expect(fields[1]).toMatchObject({ kind: 'select', required: true, section: 'x:y', wide: true });
    expect(fields[2].kind).toBe('textarea');
  });

  it('derives the users form: a password input for a write-only text, create-only relationships', () => {
    const f = byName(fieldsOf('users', ['email', 'password', 'organization', 'locale']));
    expect(f.email).toMatchObject({ kind: 'email', required: true, format: 'email', max: 254 });
    expect(f.password.kind).toBe('password');
    expect(f.organization.createOnly).toBe(true);
    expect(f.locale.options?.map((o) => o.label)).toEqual(['Français', 'Anglais']);
  });

  it('checks before sending with the server’s rules and messages', () => {
    const fields = fieldsOf('customers', ['email', 'phone', 'postal_code', 'firstname']);
    const values = { ...valuesOf(fields, undefined), email: 'a@b.c', phone: '-------', postal_code: '90210', firstname: 'x'.repeat(101) };
    const result = schemaOf(fields, 'add').safeParse(values);
    const issues = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(issues).toEqual({ email: 'validation:email', phone: 'validation:phone', postal_code: 'validation:postal_code', firstname: expect.stringContaining('validation:max_length') });
    // The web refuses what the server refuses (a@b.c: a top-level domain of one letter).
    expect(ruleProblem('email', 'a@b.c')).toBe('email');
    expect(textProblem({ kind: 'text', format: 'vin' }, '1HGCM82633A00435')).toBe('validation:vin_length');
  });
});

describe('a list derived from a declaration', () => {
  it('labels columns, sorts declared sorts and renders enum labels and dates', async () => {
    await i18n.changeLanguage('fr');
    const columns = byName(columnsOf('vehicles', ['vin', 'fuel_type', 'customer', { key: 'odometer', visibleFrom: 'md' }]).map((c) => ({ ...c, name: c.key })));
    expect(columns.vin).toMatchObject({ label: 'fields:vehicles.vin', sort: true });
    expect(columns.fuel_type.sort).toBeUndefined();
    expect(columns.fuel_type.render?.({ id: '1', type: 'vehicles', fuel_type: 'diesel' } as never)).toBe('Diesel');
    expect(columns.customer.render?.({ id: '1', type: 'vehicles', customer: { id: 'c', type: 'customers', customer_name: 'Julie Roy' } } as never)).toBe('Julie Roy');
    expect(columns.odometer).toMatchObject({ sort: true, visibleFrom: 'md' });
  });

  it('offers an enumeration’s values and yes or no as filters', () => {
    const [type] = filtersOf('customers', ['type']);
    expect(type).toMatchObject({ name: 'type', label: 'fields:common.type' });
    expect(type.options.map((o) => o.value)).toEqual(['individual', 'company']);
    const [active] = filtersOf('users', ['active']);
    expect(active.options.map((o) => o.label)).toEqual(['common:boolean.true', 'common:boolean.false']);
  });
});

describe('labels by type and attribute', () => {
  it('resolve for every attribute and relationship of every declaration, in French and English', async () => {
    const missing: string[] = [];
    for (const lng of ['fr', 'en']) {
      await i18n.changeLanguage(lng);
      for (const d of Object.values(declarations))
        for (const name of [...Object.keys(d.attributes), ...Object.keys(d.relationships)]) if (!i18n.exists(labelKey(d.type, name))) missing.push(`${lng} ${d.type}.${name}`);
    }
    await i18n.changeLanguage('fr');
    expect(missing).toEqual([]);
  });
});
