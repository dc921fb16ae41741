import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../components/resource/ResourceList.tsx';
import { yesNoFilter } from '../../components/resource/listState.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useMarkNotifications, type Notification } from './notificationApi.ts';
import { useNotificationText } from './NotificationText.tsx';

/** /notifications: read/unread filter, mark as read or unread (one or many). */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const text = useNotificationText();
  const mark = useMarkNotifications();
  return (
    <ResourceList<Notification>
      type="notifications"
      title="notifications:title"
      search={false}
      defaultSort="-created_at"
      permissions={{}}
      filters={[yesNoFilter('unRead', 'notifications:filter', 'notifications:unread', 'notifications:read')]}
      columns={[
        { key: 'message', label: 'notifications:message', render: (n) => text(n), linkTo: (n) => `/notifications/view/${n.id}` },
        { key: 'created_at', label: 'notifications:date', sort: true, render: (n) => formatDateTime(n.created_at, currentLocale()) },
        {
          key: 'read',
          label: 'notifications:state',
          render: (n) => (
            <Badge variant="light" color={n.read ? 'gray' : 'blue'}>
              {t(n.read ? 'notifications:read' : 'notifications:unread')}
            </Badge>
          ),
        },
      ]}
      rowActions={(n) => (
        <Button size="compact-sm" variant="subtle" onClick={() => mark.mutate({ ids: [n.id], read: !n.read })}>
          {t(n.read ? 'notifications:mark_unread' : 'notifications:mark_read')}
        </Button>
      )}
      bulkActions={[
        { key: 'read', label: 'notifications:mark_read', run: (rows) => mark.mutateAsync({ ids: rows.map((r) => r.id), read: true }) },
        { key: 'unread', label: 'notifications:mark_unread', run: (rows) => mark.mutateAsync({ ids: rows.map((r) => r.id), read: false }) },
      ]}
    />
  );
}
