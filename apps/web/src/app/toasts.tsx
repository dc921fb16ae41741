import { useEffect } from 'react';
import { hideNotification, Notifications, notificationsStore } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import './toasts.css';

/** At most two toasts at once: four stacked covered the table they spoke of. */
export const TOAST_LIMIT = 2;

/**
 * Newest wins: a toast beyond the limit closes the oldest one shown (Mantine would hold the new
 * one in a queue behind the old ones, so the latest news showed last). Returns the unsubscribe.
 */
export function keepNewestToasts(store = notificationsStore): () => void {
  const unsubscribe = store.subscribe((state) => {
    const oldest = state.notifications[0];
    if (state.queue.length > 0 && oldest?.id) hideNotification(oldest.id, store);
  });
  return () => void unsubscribe();
}

/** The toasts' container, loaded with the first toast (notify.tsx). */
export default function ToastsHost() {
  useEffect(keepNewestToasts, []);
  // Bottom left, beside the sidebar (toasts.css): at the top right they covered the header's buttons.
  return <Notifications position="bottom-left" containerWidth={400} autoClose={5000} transitionDuration={200} limit={TOAST_LIMIT} />;
}
