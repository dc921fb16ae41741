import { describe, expect, it } from 'vitest';
import { countErrors, deleteQuestion, documentOf, schemaOf, sectionsOf, valuesOf, type AnyField, type FieldDef } from './formModel.ts';
import i18n from '../../i18n/index.ts';
import { CUSTOMER_DEFAULTS, customerFields } from '../../areas/crm/CustomersPage.tsx';
import { buildMatrix, rowNames } from '../../areas/admin/permissionMatrix.ts';
import { PERMISSIONS } from '@atelier/domain';

const fields: FieldDef[] = [
  { name: 'firstname', label: 'admin:fields.firstname', kind: 'text', required: true },
  { name: 'email', label: 'admin:fields.email', kind: 'email', required: true },
  { name: 'password', label: 'admin:fields.password', kind: 'password', required: true },
  { name: 'price', label: 'x:y', kind: 'money' },
  { name: 'active', label: 'admin:fields.active', kind: 'switch' },
  { name: 'roles', label: 'admin:fields.roles', kind: 'relation', relation: { type: 'roles', many: true, labelOf: (m) => String(m.name) } },
  { name: 'organization', label: 'admin:fields.organization', kind: 'relation', relation: { type: 'organizations', labelOf: (m) => String(m.name) } },
  { name: 'created_at', label: 'admin:fields.created_at', kind: 'datetime', readOnly: true, modes: ['view'] },
];

describe('record form helpers', () => {
  it('reads form values from a record (relations as ids, money from cents)', () => {
    const v = valuesOf(fields, {
      id: '1', type: 'users', firstname: 'Anne', email: null, price: 1250, active: 1,
      roles: [{ id: 'r1', type: 'roles' }], organization: { id: 'o1', type: 'organizations' },
    });
    expect(v).toMatchObject({ firstname: 'Anne', email: '', password: '', price: 12.5, active: true, roles: ['r1'], organization: 'o1' });
  });

  it('validates with message keys', () => {
    const r = schemaOf(fields, 'add').safeParse({ firstname: ' ', email: 'nope', password: '', price: '', active: false, roles: [], organization: null });
    expect(r.success).toBe(false);
    const issues = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(issues).toEqual({ firstname: 'validation:required', email: 'validation:email', password: 'validation:required' });
    // In edit mode an empty password keeps the current one.
    const e = schemaOf(fields, 'edit').safeParse({ firstname: 'A', email: 'a@b.ca', password: '', price: 3, active: true, roles: [], organization: null });
    expect(e.success).toBe(true);
  });

  it('writes attributes and relationships; in edit mode only what changed', () => {
    const values = { firstname: ' Anne ', email: 'a@b.ca', password: '', price: 12.5, active: true, roles: ['r1'], organization: '' };
    expect(documentOf(fields, values, 'add')).toEqual({
      attributes: { firstname: 'Anne', email: 'a@b.ca', price: 1250, active: true },
      relationships: { roles: { type: 'roles', value: ['r1'] }, organization: { type: 'organizations', value: null } },
    });
    expect(documentOf(fields, values, 'edit', { email: true, roles: [true] })).toEqual({
      attributes: { email: 'a@b.ca' },
      relationships: { roles: { type: 'roles', value: ['r1'] } },
    });
  });
});

