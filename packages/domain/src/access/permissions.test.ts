import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from './default-roles.ts';
import { PERMISSIONS, PERMISSION_NAMES, crudPermissions, permissionsForLevel, type Permission } from './permissions.ts';

describe('permission catalogue', () => {
  it('has unique names', () => {
    expect(PERMISSION_NAMES.size).toBe(PERMISSIONS.length);
  });

  it.each([
    'view app vehicles',
    'view app inspectpro',
    'view any users',
    'edit own organization',
    'view own organization',
    'edit own reseller',
    'edit own locations',
    'approve inspections',
    'view in progress inspections',
    'make inspection requests',
    'make repair without estimation',
    'apply discounts estimations',
    'view any request logs',
    'delete request logs',
    'view any logs',
    'manage system folders',
    'make vehicle estimations via iframe',
    'view module options',
  ])('contains %s', (name) => {
    expect(PERMISSION_NAMES.has(name)).toBe(true);
  });

  it('is the Permission type: every name of the catalogue is one, a misspelt or absent one is a type error', () => {
    const names: readonly Permission[] = PERMISSIONS.map((p) => p.name);
    expect(names.every((n) => PERMISSION_NAMES.has(n))).toBe(true);
    // @ts-expect-error a misspelt permission does not compile
    const misspelt: Permission = 'aprove inspections';
    // @ts-expect-error comments have no module view
    const absent: Permission = 'view module comments';
    expect([misspelt, absent].some((n) => PERMISSION_NAMES.has(n))).toBe(false);
  });

  it('has no module view for comments and no delete for reseller payments', () => {
    expect(PERMISSION_NAMES.has('view module comments')).toBe(false);
    expect(PERMISSION_NAMES.has('delete reseller payments')).toBe(false);
  });

  it('keeps reseller and platform powers out of organization roles', () => {
    const org = permissionsForLevel('organization');
    expect(org).not.toContain('create organizations');
    expect(org).not.toContain('view any resellers');
    expect(org).not.toContain('view app reseller');
    expect(org).toContain('view own organization');
    expect(permissionsForLevel('reseller')).toContain('create organizations');
    expect(permissionsForLevel('reseller')).not.toContain('create resellers');
    expect(permissionsForLevel('platform')).toHaveLength(PERMISSIONS.length);
  });

  it('names the standard verbs of a subject', () => {
    expect(crudPermissions('inspection forms')).toEqual({
      module: 'view module inspection forms',
      viewAny: 'view any inspection forms',
      view: 'view inspection forms',
      create: 'create inspection forms',
      edit: 'edit inspection forms',
      delete: 'delete inspection forms',
    });
  });

  it('builds default roles only from catalogue names of the organization level', () => {
    const org = new Set(permissionsForLevel('organization'));
    for (const role of DEFAULT_ROLES) {
      expect(role.permissions.length).toBeGreaterThan(0);
      for (const p of role.permissions) expect(org.has(p), `${role.key}: ${p}`).toBe(true);
    }
    const inspector = DEFAULT_ROLES.find((r) => r.key === 'inspector')!;
    expect(inspector.permissions).toContain('start inspections');
    expect(inspector.permissions).not.toContain('view any users');
  });
});
