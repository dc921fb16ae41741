import type { Permission } from '@atelier/domain';
/**
 * The two-level menu of the shell (spec platform §2 Shell layout, §6 Specific gating). Level 1 is
 * the apps, each gated by 'view app X'; level 2 the items of an app, each with its own permission.
 * An item is shown only when the web app has its screen (`ready`); an app only when it has a home
 * of its own or at least one visible item, so the menu never leads to a screen that does not exist.
 */
export interface MenuItem {
  key: string;
  path: string;
  permission: Permission;
  ready?: boolean;
  /** The type the screen lists, when the spec's path names it otherwise (/inspecpro/estimates lists estimations). */
  type?: string;
}

export interface MenuApp {
  key: string;
  /** Where the app starts when no last route is stored. */
  path: string;
  permission: Permission;
  items: MenuItem[];
  /** The app is a single screen (Dashboard). */
  single?: boolean;
}

const item = (key: string, path: string, permission: Permission, ready = false, type?: string): MenuItem => ({ key, path, permission, ready, ...(type ? { type } : {}) });

export const MENU: readonly MenuApp[] = [
  { key: 'dashboard', path: '/dashboard', permission: 'view app default', items: [], single: true },
  {
    key: 'vehicles',
    path: '/vehicles',
    permission: 'view app vehicles',
    items: [
      item('vehicles', '/vehicles/vehicles', 'view module vehicles', true),
      item('requests', '/vehicles/requests', 'view module requests', true),
      item('vehicle_estimate', '/vehicles/vehicle-estimate', 'view module vehicle estimations', true),
      item('request_logs', '/vehicles/request-logs', 'view any request logs', true),
    ],
  },
  {
    key: 'inspectpro',
    path: '/inspecpro',
    permission: 'view app inspectpro',
    items: [
      item('inspection_forms', '/inspecpro/inspection-forms', 'view any inspection forms', true),
      item('inspections', '/inspecpro/inspections', 'view any inspections', true),
      item('estimates', '/inspecpro/estimates', 'view module estimations', true, 'estimations'),
      item('repairs', '/inspecpro/repairs', 'view module repairs', true),
    ],
  },
  {
    key: 'crm',
    path: '/crm',
    permission: 'view app crm',
    items: [item('customers', '/crm/customers', 'view any customers', true), item('contacts', '/crm/contacts', 'view any contacts', true)],
  },
  {
    key: 'sales',
    path: '/sales',
    permission: 'view app sales',
    items: [
      item('sales_orders', '/sales/orders', 'view any sales orders'),
      item('sales_invoices', '/sales/invoices', 'view any sales invoices'),
      item('sales_deliveries', '/sales/deliveries', 'view any sales deliveries'),
      // Spec §6: payments routes in Sales use the sales-deliveries permission.
      item('sales_payments', '/sales/payments', 'view any sales deliveries'),
    ],
  },
  {
    key: 'purchases',
    path: '/purchases',
    permission: 'view app purchases',
    items: [
      item('purchases_orders', '/purchases/orders', 'view any purchases orders'),
      item('purchases_invoices', '/purchases/invoices', 'view any purchases invoices'),
      item('purchases_deliveries', '/purchases/deliveries', 'view any purchases deliveries'),
      item('purchases_payments', '/purchases/payments', 'view any purchases payments'),
      item('suppliers', '/purchases/suppliers', 'view any suppliers', true),
    ],
  },
  {
    key: 'inventory',
    path: '/inventory',
    permission: 'view app inventory',
    items: [
      item('products', '/inventory/products', 'view any products', true),
      item('warehouses', '/inventory/warehouses', 'view any warehouses', true),
      item('stock_movements', '/inventory/stock-movements', 'view any stock movements', true),
    ],
  },
  {
    key: 'files',
    path: '/files',
    permission: 'view app file explorer',
    items: [item('explorer', '/files/explorer', 'view any files'), item('files', '/files/files', 'view any files')],
  },
  {
    key: 'reseller',
    path: '/reseller',
    permission: 'view app reseller',
    items: [
      item('reseller_invoices', '/reseller/reseller-invoices', 'view any reseller invoices'),
      item('reseller_payments', '/reseller/reseller-payments', 'view any reseller payments'),
      item('reseller_products', '/reseller/reseller-products', 'view any reseller products'),
      item('reseller_services', '/reseller/reseller-services', 'view any reseller services'),
      // Spec §6: subscriptions and packages use view-any-customers.
      item('packages', '/reseller/packages', 'view any customers'),
      item('subscriptions', '/reseller/subscriptions', 'view any customers'),
    ],
  },
  {
    // Settings (spec platform §3): one screen per module, the tax groups and the callbacks. The spec
    // names no settings app, so the options' module permission opens it.
    key: 'settings',
    path: '/settings',
    permission: 'view module options',
    items: [
      item('settings_general', '/settings/general', 'view any options', true),
      item('settings_estimations', '/settings/estimations', 'view any options', true),
      item('settings_inspections', '/settings/inspections', 'view any options', true),
      item('settings_repairs', '/settings/repairs', 'view any options', true),
      item('settings_purchases', '/settings/purchases', 'view any options', true),
      item('settings_sales', '/settings/sales', 'view any options', true),
      item('settings_taxes', '/settings/taxes', 'view any taxes', true),
      item('settings_callbacks', '/settings/callbacks', 'view any settings', true),
    ],
  },
  {
    key: 'admin',
    path: '/admin',
    permission: 'view app admin',
    items: [
      item('locations', '/admin/locations', 'view any locations', true),
      item('organizations', '/admin/organizations', 'view any organizations', true),
      item('resellers', '/admin/resellers', 'view any resellers', true),
      item('users', '/admin/users', 'view any users', true),
      item('roles', '/admin/roles', 'view any roles', true),
      item('imports', '/admin/imports', 'view any imports', true),
    ],
  },
];

export type Held = ReadonlySet<Permission>;

export function visibleItems(app: MenuApp, held: Held): MenuItem[] {
  return app.items.filter((i) => i.ready && held.has(i.permission));
}

export function visibleApps(held: Held, menu: readonly MenuApp[] = MENU): MenuApp[] {
  return menu.filter((a) => held.has(a.permission) && (a.single || visibleItems(a, held).length > 0));
}

/** The app a path belongs to ('/admin/users' -> admin). */
export function appOfPath(path: string, menu: readonly MenuApp[] = MENU): MenuApp | undefined {
  const first = `/${path.split(/[?#]/)[0].split('/').filter(Boolean)[0] ?? ''}`;
  return menu.find((a) => a.path === first || a.path.split('/').slice(0, 2).join('/') === first);
}

/** A route may be opened when it needs no permission or one of the user's roles holds it. */
export function allowed(permission: Permission | undefined, held: Held): boolean {
  return !permission || held.has(permission);
}
