import type { ComponentType } from 'react';
import { estimationWorkflow, inspectionWorkflow, purchasesDeliveryWorkflow, purchasesInvoiceWorkflow, purchasesOrderWorkflow, repairWorkflow, requestWorkflow, resellerInvoiceWorkflow, salesDeliveryWorkflow, salesInvoiceWorkflow, salesOrderWorkflow, stockMovementWorkflow, subscriptionWorkflow, SETTINGS_MODULES, type Label, type Permission, type TypeName } from '@atelier/domain';
import type { Model } from '../api/jsonapi.ts';
import { byCode, byFullName, byName, contactLabel, customerLabel, invoiceLabel, paymentLabel, supplierLabel, vehicleOption } from '../components/resource/names.ts';

/**
 * The screens of the app, each declared once (react-admin's `<Resource>` is the model): its menu app
 * and item, its path, the permission that opens it, the type it lists, how that type's records are
 * named, its lazy page and its record's page. The menu (navigation.ts), the routes (appRoutes.tsx),
 * the relation pickers (recordNames.tsx), the activity and notification links and the paths of a type
 * all read this table. Data only: the pages are loaded on demand (no React here, /login stays small).
 */

/** A page module, loaded when its route is first opened. */
export type PageLoader = () => Promise<{ default: ComponentType<any> }>;

/** How a type's records are named in pickers, badges and links (spec platform §3). */
export interface RecordName {
  labelOf: (m: Model) => string;
  /** The order of a picker's list. */
  sort?: string;
  /** Whether the global organization and location selection applies (not to the types that define it). */
  global?: boolean;
  /** The records a picker offers (active products only). */
  filter?: Record<string, string | boolean>;
}

/**
 * What the screens read of a type's workflow (the domain's defineWorkflow): its states, their labels
 * and colours; a document's screen, which states are edited, its actions' routes and words, the likely next ones.
 */
export interface WorkflowStates {
  states: readonly string[];
  stateLabels: Readonly<Record<string, Label>>;
  stateColors: Readonly<Record<string, string>>;
  isState(name: string): boolean;
  isEditable(state: string): boolean;
  route(action: string): string;
  spec(action: string): { label: Label; confirm?: boolean; color?: string };
  next(state: string): readonly string[];
}

/** Level 1 of the menu (spec platform §2): an app, gated by its permission, with its home screen if any. */
export interface AppEntry {
  key: string;
  /** Where the app starts when no last route is stored. */
  path: string;
  permission: Permission;
  /** The app is a single screen (Dashboard). */
  single?: boolean;
  /** The app's home at its path; `open`: the home itself needs no permission (it lists what the user may open). */
  home?: { page: PageLoader; open?: boolean };
}

/** Level 2 of the menu: one screen, usually the list of one type. */
export interface Screen {
  app: string;
  /** The menu item (`shell:items.<key>` in the locale files). */
  key: string;
  path: string;
  permission: Permission;
  /**
   * What its list asks of the API besides the route's permission (spec §6 gates packages and
   * subscriptions by view-any-customers, their API by their own): without it the screen would
   * open on a refusal, so it is neither in the menu nor routed.
   */
  alsoNeeds?: Permission;
  /** The type the screen lists (its activity and notifications link here). */
  type?: TypeName;
  /** The type's workflow, for a workflow document: its state badges and tabs. */
  workflow?: WorkflowStates;
  /** Absent while the web app has no screen for it: the menu hides it and no route exists. */
  page?: PageLoader;
  /** Props given to the page (one page for several screens: the settings' modules). */
  props?: Record<string, string>;
  /** The record's own page at `<path>/:id`; without it a record opens in the list (`?id=…&action=view`). */
  record?: PageLoader;
  /** Further routes under the screen's path, each with its page and permission. */
  routes?: readonly { path: string; page: PageLoader; permission: Permission }[];
}

/** An app's home listing the screens the user may open there. */
const sectionHome: PageLoader = () => import('./shell/SectionHome.tsx');

