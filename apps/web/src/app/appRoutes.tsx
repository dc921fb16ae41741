import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { SETTINGS_MODULES, type SettingsModule, type Permission } from '@atelier/domain';
import { ErrorDialog } from '../components/ErrorDialog.tsx';
import { RequireAuth, RequirePermission } from './guards.tsx';
import { queryClient } from './queryClient.ts';
import { lazyPage, pageFallback, suspended } from './router.tsx';

const NotFoundPage = lazyPage(() => import('../areas/NotFoundPage.tsx'));
const SharedReportPage = lazyPage(() => import('../areas/inspections/SharedReportPage.tsx'));
const CustomerApprovalPage = lazyPage(() => import('../areas/estimations/CustomerApprovalPage.tsx'));
const EmbedPage = lazyPage(() => import('../areas/pricing/EmbedPage.tsx'));
const SignedIn = lazyPage(() => import('./signedIn.tsx'));

const DashboardPage = lazyPage(() => import('../areas/dashboard/DashboardPage.tsx'));
const MeViewPage = lazyPage(() => import('../areas/profile/MeViewPage.tsx'));
const MeChangePage = lazyPage(() => import('../areas/profile/MeChangePage.tsx'));
const OrganizationViewPage = lazyPage(() => import('../areas/profile/OrganizationPage.tsx').then((m) => ({ default: m.OrganizationViewPage })));
const OrganizationChangePage = lazyPage(() => import('../areas/profile/OrganizationPage.tsx').then((m) => ({ default: m.OrganizationChangePage })));
const LogViewPage = lazyPage(() => import('../areas/logs/LogViewPage.tsx'));
const SectionHome = lazyPage(() => import('./shell/SectionHome.tsx'));
const UsersPage = lazyPage(() => import('../areas/admin/UsersPage.tsx'));
const RolesPage = lazyPage(() => import('../areas/admin/RolesPage.tsx'));
const OrganizationsPage = lazyPage(() => import('../areas/admin/OrganizationsPage.tsx'));
const ResellersPage = lazyPage(() => import('../areas/admin/ResellersPage.tsx'));
const LocationsPage = lazyPage(() => import('../areas/admin/LocationsPage.tsx'));
const ImportsPage = lazyPage(() => import('../areas/imports/ImportsPage.tsx'));
const ImportNewPage = lazyPage(() => import('../areas/imports/ImportNewPage.tsx'));
const ImportViewPage = lazyPage(() => import('../areas/imports/ImportViewPage.tsx'));
const NotificationsPage = lazyPage(() => import('../areas/notifications/NotificationsPage.tsx'));
const NotificationViewPage = lazyPage(() => import('../areas/notifications/NotificationViewPage.tsx'));
const VehiclesHome = lazyPage(() => import('../areas/vehicles/VehiclesHome.tsx'));
const VehiclesPage = lazyPage(() => import('../areas/vehicles/VehiclesPage.tsx'));
const RequestsPage = lazyPage(() => import('../areas/vehicles/RequestsPage.tsx'));
const CustomersPage = lazyPage(() => import('../areas/crm/CustomersPage.tsx'));
const ContactsPage = lazyPage(() => import('../areas/crm/ContactsPage.tsx'));
const SuppliersPage = lazyPage(() => import('../areas/purchases/SuppliersPage.tsx'));
const inventory = { products: lazyPage(() => import('../areas/inventory/ProductsPage.tsx')), warehouses: lazyPage(() => import('../areas/inventory/WarehousesPage.tsx')), stock: lazyPage(() => import('../areas/inventory/WarehouseStockPage.tsx')), movements: lazyPage(() => import('../areas/inventory/StockMovementsPage.tsx')) };
const FormDemoPage = lazyPage(() => import('../areas/inspections/FormDemoPage.tsx'));
const InspecproHome = lazyPage(() => import('../areas/inspection-forms/InspecproHome.tsx'));
const InspectionFormsPage = lazyPage(() => import('../areas/inspection-forms/InspectionFormsPage.tsx'));
const InspectionsPage = lazyPage(() => import('../areas/inspections/InspectionsPage.tsx'));
const InspectionPage = lazyPage(() => import('../areas/inspections/InspectionPage.tsx'));
const EstimationsPage = lazyPage(() => import('../areas/estimations/EstimationsPage.tsx'));
const EstimationPage = lazyPage(() => import('../areas/estimations/EstimationPage.tsx'));
const RepairsPage = lazyPage(() => import('../areas/repairs/RepairsPage.tsx'));
const RepairPage = lazyPage(() => import('../areas/repairs/RepairPage.tsx'));
const VehicleEstimatePage = lazyPage(() => import('../areas/pricing/VehicleEstimatePage.tsx'));
const RequestLogsPage = lazyPage(() => import('../areas/pricing/RequestLogsPage.tsx'));
const SettingsModulePage = lazyPage(() => import('../areas/settings/SettingsModulePage.tsx'));
const TaxGroupsPage = lazyPage(() => import('../areas/settings/TaxGroupsPage.tsx'));
const CallbacksPage = lazyPage(() => import('../areas/settings/CallbacksPage.tsx'));
const settingsModule = (module: SettingsModule) => function SettingsModule() {
  return <SettingsModulePage module={module} />;
};

