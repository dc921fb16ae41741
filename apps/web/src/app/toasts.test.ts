import { createNotificationsStore, showNotification } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { keepNewestToasts, TOAST_LIMIT } from './toasts.tsx';

describe('toasts', () => {
  it('show at most two, the newest: an older one closes for a new one (issue 20, point 23)', () => {
    const store = createNotificationsStore();
    store.setState({ ...store.getState(), limit: TOAST_LIMIT });
    const stop = keepNewestToasts(store);
    for (const message of ['one', 'two', 'three', 'four']) showNotification({ message }, store);
    expect(store.getState().notifications.map((n) => n.message)).toEqual(['three', 'four']);
    expect(store.getState().queue).toEqual([]);
    stop();
  });
});
