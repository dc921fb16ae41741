import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate, Outlet, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { BareLayout } from '../areas/auth/BareLayout.tsx';
import LoginPage from '../areas/auth/LoginPage.tsx';
import { loadAreaTexts } from '../i18n/index.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';

/** A page loaded on demand together with the areas' texts (not on /login: it stays small); any props, as React.lazy. */
export const lazyPage = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) => lazy(() => Promise.all([load(), loadAreaTexts()]).then(([m]) => m));

const PasswordEmailPage = lazyPage(() => import('../areas/auth/PasswordEmailPage.tsx'));
const PasswordResetPage = lazyPage(() => import('../areas/auth/PasswordResetPage.tsx'));
const LinksPage = lazyPage(() => import('../areas/auth/LinksPage.tsx'));
const NotFoundPage = lazyPage(() => import('../areas/NotFoundPage.tsx'));
const SignedIn = lazyPage(() => import('./signedIn.tsx'));
const SharedReportPage = lazyPage(() => import('../areas/inspections/SharedReportPage.tsx'));
const CustomerApprovalPage = lazyPage(() => import('../areas/estimations/CustomerApprovalPage.tsx'));
const EmbedPage = lazyPage(() => import('../areas/pricing/EmbedPage.tsx'));

export const pageFallback = (
  <Center py="xl">
    <Loader />
  </Center>
);

const suspended = (el: ReactNode) => <Suspense fallback={pageFallback}>{el}</Suspense>;

/** The route the signed-in areas' routes join (areaRoutes.tsx). */
const SIGNED_IN = 'signed-in';

export const routes: RouteObject[] = [
  {
    element: <GuestOnly><BareLayout /></GuestOnly>,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'password/email', element: suspended(<PasswordEmailPage />) },
      { path: 'password/reset', element: suspended(<PasswordResetPage />) },
    ],
  },
  { element: <BareLayout />, children: [{ path: 'links', element: suspended(<LinksPage />) }] },
  {
    // The pages that read the API: their query cache and request-error dialog load with the first of them.
    lazy: () => import('./DataLayer.tsx'),
    children: [
      { path: 'not-found', element: suspended(<NotFoundPage />) },
      // A shared inspection report: public, without the shell (the link's token opens it).
      { path: 'shared/inspections/:token', element: suspended(<SharedReportPage />) },
      // The customer's approval of an estimate: public, without the shell (the e-mailed link's token opens it).
      { path: 'approve/estimates/:token', element: suspended(<CustomerApprovalPage />) },
      // The price estimation embedded in a dealership's site: public, without the shell (spec §2).
      { path: 'embed/vehicle-estimate', element: suspended(<EmbedPage />) },
      {
        id: SIGNED_IN,
        element: <RequireAuth>{suspended(<SignedIn />)}</RequireAuth>,
        children: [{ index: true, element: <Navigate to="/dashboard" replace /> }],
      },
    ],
  },
  { path: '*', element: <Navigate to="/not-found" replace /> },
];

/**
 * The areas' routes join the signed-in route on the first path only the catch-all knows (React
 * Router's route discovery); the sign-in and public pages never load them.
 */
export const patchAreaRoutes: PatchRoutesOnNavigationFunction = async ({ matches, patch }) => {
  if (matches.at(-1)?.route.path !== '*') return;
  const { areaRoutes } = await import('./areaRoutes.tsx');
  patch(SIGNED_IN, areaRoutes);
};

export function createRouter() {
  return createBrowserRouter([{ element: <Outlet />, hydrateFallbackElement: pageFallback, children: routes }], { patchRoutesOnNavigation: patchAreaRoutes });
}
