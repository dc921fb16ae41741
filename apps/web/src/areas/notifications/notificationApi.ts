import type { RecordOf } from '@atelier/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client.ts';
import { recordHref } from '../../app/resources.ts';

export type Notification = RecordOf<'notifications'>;

/** Unread count of the bell: page 1 size 10, refreshed every 60 s (spec platform §9). */
export const UNREAD_PARAMS = { filter: { unRead: true }, page: { number: 1, size: 10 }, include: 'causer' };
export const UNREAD_REFRESH_MS = 60_000;

/** POST /notifications/mark-as-read | mark-as-unread with the ids; refreshes the counter. */
export function useMarkNotifications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, read }: { ids: string[] | 'all'; read: boolean }) =>
      request(`/notifications/mark-as-${read ? 'read' : 'unread'}`, {
        method: 'POST',
        body: ids === 'all' ? { all: true } : { data: ids.map((id) => ({ type: 'notifications', id })) },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/** Text keys: the event and the type of record. */
const OWN_EVENTS = new Set(['created', 'updated', 'deleted', 'mentioned', 'assign', 'customer_answered']);
export const eventKey = (n: Pick<Notification, 'event'>) => (OWN_EVENTS.has(n.event) ? `notifications:events.${n.event}` : 'notifications:events.other');

/** Where a notification's record is shown (a mention: the page of its thread), if the app has that screen. */
export function notificationHref(n: Pick<Notification, 'subject_type' | 'subject_id' | 'data' | 'event'>): string | null {
  if (n.event === 'deleted') return null;
  const type = n.data?.page_type ?? n.subject_type;
  const id = n.data?.page_id ?? n.subject_id;
  return recordHref(type, id);
}
