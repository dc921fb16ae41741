import type { Permission } from '@atelier/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { notify } from './notify.tsx';
import { useTranslation } from 'react-i18next';
import { useMe } from './AppData.tsx';
import { isAuthenticated } from './session.ts';

/** Authenticated pages: else /login with a redirect target. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!isAuthenticated()) {
    const target = location.pathname + location.search;
    const redirect = target === '/' || target === '/dashboard' ? '' : `?redirect=${encodeURIComponent(target)}`;
    return <Navigate to={`/login${redirect}`} replace />;
  }
  return <>{children}</>;
}

function Denied() {
  const { t } = useTranslation();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    notify({ id: 'page-not-allowed', color: 'red', message: t('errors:PAGE_NOT_ALLOWED'), autoClose: 5000 });
  }, [t]);
  return <Navigate to="/" replace />;
}

/** A route with a permission opens only if a role of the user holds it (spec platform §6). */
export function RequirePermission({ permission, alsoNeeds, children }: { permission?: Permission; alsoNeeds?: Permission; children: ReactNode }) {
  const { can } = useMe();
  if (!can(permission) || (alsoNeeds && !can(alsoNeeds))) return <Denied />;
  return <>{children}</>;
}