describe('checks before sending (issue 8 items 10 and 13)', () => {
  const issuesOf = (f: AnyField[], values: Record<string, unknown>) => {
    const r = schemaOf(f, 'add').safeParse(values);
    return Object.fromEntries((r.success ? [] : r.error.issues).map((i) => [i.path.join('.'), i.message]));
  };
  const customer = (v: Record<string, unknown>) => ({ ...valuesOf(customerFields(), undefined, CUSTOMER_DEFAULTS), ...v });

  it('an individual needs a first and last name, a company its name; separate billing a name and address', () => {
    expect(issuesOf(customerFields(), customer({}))).toEqual({ firstname: 'validation:required', lastname: 'validation:required' });
    expect(issuesOf(customerFields(), customer({ type: 'company' }))).toEqual({ company_name: 'validation:required' });
    expect(issuesOf(customerFields(), customer({ firstname: 'A', lastname: 'B', billing_same_as_customer: false }))).toEqual({
      billing_name: 'validation:required',
      billing_address: 'validation:required',
    });
  });

  it('refuses a number out of its declared bounds as typed, with the server\'s message (money bounds in cents, the form in dollars)', () => {
    const f: AnyField[] = [
      { name: 'quantity', label: 'q', kind: 'number', range: { min: 0, max: 999 } },
      { name: 'cost', label: 'c', kind: 'money', range: { min: 0, max: 100_000 } },
    ];
    expect(issuesOf(f, { quantity: -1, cost: 1000.01 })).toEqual({ quantity: 'validation:min::{"min":0}', cost: 'validation:max::{"max":1000}' });
    expect(issuesOf(f, { quantity: 999, cost: 1000 })).toEqual({});
    expect(i18n.t('validation:min', { min: 0, lng: 'en' })).toBe('The value must be at least 0');
  });

  it('refuses a phone that is not a number and a text longer than the server takes, with the server\'s messages', () => {
    const issues = issuesOf(customerFields(), customer({ firstname: 'x'.repeat(101), lastname: 'B', phone: 'abc', email: 'pas-un-courriel' }));
    expect(issues).toEqual({ firstname: 'validation:max_length::{"max":100}', phone: 'validation:phone', email: 'validation:email' });
    expect(i18n.t('validation:max_length', { max: 100, lng: 'fr' })).toBe('Le champ ne peut pas dépasser 100 caractères');
    expect(i18n.t('validation:phone', { lng: 'en' })).toBe('This field must contain a valid phone number');
    expect(issuesOf(customerFields(), customer({ firstname: 'A', lastname: 'B', phone: '+1 (514) 555-0142' }))).toEqual({});
  });

  it('does not check a hidden field: a stale billing phone under "same as the customer" is not sent', () => {
    expect(issuesOf(customerFields(), customer({ firstname: 'A', lastname: 'B', billing_phone: 'abc' }))).toEqual({});
  });

  it('checks a VIN: 17 characters without I, O or Q', () => {
    const vin: FieldDef[] = [{ name: 'vin', label: 'vehicles:fields.vin', kind: 'text', required: true, format: 'vin' }];
    expect(issuesOf(vin, { vin: 'ABC123' })).toEqual({ vin: 'validation:vin_length' });
    expect(issuesOf(vin, { vin: '1HGCM82633A00435O' })).toEqual({ vin: 'validation:vin_characters' });
    expect(issuesOf(vin, { vin: '1HGCM82633A004352' })).toEqual({});
    expect(i18n.t('validation:vin_length', { lng: 'fr' })).toBe('Le NIV doit contenir 17 caractères');
  });

  it('counts the fields in error, list items included', () => {
    expect(countErrors({ vin: { type: 'server', message: 'x' }, phones: [undefined, { number: { type: 'server', message: 'y' }, type: { type: 'server', message: 'z' } }] })).toBe(3);
    expect(countErrors({})).toBe(0);
  });

  it('lays the customer out by sections: identity, contact, address, billing (its switch first), delivery', () => {
    const groups = sectionsOf(customerFields()).map((g) => [g.title, g.fields.map((f) => f.name)]);
    expect(groups.map((g) => g[0])).toEqual([
      'customers:sections.identity',
      'customers:sections.contact',
      'customers:sections.address',
      'customers:sections.billing',
      'customers:sections.delivery',
      'customers:sections.other',
    ]);
    const billing = groups[3][1] as string[];
    expect(billing[0]).toBe('billing_same_as_customer');
    expect(billing).toContain('billing_address');
    expect((groups[4][1] as string[]).every((n) => n.startsWith('delivery_'))).toBe(true);
  });
});

describe('delete confirmation', () => {
  it('names the record and its kind', () => {
    const fr = i18n.getFixedT('fr');
    const en = i18n.getFixedT('en');
    const exists = (k: string) => i18n.exists(k);
    expect(deleteQuestion(fr, exists, 'customers', 'Jean Tremblay')).toBe('Supprimer le client Jean Tremblay ?');
    expect(deleteQuestion(en, exists, 'requests', 'Inspection · 2003 Honda Accord')).toBe('Delete the request Inspection · 2003 Honda Accord?');
    expect(deleteQuestion(fr, exists, 'widgets', 'X-1')).toBe('Supprimer « X-1 » ?');
  });
});

describe('permission matrix', () => {
  it('groups the catalogue by area and subject with the verbs as columns', () => {
    const all = new Set(PERMISSIONS.map((p) => p.name));
    const groups = buildMatrix(all);
    expect(groups[0].area).toBe('apps');
    const users = groups.find((g) => g.area === 'admin')!.rows.find((r) => r.subject === 'users')!;
    expect(users.standard).toEqual({
      'view module': 'view module users', 'view any': 'view any users', view: 'view users',
      create: 'create users', edit: 'edit users', delete: 'delete users',
    });
    const inspections = groups.find((g) => g.area === 'inspectpro')!.rows.find((r) => r.subject === 'inspections')!;
    expect(inspections.other.map((o) => o.name)).toContain('approve inspections');
    expect(rowNames(inspections)).toHaveLength(6 + inspections.other.length);
    // Every permission appears exactly once.
    expect(groups.flatMap((g) => g.rows.flatMap(rowNames)).sort()).toEqual([...all].sort());
  });

  it('shows only what the server offers', () => {
    const groups = buildMatrix(new Set(['view app crm', 'view any users']));
    expect(groups.map((g) => g.area)).toEqual(['apps', 'admin']);
    expect(groups[1].rows[0].standard).toEqual({ 'view any': 'view any users' });
  });
});