export const APPS: readonly AppEntry[] = [
  { key: 'dashboard', path: '/dashboard', permission: 'view app default', single: true, home: { page: () => import('../areas/dashboard/DashboardPage.tsx'), open: true } },
  { key: 'vehicles', path: '/vehicles', permission: 'view app vehicles', home: { page: () => import('../areas/vehicles/VehiclesHome.tsx') } },
  { key: 'inspectpro', path: '/inspecpro', permission: 'view app inspectpro', home: { page: () => import('../areas/inspection-forms/InspecproHome.tsx'), open: true } },
  { key: 'crm', path: '/crm', permission: 'view app crm', home: { page: sectionHome } },
  { key: 'sales', path: '/sales', permission: 'view app sales', home: { page: () => import('../areas/sales/SalesHomePage.tsx') } },
  { key: 'purchases', path: '/purchases', permission: 'view app purchases', home: { page: sectionHome } },
  { key: 'inventory', path: '/inventory', permission: 'view app inventory', home: { page: sectionHome } },
  { key: 'files', path: '/files', permission: 'view app file explorer' },
  { key: 'reseller', path: '/reseller', permission: 'view app reseller', home: { page: () => import('../areas/reseller/ResellerHome.tsx') } },
  // Settings (spec platform §3): the spec names no settings app, so the options' module permission opens it.
  { key: 'settings', path: '/settings', permission: 'view module options', home: { page: sectionHome } },
  { key: 'admin', path: '/admin', permission: 'view app admin', home: { page: sectionHome } },
];

const settingsPage: PageLoader = () => import('../areas/settings/SettingsModulePage.tsx');
/** The reseller's products and services: one page, the type as its prop. */
const resellerCatalogue: PageLoader = () => import('../areas/reseller/ResellerCataloguePage.tsx');

