import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import type { Permission } from '@atelier/domain';
import { ErrorDialog } from '../components/ErrorDialog.tsx';
import { RequireAuth, RequirePermission } from './guards.tsx';
import { queryClient } from './queryClient.ts';
import { isAuthenticated } from './session.ts';
import { APPS, SCREENS, type PageLoader, type Screen } from './resources.ts';
import { lazyPage, pageFallback, suspended } from './router.tsx';

const NotFoundPage = lazyPage(() => import('../areas/NotFoundPage.tsx'));
const SharedReportPage = lazyPage(() => import('../areas/inspections/SharedReportPage.tsx'));
const CustomerApprovalPage = lazyPage(() => import('../areas/estimations/CustomerApprovalPage.tsx'));
const PublicInvoicePage = lazyPage(() => import('../areas/sales/PublicInvoicePage.tsx'));
const ReminderPage = lazyPage(() => import('../areas/follow-ups/ReminderPage.tsx'));
const EmbedPage = lazyPage(() => import('../areas/pricing/EmbedPage.tsx'));
const SignedIn = lazyPage(() => import('./signedIn.tsx'));

const MeViewPage = lazyPage(() => import('../areas/profile/MeViewPage.tsx'));
const MeChangePage = lazyPage(() => import('../areas/profile/MeChangePage.tsx'));
const OrganizationViewPage = lazyPage(() => import('../areas/profile/OrganizationPage.tsx').then((m) => ({ default: m.OrganizationViewPage })));
const OrganizationChangePage = lazyPage(() => import('../areas/profile/OrganizationPage.tsx').then((m) => ({ default: m.OrganizationChangePage })));
const LogViewPage = lazyPage(() => import('../areas/logs/LogViewPage.tsx'));
const NotificationsPage = lazyPage(() => import('../areas/notifications/NotificationsPage.tsx'));
const NotificationViewPage = lazyPage(() => import('../areas/notifications/NotificationViewPage.tsx'));

// One lazy component per page module, so screens sharing a page (SectionHome, the settings' modules) share it.
const pages = new Map<PageLoader, LazyExoticComponent<ComponentType<Record<string, string>>>>();
const lazyOf = (load: PageLoader) => {
  const known = pages.get(load);
  if (known) return known;
  const made = lazyPage(load);
  pages.set(load, made);
  return made;
};

const page = (C: LazyExoticComponent<ComponentType<Record<string, string>>> | ComponentType, permission?: Permission, props: Record<string, string> = {}, key?: string, alsoNeeds?: Permission) => (
  <RequirePermission permission={permission} alsoNeeds={alsoNeeds}>
    <Suspense fallback={pageFallback}>
      {/* Keyed by the path: two screens of one page (the settings' modules) never share its state. */}
      <C key={key} {...props} />
    </Suspense>
  </RequirePermission>
);

/** A screen's routes from its entry in the registry: its list, its record's page, its further routes. */
const screenRoutes = (s: Screen & { page: PageLoader }): RouteObject[] => {
  const base = s.path.slice(1);
  return [
    { path: base, element: page(lazyOf(s.page), s.permission, s.props, s.key, s.alsoNeeds) },
    ...(s.record ? [{ path: `${base}/:id`, element: page(lazyOf(s.record), s.permission, {}, undefined, s.alsoNeeds) }] : []),
    ...(s.routes ?? []).map((r) => ({ path: `${base}/${r.path}`, element: page(lazyOf(r.page), r.permission) })),
  ];
};

/**
 * The signed-in routes of the app (spec platform §2), each naming its permission: the pages of no
 * menu item, then each app's home and each screen of the registry (resources.ts).
 */
const areaRoutes: RouteObject[] = [
  { path: 'me/view', element: page(MeViewPage) },
  { path: 'me/change', element: page(MeChangePage) },
  { path: 'organization/view', element: page(OrganizationViewPage, 'view own organization') },
  { path: 'organization/change', element: page(OrganizationChangePage, 'edit own organization') },
  { path: 'logs/view/:id', element: page(LogViewPage, 'view logs') },
  { path: 'notifications', element: page(NotificationsPage) },
  { path: 'notifications/view/:id', element: page(NotificationViewPage) },
  ...APPS.flatMap((a) => (a.home ? [{ path: a.path.slice(1), element: page(lazyOf(a.home.page), a.home.open ? undefined : a.permission) }] : [])),
  ...SCREENS.flatMap((s) => (s.page ? screenRoutes({ ...s, page: s.page }) : [])),
];

/** An unknown path: inside the shell for a signed-in user (the menu stays, to go on from there), alone for anyone else (a mistyped public link). */
function NotFound() {
  return isAuthenticated() ? suspended(<SignedIn />) : <main id="main">{suspended(<NotFoundPage />)}</main>;
}

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
      { path: 'not-found', element: <NotFound />, children: [{ index: true, element: suspended(<NotFoundPage />) }] },
      // A shared inspection report: public, without the shell (the link's token opens it).
      { path: 'shared/inspections/:token', element: suspended(<SharedReportPage />) },
      // The customer's approval of an estimate: public, without the shell (the e-mailed link's token opens it).
      { path: 'approve/estimates/:token', element: suspended(<CustomerApprovalPage />) },
      // A customer's invoice, to see and pay: public, without the shell (the e-mailed link's token opens it).
      { path: 'pay/invoices/:token', element: suspended(<PublicInvoicePage />) },
      // A follow-up's link (declined work): public, without the shell (the texted or e-mailed link's token opens it).
      { path: 'reminders/:token', element: suspended(<ReminderPage />) },
      // The price estimation embedded in a dealership's site: public, without the shell (spec §2).
      { path: 'embed/vehicle-estimate', element: suspended(<EmbedPage />) },
      {
        element: <RequireAuth>{suspended(<SignedIn />)}</RequireAuth>,
        children: [{ index: true, element: <Navigate to="/dashboard" replace /> }, ...areaRoutes],
      },
    ],
  },
];
