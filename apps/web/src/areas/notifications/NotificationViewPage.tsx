import { useEffect, useRef } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRecord } from '../../api/hooks.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { notificationHref, useMarkNotifications, type Notification } from './notificationApi.ts';
import { useNotificationText } from './NotificationText.tsx';

/** /notifications/view/{id}: opening one marks it read. */
export default function NotificationViewPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const text = useNotificationText();
  const q = useRecord<Notification>('notifications', id, {}, { meta: { silent: true } });
  const mark = useMarkNotifications();
  const marked = useRef(false);
  useEffect(() => {
    if (q.data && !q.data.read && !marked.current) {
      marked.current = true;
      mark.mutate({ ids: [q.data.id], read: true });
    }
  }, [q.data]); // eslint-disable-line react-hooks/exhaustive-deps
  if (q.isPending) return <Loader />;
  if (!q.data) return <Alert color="red">{t('common:form.record_not_found')}</Alert>;
  const n = q.data;
  const changes = n.data?.changes ?? [];
  const href = notificationHref(n);
  return (
    <Stack maw={800}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('notifications:one')}
        </Title>
        <Button component={Link} to="/notifications" variant="default">
          {t('notifications:back')}
        </Button>
      </Group>
      <Paper withBorder p="lg" radius="md">
        <Text size="lg" mb="md">
          {text(n)}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div>
            <Text size="sm" c="dimmed">{t('notifications:date')}</Text>
            <Text>{formatDateTime(n.created_at, currentLocale())}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">{t('notifications:state')}</Text>
            <Badge variant="light" color={n.read || marked.current ? 'gray' : 'blue'}>
              {t(n.read || marked.current ? 'notifications:read' : 'notifications:unread')}
            </Badge>
          </div>
          {n.data?.excerpt ? (
            <div style={{ gridColumn: '1 / -1' }}>
              <Text size="sm" c="dimmed">{t('notifications:excerpt')}</Text>
              <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="notification-excerpt">{n.data.excerpt}</Text>
            </div>
          ) : null}
          {changes.length > 0 ? (
            <div style={{ gridColumn: '1 / -1' }}>
              <Text size="sm" c="dimmed">{t('notifications:changes')}</Text>
              <Group gap={4}>
                {changes.map((c) => (
                  <Badge key={c} variant="outline" tt="none" ff="monospace">
                    {c}
                  </Badge>
                ))}
              </Group>
            </div>
          ) : null}
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          {href ? (
            <Button component={Link} to={href} data-testid="notification-open">
              {t('notifications:open_record')}
            </Button>
          ) : null}
          <Button variant="subtle" onClick={() => mark.mutate({ ids: [n.id], read: false })}>
            {t('notifications:mark_unread')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
