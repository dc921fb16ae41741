import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { NotificationData } from '@mantine/notifications';
import i18n from '../i18n/index.ts';

const ToastsHost = lazy(() => import('./toasts.tsx'));

let wanted = false;
const listeners = new Set<() => void>();

/**
 * Shows a toast. Mantine's notifications and their container load with the first toast, never
 * with the sign-in page (docs/decisions.md "The first page's JavaScript"); a toast shown before
 * the container is up waits in Mantine's store and appears with it.
 */
export function notify(data: NotificationData) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  // Mantine's close button has no name of its own.
  const closeButtonProps = { 'aria-label': i18n.t('common:actions.close') };
  void import('@mantine/notifications').then(({ notifications }) => notifications.show({ closeButtonProps, ...data }));
}

/** Where the toasts show, once there is one (App). */
export function Toasts() {
  const shown = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
  );
  return shown ? (
    <Suspense fallback={null}>
      <ToastsHost />
    </Suspense>
  ) : null;
}
