import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate, Outlet, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { BareLayout } from '../areas/auth/BareLayout.tsx';
import LoginPage from '../areas/auth/LoginPage.tsx';
import { loadAreaTexts } from '../i18n/index.ts';
import { isAuthenticated } from './session.ts';

/** A page loaded on demand together with the areas' texts (not on /login: it stays small); any props, as React.lazy. */
export const lazyPage = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) => lazy(() => Promise.all([load(), loadAreaTexts()]).then(([m]) => m));

const PasswordEmailPage = lazyPage(() => import('../areas/auth/PasswordEmailPage.tsx'));
const PasswordResetPage = lazyPage(() => import('../areas/auth/PasswordResetPage.tsx'));
const LinksPage = lazyPage(() => import('../areas/auth/LinksPage.tsx'));

export const pageFallback = (
  <Center py="xl">
    <Loader />
  </Center>
);

export const suspended = (el: ReactNode) => <Suspense fallback={pageFallback}>{el}</Suspense>;

/** Sign-in pages: only when logged out; a logged-in user goes to /dashboard. */
function GuestOnly({ children }: { children: ReactNode }) {
  if (isAuthenticated()) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/** The routes of the first page: the sign-in pages; the others join the root when first needed (appRoutes.tsx). */
const ROOT = 'root';
const firstRoutes: RouteObject[] = [
  {
    element: <GuestOnly><BareLayout /></GuestOnly>,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'password/email', element: suspended(<PasswordEmailPage />) },
      { path: 'password/reset', element: suspended(<PasswordResetPage />) },
    ],
  },
  { element: <BareLayout />, children: [{ path: 'links', element: suspended(<LinksPage />) }] },
  { path: '*', element: <Navigate to="/not-found" replace /> },
];

/** On a path only the catch-all knows, the app's other routes join the root (React Router's route discovery). */
export const patchAppRoutes: PatchRoutesOnNavigationFunction = async ({ matches, patch }) => {
  if (matches.at(-1)?.route.path !== '*') return;
  const { appRoutes } = await import('./appRoutes.tsx');
  patch(ROOT, appRoutes);
};

export const routeTree: RouteObject[] = [{ id: ROOT, element: <Outlet />, hydrateFallbackElement: pageFallback, children: firstRoutes }];

export function createRouter() {
  return createBrowserRouter(routeTree, { patchRoutesOnNavigation: patchAppRoutes });
}
