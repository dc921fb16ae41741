import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, type Permission } from '@atelier/domain';
import { back, canGoBack, canGoForward, emptyHistory, forward, HISTORY_CAP, pop, replaceCurrent, visit, withoutTab } from './navHistory.ts';
import { LAST_ROUTE_PREFIX, restoreRoute, rememberRoute, sectionOf } from './lastRoute.ts';
import {
  applySelection,
  canChooseOrganization,
  initialLocations,
  initialOrganization,
  optionDisabled,
  ownLocationsOnly,
  selectorDisabled,
} from './globalSelection.ts';
import { allowed, appOfPath, MENU, visibleApps, visibleItems } from './navigation.ts';

describe('navigation history', () => {
  it('keeps at most 100 entries, dropping the oldest', () => {
    let h = emptyHistory();
    for (let i = 0; i < 150; i++) h = visit(h, `/admin/users?page=${i}`);
    expect(h.entries).toHaveLength(HISTORY_CAP);
    expect(h.entries[0]).toBe('/admin/users?page=50');
    expect(h.index).toBe(99);
  });

  it('ignores a change of the tab parameter alone', () => {
    let h = visit(emptyHistory(), '/me/view');
    h = visit(h, '/me/view?tab=locations');
    expect(h.entries).toEqual(['/me/view?tab=locations']);
    h = visit(h, '/me/change?tab=locations');
    expect(h.entries).toHaveLength(2);
    expect(withoutTab('/a?tab=1&x=2')).toBe('/a?x=2');
  });

  it('goes back and forward, and a new visit drops the forward entries', () => {
    let h = ['/dashboard', '/admin/users', '/admin/roles'].reduce(visit, emptyHistory());
    expect(canGoForward(h)).toBe(false);
    h = back(back(h));
    expect(h.entries[h.index]).toBe('/dashboard');
    expect(canGoBack(h)).toBe(false);
    expect(back(h)).toBe(h);
    h = forward(h);
    expect(h.entries[h.index]).toBe('/admin/users');
    h = visit(h, '/admin/locations');
    expect(h.entries).toEqual(['/dashboard', '/admin/users', '/admin/locations']);
    expect(canGoForward(h)).toBe(false);
  });

  it('replaces the current entry on a redirect', () => {
    let h = ['/a', '/b'].reduce(visit, emptyHistory());
    h = replaceCurrent(h, '/c');
    expect(h.entries).toEqual(['/a', '/c']);
    expect(replaceCurrent(emptyHistory(), '/x').entries).toEqual(['/x']);
  });

  it('follows the browser buttons (POP)', () => {
    let h = ['/a', '/b', '/c'].reduce(visit, emptyHistory());
    h = pop(h, '/b');
    expect(h.index).toBe(1);
    h = pop(h, '/c');
    expect(h.index).toBe(2);
    h = pop(h, '/z');
    expect(h.entries).toEqual(['/a', '/b', '/c', '/z']);
  });
});

describe('last route per section', () => {
  const store = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
  };

  it('remembers the route of each top-level section, without the record drawer', () => {
    const s = store();
    rememberRoute(s, '/admin/users?page=2&id=4&action=view');
    rememberRoute(s, '/me/view?tab=locations');
    rememberRoute(s, '/login?redirect=/x');
    expect(s.m.get(`${LAST_ROUTE_PREFIX}admin`)).toBe('/admin/users?page=2');
    expect(s.m.get(`${LAST_ROUTE_PREFIX}me`)).toBe('/me/view?tab=locations');
    expect(s.m.has(`${LAST_ROUTE_PREFIX}login`)).toBe(false);
    expect(restoreRoute(s, 'admin', '/admin')).toBe('/admin/users?page=2');
    expect(restoreRoute(s, 'crm', '/crm')).toBe('/crm');
  });

  it('ignores a stored value of another section', () => {
    const s = store();
    s.setItem(`${LAST_ROUTE_PREFIX}admin`, '/crm/customers');
    expect(restoreRoute(s, 'admin', '/admin')).toBe('/admin');
    expect(sectionOf('/')).toBeNull();
    expect(sectionOf('/not-found')).toBeNull();
  });
});