const page = (C: LazyExoticComponent<ComponentType> | ComponentType, permission?: Permission) => (
  <RequirePermission permission={permission}>
    <Suspense fallback={pageFallback}>
      <C />
    </Suspense>
  </RequirePermission>
);

/** The signed-in routes of the app (spec platform §2), each naming its permission; areas added later append theirs. */
const areaRoutes: RouteObject[] = [
  { path: 'dashboard', element: page(DashboardPage) },
  { path: 'me/view', element: page(MeViewPage) },
  { path: 'me/change', element: page(MeChangePage) },
  { path: 'organization/view', element: page(OrganizationViewPage, 'view own organization') },
  { path: 'organization/change', element: page(OrganizationChangePage, 'edit own organization') },
  { path: 'logs/view/:id', element: page(LogViewPage, 'view logs') },
  { path: 'notifications', element: page(NotificationsPage) },
  { path: 'notifications/view/:id', element: page(NotificationViewPage) },
  { path: 'crm', element: page(SectionHome, 'view app crm') },
  { path: 'crm/customers', element: page(CustomersPage, 'view any customers') },
  { path: 'crm/contacts', element: page(ContactsPage, 'view any contacts') },
  { path: 'purchases', element: page(SectionHome, 'view app purchases') },
  { path: 'purchases/suppliers', element: page(SuppliersPage, 'view any suppliers') },
  { path: 'inventory', element: page(SectionHome, 'view app inventory') },
  { path: 'inventory/products', element: page(inventory.products, 'view any products') },
  { path: 'inventory/warehouses', element: page(inventory.warehouses, 'view any warehouses') },
  { path: 'inventory/warehouses/:id/stock', element: page(inventory.stock, 'view any warehouses') },
  { path: 'inventory/stock-movements', element: page(inventory.movements, 'view any stock movements') },
  { path: 'admin', element: page(SectionHome, 'view app admin') },
  { path: 'admin/users', element: page(UsersPage, 'view any users') },
  { path: 'admin/roles', element: page(RolesPage, 'view any roles') },
  { path: 'admin/organizations', element: page(OrganizationsPage, 'view any organizations') },
  { path: 'admin/resellers', element: page(ResellersPage, 'view any resellers') },
  { path: 'admin/locations', element: page(LocationsPage, 'view any locations') },
  { path: 'admin/imports', element: page(ImportsPage, 'view any imports') },
  { path: 'admin/imports/new', element: page(ImportNewPage, 'create imports') },
  { path: 'admin/imports/:id', element: page(ImportViewPage, 'view any imports') },
  { path: 'vehicles', element: page(VehiclesHome, 'view app vehicles') },
  { path: 'vehicles/vehicles', element: page(VehiclesPage, 'view module vehicles') },
  { path: 'vehicles/requests', element: page(RequestsPage, 'view module requests') },
  { path: 'vehicles/vehicle-estimate', element: page(VehicleEstimatePage, 'view module vehicle estimations') },
  { path: 'vehicles/request-logs', element: page(RequestLogsPage, 'view any request logs') },
  { path: 'inspecpro', element: page(InspecproHome) },
  { path: 'inspecpro/inspection-forms', element: page(InspectionFormsPage, 'view any inspection forms') },
  { path: 'inspecpro/inspection-forms/:id/demo', element: page(FormDemoPage, 'view inspection forms') },
  { path: 'inspecpro/inspections', element: page(InspectionsPage, 'view any inspections') },
  { path: 'inspecpro/inspections/:id', element: page(InspectionPage, 'view any inspections') },
  { path: 'inspecpro/estimates', element: page(EstimationsPage, 'view module estimations') },
  { path: 'inspecpro/estimates/:id', element: page(EstimationPage, 'view module estimations') },
  { path: 'inspecpro/repairs', element: page(RepairsPage, 'view module repairs') },
  { path: 'inspecpro/repairs/:id', element: page(RepairPage, 'view module repairs') },
  { path: 'settings', element: page(SectionHome, 'view module options') },
  ...SETTINGS_MODULES.map((module) => ({ path: `settings/${module}`, element: page(settingsModule(module), 'view any options') })),
  { path: 'settings/taxes', element: page(TaxGroupsPage, 'view any taxes') },
  { path: 'settings/callbacks', element: page(CallbacksPage, 'view any settings') },
];

/** What the pages that read the API share: the query cache and the request-error dialog (spec platform §8). */
function DataLayer() {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorDialog />
      <Outlet />
    </QueryClientProvider>
  );
}

/**
 * Every route but the sign-in pages': loaded on the first path the router does not know yet
 * (router.tsx), so /login carries neither this table, its pages' lists of files, nor the query cache.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <DataLayer />,
    children: [
      { path: 'not-found', element: suspended(<NotFoundPage />) },
      // A shared inspection report: public, without the shell (the link's token opens it).
      { path: 'shared/inspections/:token', element: suspended(<SharedReportPage />) },
      // The customer's approval of an estimate: public, without the shell (the e-mailed link's token opens it).
      { path: 'approve/estimates/:token', element: suspended(<CustomerApprovalPage />) },
      // The price estimation embedded in a dealership's site: public, without the shell (spec §2).
      { path: 'embed/vehicle-estimate', element: suspended(<EmbedPage />) },
      {
        element: <RequireAuth>{suspended(<SignedIn />)}</RequireAuth>,
        children: [{ index: true, element: <Navigate to="/dashboard" replace /> }, ...areaRoutes],
      },
    ],
  },
];