/** Every screen, in the menu's order within its app. */
export const SCREENS: readonly Screen[] = [
  { app: 'vehicles', key: 'vehicles', path: '/vehicles/vehicles', permission: 'view module vehicles', type: 'vehicles', page: () => import('../areas/vehicles/VehiclesPage.tsx') },
  { app: 'vehicles', key: 'requests', path: '/vehicles/requests', permission: 'view module requests', type: 'requests', workflow: requestWorkflow, page: () => import('../areas/vehicles/RequestsPage.tsx') },
  { app: 'vehicles', key: 'vehicle_estimate', path: '/vehicles/vehicle-estimate', permission: 'view module vehicle estimations', page: () => import('../areas/pricing/VehicleEstimatePage.tsx') },
  { app: 'vehicles', key: 'appraisals', path: '/vehicles/appraisals', permission: 'view any appraisals', type: 'appraisals', page: () => import('../areas/pricing/AppraisalsPage.tsx'), record: () => import('../areas/pricing/AppraisalPage.tsx') },
  { app: 'vehicles', key: 'request_logs', path: '/vehicles/request-logs', permission: 'view any request logs', type: 'request-logs', page: () => import('../areas/pricing/RequestLogsPage.tsx') },
  { app: 'inspectpro', key: 'inspection_forms', path: '/inspecpro/inspection-forms', permission: 'view any inspection forms', type: 'inspection-forms', page: () => import('../areas/inspection-forms/InspectionFormsPage.tsx'), routes: [{ path: ':id/demo', page: () => import('../areas/inspections/FormDemoPage.tsx'), permission: 'view inspection forms' }] },
  { app: 'inspectpro', key: 'inspections', path: '/inspecpro/inspections', permission: 'view any inspections', type: 'inspections', workflow: inspectionWorkflow, page: () => import('../areas/inspections/InspectionsPage.tsx'), record: () => import('../areas/inspections/InspectionPage.tsx') },
  // The spec's path says "estimates"; the type is estimations.
  { app: 'inspectpro', key: 'estimates', path: '/inspecpro/estimates', permission: 'view module estimations', type: 'estimations', workflow: estimationWorkflow, page: () => import('../areas/estimations/EstimationsPage.tsx'), record: () => import('../areas/estimations/EstimationPage.tsx') },
  { app: 'inspectpro', key: 'repairs', path: '/inspecpro/repairs', permission: 'view module repairs', type: 'repairs', workflow: repairWorkflow, page: () => import('../areas/repairs/RepairsPage.tsx'), record: () => import('../areas/repairs/RepairPage.tsx') },
  { app: 'inspectpro', key: 'canned_jobs', path: '/inspecpro/canned-jobs', permission: 'view any canned jobs', type: 'canned-jobs', page: () => import('../areas/canned-jobs/CannedJobsPage.tsx') },
  { app: 'inspectpro', key: 'technicians', path: '/inspecpro/technicians', permission: 'view any repairs', page: () => import('../areas/repairs/TechnicianEfficiencyPage.tsx') },
  { app: 'inspectpro', key: 'reports', path: '/inspecpro/reports', permission: 'view any repairs', page: () => import('../areas/repairs/ServiceFiguresPage.tsx') },
  { app: 'inspectpro', key: 'board', path: '/inspecpro/board', permission: 'view any repairs', page: () => import('../areas/board/JobBoardPage.tsx') },
  { app: 'crm', key: 'customers', path: '/crm/customers', permission: 'view any customers', type: 'customers', page: () => import('../areas/crm/CustomersPage.tsx') },
  { app: 'crm', key: 'contacts', path: '/crm/contacts', permission: 'view any contacts', type: 'contacts', page: () => import('../areas/crm/ContactsPage.tsx') },
  { app: 'sales', key: 'sales_orders', path: '/sales/orders', permission: 'view any sales orders', type: 'sales-orders', workflow: salesOrderWorkflow, page: () => import('../areas/sales/SalesOrdersPage.tsx') },
  { app: 'sales', key: 'sales_invoices', path: '/sales/invoices', permission: 'view any sales invoices', type: 'sales-invoices', workflow: salesInvoiceWorkflow, page: () => import('../areas/sales/SalesInvoicesPage.tsx') },
  { app: 'sales', key: 'sales_deliveries', path: '/sales/deliveries', permission: 'view any sales deliveries', type: 'sales-deliveries', workflow: salesDeliveryWorkflow, page: () => import('../areas/sales/SalesDeliveriesPage.tsx') },
  // Spec §6: payments routes in Sales use the sales-deliveries permission.
  { app: 'sales', key: 'sales_payments', path: '/sales/payments', permission: 'view any sales deliveries', type: 'sales-payments', page: () => import('../areas/sales/SalesPaymentsPage.tsx') },
  { app: 'purchases', key: 'purchases_orders', path: '/purchases/orders', permission: 'view any purchases orders', type: 'purchases-orders', workflow: purchasesOrderWorkflow, page: () => import('../areas/purchases/PurchasesOrdersPage.tsx') },
  { app: 'purchases', key: 'purchases_invoices', path: '/purchases/invoices', permission: 'view any purchases invoices', type: 'purchases-invoices', workflow: purchasesInvoiceWorkflow, page: () => import('../areas/purchases/PurchasesInvoicesPage.tsx') },
  { app: 'purchases', key: 'purchases_deliveries', path: '/purchases/deliveries', permission: 'view any purchases deliveries', type: 'purchases-deliveries', workflow: purchasesDeliveryWorkflow, page: () => import('../areas/purchases/PurchasesDeliveriesPage.tsx') },
  { app: 'purchases', key: 'purchases_payments', path: '/purchases/payments', permission: 'view any purchases payments', type: 'purchases-payments', page: () => import('../areas/purchases/PurchasesPaymentsPage.tsx') },
  { app: 'purchases', key: 'suppliers', path: '/purchases/suppliers', permission: 'view any suppliers', type: 'suppliers', page: () => import('../areas/purchases/SuppliersPage.tsx') },
  { app: 'inventory', key: 'products', path: '/inventory/products', permission: 'view any products', type: 'products', page: () => import('../areas/inventory/ProductsPage.tsx') },
  {
    app: 'inventory',
    key: 'warehouses',
    path: '/inventory/warehouses',
    permission: 'view any warehouses',
    type: 'warehouses',
    page: () => import('../areas/inventory/WarehousesPage.tsx'),
    routes: [{ path: ':id/stock', page: () => import('../areas/inventory/WarehouseStockPage.tsx'), permission: 'view any warehouses' }],
  },
  { app: 'inventory', key: 'stock_movements', path: '/inventory/stock-movements', permission: 'view any stock movements', type: 'stock-movements', workflow: stockMovementWorkflow, page: () => import('../areas/inventory/StockMovementsPage.tsx') },
  { app: 'files', key: 'explorer', path: '/files/explorer', permission: 'view any files', page: () => import('../areas/files/ExplorerPage.tsx') },
  { app: 'files', key: 'files', path: '/files/files', permission: 'view any files', type: 'files', page: () => import('../areas/files/FilesPage.tsx') },
  { app: 'reseller', key: 'reseller_invoices', path: '/reseller/reseller-invoices', permission: 'view any reseller invoices', type: 'reseller-invoices', workflow: resellerInvoiceWorkflow, page: () => import('../areas/reseller/ResellerInvoicesPage.tsx') },
  { app: 'reseller', key: 'reseller_payments', path: '/reseller/reseller-payments', permission: 'view any reseller payments', type: 'reseller-payments', page: () => import('../areas/reseller/ResellerPaymentsPage.tsx') },
  { app: 'reseller', key: 'reseller_products', path: '/reseller/reseller-products', permission: 'view any reseller products', type: 'reseller-products', page: resellerCatalogue, props: { type: 'reseller-products' } },
  { app: 'reseller', key: 'form_templates', path: '/reseller/form-templates', permission: 'view any form templates', type: 'form-templates', page: () => import('../areas/templates/FormTemplatesPage.tsx') },
  { app: 'reseller', key: 'canned_job_templates', path: '/reseller/canned-job-templates', permission: 'view any canned job templates', type: 'canned-job-templates', page: () => import('../areas/templates/CannedJobTemplatesPage.tsx') },
  { app: 'reseller', key: 'reseller_services', path: '/reseller/reseller-services', permission: 'view any reseller services', type: 'reseller-services', page: resellerCatalogue, props: { type: 'reseller-services' } },
  // Spec §6: subscriptions and packages use view-any-customers.
  { app: 'reseller', key: 'reseller_tax_groups', path: '/reseller/reseller-tax-groups', permission: 'view any reseller taxes', type: 'reseller-tax-groups', page: () => import('../areas/reseller/ResellerTaxGroupsPage.tsx') },
  { app: 'reseller', key: 'packages', path: '/reseller/packages', permission: 'view any customers', alsoNeeds: 'view any packages', type: 'packages', page: () => import('../areas/reseller/PackagesPage.tsx') },
  { app: 'reseller', key: 'subscriptions', path: '/reseller/subscriptions', permission: 'view any customers', alsoNeeds: 'view any subscriptions', type: 'subscriptions', workflow: subscriptionWorkflow, page: () => import('../areas/reseller/SubscriptionsPage.tsx') },
  // One screen per module of options (not lists of a type), then the tax groups and the callbacks.
  ...SETTINGS_MODULES.map((module): Screen => ({ app: 'settings', key: `settings_${module}`, path: `/settings/${module}`, permission: 'view any options', page: settingsPage, props: { module } })),
  { app: 'settings', key: 'settings_taxes', path: '/settings/taxes', permission: 'view any taxes', page: () => import('../areas/settings/TaxGroupsPage.tsx') },
  { app: 'settings', key: 'settings_callbacks', path: '/settings/callbacks', permission: 'view any settings', page: () => import('../areas/settings/CallbacksPage.tsx') },
  { app: 'admin', key: 'locations', path: '/admin/locations', permission: 'view any locations', type: 'locations', page: () => import('../areas/admin/LocationsPage.tsx') },
  { app: 'admin', key: 'organizations', path: '/admin/organizations', permission: 'view any organizations', type: 'organizations', page: () => import('../areas/admin/OrganizationsPage.tsx') },
  { app: 'admin', key: 'resellers', path: '/admin/resellers', permission: 'view any resellers', type: 'resellers', page: () => import('../areas/admin/ResellersPage.tsx') },
  { app: 'admin', key: 'users', path: '/admin/users', permission: 'view any users', type: 'users', page: () => import('../areas/admin/UsersPage.tsx') },
  { app: 'admin', key: 'roles', path: '/admin/roles', permission: 'view any roles', type: 'roles', page: () => import('../areas/admin/RolesPage.tsx') },
  { app: 'admin', key: 'imports', path: '/admin/imports', permission: 'view any imports', type: 'imports', page: () => import('../areas/imports/ImportsPage.tsx'), record: () => import('../areas/imports/ImportViewPage.tsx'), routes: [{ path: 'new', page: () => import('../areas/imports/ImportNewPage.tsx'), permission: 'create imports' }] },
];

