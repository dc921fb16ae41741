import { describe, expect, it } from 'vitest';
import { withOrganizationColumn } from './organizationColumn.ts';

const columns = [{ key: 'name', primary: true }, { key: 'email' }];
const organizationTypes = ['customers', 'users'];

describe('organization column of lists spanning organizations', () => {
  it('is added after the primary column, with organization included, for a user without organization', () => {
    const r = withOrganizationColumn(columns, 'tags', { type: 'customers', organizationTypes, userHasOrganization: false });
    expect(r.columns.map((c) => c.key)).toEqual(['name', 'organization', 'email']);
    expect(r.include).toBe('tags,organization');
    expect(r.columns[1]).toMatchObject({ label: 'common:list.organization' });
    const render = (r.columns[1] as { render: (row: never) => string }).render;
    expect(render({ id: '1', type: 'customers', organization: { id: 'o', type: 'organizations', name: 'Garage Démo' } } as never)).toBe('Garage Démo');
    expect(render({ id: '1', type: 'customers', organization: null } as never)).toBe('');
    expect(withOrganizationColumn(columns, undefined, { type: 'customers', organizationTypes, userHasOrganization: false }).include).toBe('organization');
    expect(withOrganizationColumn(columns, 'organization,tags', { type: 'customers', organizationTypes, userHasOrganization: false }).include).toBe('organization,tags');
  });

  it('is not added for an organization user, a type without organization, or a screen that shows it already', () => {
    expect(withOrganizationColumn(columns, 'tags', { type: 'customers', organizationTypes, userHasOrganization: true })).toEqual({ columns, include: 'tags' });
    expect(withOrganizationColumn(columns, 'tags', { type: 'notifications', organizationTypes, userHasOrganization: false })).toEqual({ columns, include: 'tags' });
    expect(withOrganizationColumn(columns, 'tags', { type: 'customers', organizationTypes: undefined, userHasOrganization: false }).columns).toBe(columns);
    const own = [...columns, { key: 'organization' }];
    expect(withOrganizationColumn(own, 'organization', { type: 'users', organizationTypes, userHasOrganization: false }).columns).toBe(own);
  });
});
