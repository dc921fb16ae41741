import { describe, expect, it } from 'vitest';
import { documentOf, schemaOf, valuesOf, type FieldDef } from './RecordForm.tsx';
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