/** How each type's records are named; a type not listed is named by its `name`. */
export const RECORD_NAMES: ReadonlyMap<string, RecordName> = new Map<TypeName, RecordName>([
  ['users', { labelOf: byFullName, sort: 'firstname', global: false }],
  ['roles', { labelOf: byName, sort: 'name' }],
  ['permissions', { labelOf: byName, sort: 'name' }],
  ['organizations', { labelOf: byName, sort: 'name', global: false }],
  ['resellers', { labelOf: byName, sort: 'name', global: false }],
  ['locations', { labelOf: byName, sort: 'name', global: false }],
  ['tags', { labelOf: byName, sort: 'name' }],
  ['customers', { labelOf: customerLabel, sort: 'customer_name' }],
  ['suppliers', { labelOf: supplierLabel, sort: 'company_name' }],
  ['contacts', { labelOf: contactLabel, sort: 'name' }],
  ['vehicles', { labelOf: vehicleOption, sort: '-created_at' }],
  // An appraisal by the vehicle it valued.
  ['appraisals', { labelOf: (m) => [m.year, m.make, m.model].filter(Boolean).join(' ') || String(m.vin ?? m.id), sort: '-created_at' }],
  // The work documents by their number, the newest first.
  ['requests', { labelOf: byCode, sort: '-created_at' }],
  ['inspections', { labelOf: byCode, sort: '-created_at' }],
  ['estimations', { labelOf: byCode, sort: '-created_at' }],
  ['repairs', { labelOf: byCode, sort: '-created_at' }],
  ['stock-movements', { labelOf: byCode, sort: '-created_at' }],
  ['purchases-orders', { labelOf: byCode, sort: '-created_at' }],
  ['purchases-deliveries', { labelOf: byCode, sort: '-created_at' }],
  ['purchases-invoices', { labelOf: byCode, sort: '-created_at' }],
  ['sales-orders', { labelOf: byCode, sort: '-created_at' }],
  ['sales-deliveries', { labelOf: byCode, sort: '-created_at' }],
  ['sales-invoices', { labelOf: invoiceLabel, sort: '-created_at' }],
  ['reseller-invoices', { labelOf: byCode, sort: '-created_at', global: false }],
  ['reseller-products', { labelOf: byName, sort: 'name', global: false, filter: { active: true } }],
  ['reseller-services', { labelOf: byName, sort: 'name', global: false, filter: { active: true } }],
  ['reseller-tax-groups', { labelOf: byName, sort: 'name', global: false }],
  ['form-templates', { labelOf: byName, sort: 'name', global: false }],
  ['canned-job-templates', { labelOf: byName, sort: 'name', global: false }],
  ['reseller-taxes', { labelOf: byCode, sort: 'position', global: false }],
  ['taxes', { labelOf: byCode, sort: 'position', global: false }],
  ['packages', { labelOf: byName, sort: 'name', global: false, filter: { active: true } }],
  // A subscription by its organization (one each), else its end.
  ['subscriptions', { labelOf: (m) => String((m.organization as { name?: string } | null)?.name ?? m.end_time ?? m.id).slice(0, 80), sort: 'end_time', global: false }],
  ['products', { labelOf: (m) => [m.sku, m.name].filter(Boolean).join(' · ') || String(m.id), sort: 'name', filter: { active: true } }],
  ['warehouses', { labelOf: byName, sort: 'name' }],
  // A canned job by its code and name, as the advisor searches it; a trigger's field by its name.
  ['canned-jobs', { labelOf: (m) => [m.code, m.name].filter(Boolean).join(' · ') || String(m.id), sort: 'name', filter: { active: true } }],
  ['inspection-form-section-fields', { labelOf: byName, sort: 'name' }],
  ['purchases-payments', { labelOf: paymentLabel, sort: '-paid_on' }],
  ['sales-payments', { labelOf: paymentLabel, sort: '-paid_on' }],
  ['reseller-payments', { labelOf: paymentLabel, sort: '-paid_on' }],
]);

