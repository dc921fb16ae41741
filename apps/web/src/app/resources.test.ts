import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { declarations, LOCALES, PERMISSION_NAMES, type Permission } from '@atelier/domain';
import { activitySentence } from '../areas/dashboard/activity.ts';
import { notificationHref } from '../areas/notifications/notificationApi.ts';
import i18n from '../i18n/index.ts';
import { appRoutes } from './appRoutes.tsx';
import { MENU } from './navigation.ts';
import { APPS, hrefOf, listPath, RECORD_NAMES, recordHref, SCREEN_OF_TYPE, SCREENS, typeText } from './resources.ts';

// The registry of screens (resources.ts) is the one place a screen is declared: these tests check
// that what is derived from it (menu, routes, links) holds together.

/** The permission a route's element asks (RequirePermission's prop), if any. */
function permissionOf(route: RouteObject): Permission | undefined {
  const el = route.element as ReactElement<{ permission?: Permission; children?: ReactNode }> | undefined;
  return isValidElement(el) ? el.props.permission : undefined;
}

/** The deepest route a path opens, or undefined when only the catch-all would take it. */
function routeOf(path: string): RouteObject | undefined {
  const matches = matchRoutes(appRoutes, path.split('?')[0]);
  return matches?.at(-1)?.route;
}

const flat = (routes: RouteObject[]): RouteObject[] => routes.flatMap((r) => [r, ...flat(r.children ?? [])]);