describe('global location selection', () => {
  const loc = (id: string, org: string) => ({ id, organization: { id: org } });
  const free = { restrict_to_locations: false, allowedLocations: [], organization: { id: 'o1', name: 'A' } };
  const restricted = (n: number) => ({
    restrict_to_locations: true,
    allowedLocations: Array.from({ length: n }, (_, i) => ({ id: `l${i + 1}`, name: `L${i}` })),
    organization: null,
  });

  it('forces restricted users to their allowed locations, else restores the stored choice', () => {
    expect(initialLocations(restricted(2), JSON.stringify(['zz']))).toEqual(['l1', 'l2']);
    expect(initialLocations(free, JSON.stringify(['3', 5]))).toEqual(['3', '5']);
    expect(initialLocations(free, 'garbage')).toEqual([]);
    expect(initialLocations(free, null)).toEqual([]);
  });

  it('is disabled when restricted to one location', () => {
    expect(selectorDisabled(restricted(1))).toBe(true);
    expect(selectorDisabled(restricted(2))).toBe(false);
    expect(selectorDisabled(free)).toBe(false);
  });

  it('only allows locations of the organization of the first chosen', () => {
    const selected = [loc('1', 'A')];
    expect(optionDisabled(loc('2', 'A'), selected)).toBe(false);
    expect(optionDisabled(loc('3', 'B'), selected)).toBe(true);
    expect(optionDisabled(loc('3', 'B'), [])).toBe(false);
    expect(optionDisabled(loc('1', 'A'), selected)).toBe(false);
  });

  it('keeps restricted users inside their allowed locations', () => {
    expect(applySelection(restricted(3), ['l2', 'x'])).toEqual(['l2']);
    expect(applySelection(restricted(3), [])).toEqual(['l1', 'l2', 'l3']);
    expect(applySelection(free, ['1', '1', '2'])).toEqual(['1', '2']);
  });

  it('lists the own locations, without asking GET /locations, to whoever may not list locations', () => {
    const may = (p: string) => p === 'view any locations';
    const mayNot = () => false;
    expect(ownLocationsOnly(free, may)).toBe(false);
    expect(ownLocationsOnly(free, mayNot)).toBe(true);
    expect(ownLocationsOnly(restricted(2), may)).toBe(true);
  });

  it('uses the own organization, else lets platform and reseller users choose', () => {
    expect(initialOrganization(free, 'o9')).toBe('o1');
    expect(canChooseOrganization(free)).toBe(false);
    expect(initialOrganization(restricted(1), 'o9')).toBe('o9');
    expect(initialOrganization(restricted(1), null)).toBeNull();
    expect(canChooseOrganization(restricted(1))).toBe(true);
  });
});

describe('permission gating of the menu', () => {
  it('uses only names of the permission catalogue', () => {
    for (const app of MENU) {
      expect(PERMISSION_NAMES.has(app.permission), app.permission).toBe(true);
      for (const i of app.items) for (const p of [i.permission, i.alsoNeeds ?? i.permission]) expect(PERMISSION_NAMES.has(p), p).toBe(true);
    }
  });

  it('shows an app only with its view-app permission and at least one allowed screen', () => {
    const held = new Set<Permission>(['view app default', 'view app admin', 'view any users', 'view app crm']);
    expect(visibleApps(held).map((a) => a.key)).toEqual(['dashboard', 'admin']);
    const admin = MENU.find((a) => a.key === 'admin')!;
    expect(visibleItems(admin, held).map((i) => i.key)).toEqual(['users']);
    expect(visibleApps(new Set<Permission>(['view any users'])).map((a) => a.key)).toEqual([]);
  });

  it('guards the estimates and repairs screens by their module permission (inspections §2)', () => {
    const inspecpro = MENU.find((a) => a.key === 'inspectpro')!;
    const held = new Set<Permission>(['view app inspectpro', 'view module estimations', 'view module repairs']);
    expect(visibleItems(inspecpro, held).map((i) => i.key)).toEqual(['estimates', 'repairs']);
    expect(visibleItems(inspecpro, new Set<Permission>(['view app inspectpro', 'view any estimations'])).map((i) => i.key)).toEqual([]);
  });

  it('gates packages and subscriptions by view-any-customers (spec §6) and shows them only to who may list them', () => {
    const reseller = MENU.find((a) => a.key === 'reseller')!;
    // A dealership's manager: customers, but not the reseller's packages: no dead end, no reseller app.
    const manager = new Set<Permission>(['view app reseller', 'view any customers']);
    expect(visibleItems(reseller, manager).map((i) => i.key)).toEqual([]);
    expect(visibleApps(manager).map((a) => a.key)).not.toContain('reseller');
    const staff = new Set<Permission>([...manager, 'view any packages', 'view any subscriptions']);
    expect(visibleItems(reseller, staff).map((i) => i.key)).toEqual(['packages', 'subscriptions']);
    expect(visibleItems(reseller, new Set<Permission>(['view app reseller', 'view any packages'])).map((i) => i.key)).toEqual([]);
  });

  it('finds the app of a path and checks route permissions', () => {
    expect(appOfPath('/admin/users?id=1')?.key).toBe('admin');
    expect(appOfPath('/files/explorer')?.key).toBe('files');
    expect(appOfPath('/nowhere')).toBeUndefined();
    expect(allowed(undefined, new Set())).toBe(true);
    expect(allowed('view any users', new Set())).toBe(false);
    expect(allowed('view any users', new Set<Permission>(['view any users']))).toBe(true);
  });
});