/** The standard texts every type has where it applies: its list's title, a record's title, a new one's, a workflow list's first tab. */
export type TypeTextKey = 'title' | 'record' | 'new' | 'all' | 'draft_only' | `confirm.${string}` | `done.${string}`;

/**
 * The i18n key of a type's text: each type has its namespace, named by the type
 * (locales/{fr,en}/<type>.json), so a screen writes no namespace of its own.
 */
export const typeText = (type: string, key: TypeTextKey): string => `${type}:${key}`;

/** The screen listing a type (the screens with a page only). */
export const SCREEN_OF_TYPE: ReadonlyMap<string, Screen> = new Map(SCREENS.filter((s) => s.type && s.page).map((s) => [s.type as string, s]));

/** The workflow of a workflow document's type. */
export function workflowOf(type: TypeName): WorkflowStates {
  const workflow = screenOf(type).workflow;
  if (!workflow) throw new Error(`${type} has no workflow`);
  return workflow;
}

function screenOf(type: TypeName): Screen {
  const screen = SCREEN_OF_TYPE.get(type);
  if (!screen) throw new Error(`No screen lists ${type}`);
  return screen;
}

const linkOf = (screen: Screen, id: string) =>
  screen.record ? `${screen.path}/${encodeURIComponent(id)}` : `${screen.path}?id=${encodeURIComponent(id)}&action=view`;

/** The list of a type's records ('/inspecpro/estimates'); throws at load for a type no screen lists (a programming error). */
export const listPath = (type: TypeName): string => screenOf(type).path;

/** Where one record of a type opens: its own page, else its list with the record open (throws at load as listPath). */
export function hrefOf(type: TypeName): (id: string) => string {
  const screen = screenOf(type);
  return (id) => linkOf(screen, id);
}

/** Where one record opens, for a type sent by the server (a log, a notification): null when no screen shows it. */
export function recordHref(type: string, id: string): string | null {
  const screen = SCREEN_OF_TYPE.get(type);
  return screen ? linkOf(screen, id) : null;
}