describe('the registry of screens', () => {
  it('keeps the menu, its order and its URLs as the e2e journeys and deep links know them', () => {
    expect(MENU.map((a) => `${a.key} ${a.path}`)).toEqual([
      'dashboard /dashboard',
      'vehicles /vehicles',
      'inspectpro /inspecpro',
      'crm /crm',
      'sales /sales',
      'purchases /purchases',
      'inventory /inventory',
      'files /files',
      'reseller /reseller',
      'settings /settings',
      'admin /admin',
    ]);
    const ready = MENU.flatMap((a) => a.items.filter((i) => i.ready).map((i) => i.path));
    expect(ready).toEqual([
      '/vehicles/vehicles',
      '/vehicles/requests',
      '/vehicles/vehicle-estimate',
      '/vehicles/appraisals',
      '/vehicles/request-logs',
      '/inspecpro/inspection-forms',
      '/inspecpro/inspections',
      '/inspecpro/estimates',
      '/inspecpro/repairs',
      '/inspecpro/canned-jobs',
      '/inspecpro/technicians',
      '/inspecpro/reports',
      '/inspecpro/board',
      '/crm/customers',
      '/crm/contacts',
      '/sales/orders',
      '/sales/invoices',
      '/sales/deliveries',
      '/sales/payments',
      '/purchases/orders',
      '/purchases/invoices',
      '/purchases/deliveries',
      '/purchases/payments',
      '/purchases/suppliers',
      '/inventory/products',
      '/inventory/warehouses',
      '/inventory/stock-movements',
      '/files/explorer',
      '/files/files',
      '/reseller/reseller-invoices',
      '/reseller/reseller-payments',
      '/reseller/reseller-products',
      '/reseller/form-templates',
      '/reseller/canned-job-templates',
      '/reseller/reseller-services',
      '/reseller/reseller-tax-groups',
      '/reseller/packages',
      '/reseller/subscriptions',
      '/settings/general',
      '/settings/estimations',
      '/settings/inspections',
      '/settings/repairs',
      '/settings/purchases',
      '/settings/sales',
      '/settings/taxes',
      '/settings/callbacks',
      '/admin/locations',
      '/admin/organizations',
      '/admin/resellers',
      '/admin/users',
      '/admin/roles',
      '/admin/imports',
    ]);
  });

  it('gives every menu item with a screen a route guarded by the item’s permission, and none to the others', () => {
    for (const item of MENU.flatMap((a) => a.items)) {
      const route = routeOf(item.path);
      if (!item.ready) {
        expect(route?.path, item.path).toBeUndefined();
        continue;
      }
      expect(route?.path, item.path).toBe(item.path.slice(1));
      expect(permissionOf(route!), item.path).toBe(item.permission);
    }
    // An app opens at its home when it has one, else not at all.
    for (const app of APPS) expect(Boolean(routeOf(app.path)), app.path).toBe(Boolean(app.home));
  });

  it('names only permissions of the catalogue, on every route', () => {
    const routes = flat(appRoutes);
    expect(routes.length).toBeGreaterThan(SCREENS.length);
    for (const route of routes) {
      const permission = permissionOf(route);
      if (permission) expect(PERMISSION_NAMES.has(permission), `${route.path}: ${permission}`).toBe(true);
    }
    for (const s of SCREENS) for (const r of s.routes ?? []) expect(PERMISSION_NAMES.has(r.permission), r.path).toBe(true);
  });

  it('has French and English menu labels for every app and screen', () => {
    for (const lng of LOCALES) {
      const t = i18n.getFixedT(lng, 'shell');
      for (const app of APPS) expect(i18n.exists(`apps.${app.key}`, { lng, ns: 'shell' }), `${lng} shell:apps.${app.key}`).toBe(true);
      for (const item of MENU.flatMap((a) => a.items)) {
        expect(i18n.exists(item.label, { lng }), `${lng} ${item.label}`).toBe(true);
        expect(t(item.label), item.label).not.toBe(item.label.split(':')[1]);
      }
    }
  });

  it('gives every registered type its namespace, named by the type, with the same keys in French and English and the standard keys its screen uses', () => {
    type Tree = { [k: string]: string | Tree };
    const flatten = (tree: Tree, prefix = ''): string[] => Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
    const keysOf = (lng: string, type: string) => {
      const file = join(import.meta.dirname, '..', 'locales', lng, `${type}.json`);
      expect(existsSync(file), `${lng}/${type}.json`).toBe(true);
      return new Set(flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree).map((k) => k.replace(/_(one|other)$/, '')));
    };
    // Records that open in their own editor (a form's builder) or are only read name their titles there.
    const ownRecordTitle = new Set(['inspection-forms']);
    // The requests' list filters its states in a select, without the tabs whose first is `all`.
    const noStateTabs = new Set(['requests']);
    const types = [...SCREEN_OF_TYPE.keys()];
    expect(types.length).toBeGreaterThan(15);
    for (const type of types) {
      const screen = SCREEN_OF_TYPE.get(type)!;
      const [fr, ...others] = LOCALES.map((lng) => keysOf(lng, type));
      for (const keys of others) expect([...keys].sort(), type).toEqual([...fr].sort());
      const standard = ['title', ...(screen.workflow && !noStateTabs.has(type) ? ['all'] : []), ...(screen.record || ownRecordTitle.has(type) ? [] : ['record'])];
      expect(standard.filter((k) => !fr.has(k)), `${type} lacks`).toEqual([]);
      expect(typeText(type, 'title')).toBe(`${type}:title`);
    }
  });

  it('declares each screen once and each type on one screen, of a declared type', () => {
    const keys = SCREENS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    const typed = SCREENS.filter((s) => s.type && s.page).map((s) => s.type!);
    expect(new Set(typed).size).toBe(typed.length);
    for (const type of [...typed, ...RECORD_NAMES.keys()]) expect(Object.hasOwn(declarations, type), type).toBe(true);
    // Every workflow document's screen carries its workflow (badges, tabs).
    for (const type of ['requests', 'inspections', 'estimations', 'repairs']) expect(SCREEN_OF_TYPE.get(type)?.workflow, type).toBeDefined();
  });

  it('links every record of a listed type to a route that opens it, under the screen’s permission', () => {
    for (const [type, screen] of SCREEN_OF_TYPE) {
      const href = recordHref(type, 'a b/1')!;
      const route = routeOf(href);
      expect(route, href).toBeDefined();
      expect(permissionOf(route!), href).toBe(screen.permission);
      if (screen.record) {
        expect(href).toBe(`${screen.path}/a%20b%2F1`);
        expect(matchRoutes(appRoutes, href)?.at(-1)?.params.id).toBe('a b/1');
      } else {
        expect(href).toBe(`${screen.path}?id=a%20b%2F1&action=view`);
      }
    }
    expect(recordHref('taxes', '1')).toBeNull();
    expect(recordHref('constructor', '1')).toBeNull();
    expect(recordHref('__proto__', '1')).toBeNull();
    expect(listPath('estimations')).toBe('/inspecpro/estimates');
    expect(hrefOf('repairs')('9')).toBe('/inspecpro/repairs/9');
    expect(() => listPath('taxes')).toThrow();
  });

  it('gives the activity and the notifications the same record links', async () => {
    await i18n.changeLanguage('fr');
    const entry = (subject_type: string) => ({ id: 'l1', event: 'updated', subject_type, subject_id: 'r1' });
    const seen = { label: 'R', visible: true };
    for (const type of SCREEN_OF_TYPE.keys()) {
      const href = recordHref(type, 'r1');
      expect(activitySentence(i18n.t, entry(type), seen).href, type).toBe(href);
      expect(notificationHref({ subject_type: type, subject_id: 'r1', data: {}, event: 'updated' }), type).toBe(href);
    }
  });

  it('is the only table of paths: no screen path is written anywhere else in the web app', () => {
    // The pages use listPath/hrefOf; a path copied into a page would drift when the registry changes.
    const sources = ['areas/repairs/repairModel.ts', 'areas/estimations/estimationModel.ts', 'areas/inspections/inspectionModel.ts', 'areas/notifications/notificationApi.ts', 'areas/dashboard/activity.ts', 'app/appRoutes.tsx'];
    for (const file of sources) {
      const text = readFileSync(join(import.meta.dirname, '..', file), 'utf8');
      for (const s of SCREENS) expect(text.includes(`'${s.path}`), `${file} writes ${s.path}`).toBe(false);
    }
  });
});
