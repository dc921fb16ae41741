import { ActionIcon, Anchor, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useList } from '../../api/hooks.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { UNREAD_PARAMS, UNREAD_REFRESH_MS, useMarkNotifications, type Notification } from './notificationApi.ts';
import { useNotificationText } from './NotificationText.tsx';

/** The bell: unread count (every 60 s and after get / mark), the last unread ones. */
export function NotificationBell() {
  const { t } = useTranslation();
  const text = useNotificationText();
  const q = useList<Notification>('notifications', UNREAD_PARAMS, { global: false, refetchInterval: UNREAD_REFRESH_MS, meta: { notify: true } });
  const mark = useMarkNotifications();
  const count = q.data?.total ?? 0;
  const label = t('notifications:bell', { count });
  return (
    <Popover width={340} position="bottom-end" shadow="md" withArrow>
      {/* The target is the button itself: aria-expanded on the indicator's div is not allowed (axe aria-allowed-attr). */}
      <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} color="red.8" offset={4}>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={label} data-testid="notification-bell">
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" px="xs" pb="xs">
          <Text fw={600} size="sm">
            {t('notifications:title')}
          </Text>
          {count > 0 ? (
            <Button size="compact-xs" variant="subtle" onClick={() => mark.mutate({ ids: 'all', read: true })} loading={mark.isPending}>
              {t('notifications:mark_all_read')}
            </Button>
          ) : null}
        </Group>
        <ScrollArea.Autosize mah={320}>
          {count === 0 ? (
            <Text size="sm" c="dimmed" px="xs" py="sm">
              {t('notifications:none_unread')}
            </Text>
          ) : (
            <Stack gap={2}>
              {(q.data?.data ?? []).map((n) => (
                <UnstyledButton key={n.id} component={Link} to={`/notifications/view/${n.id}`} p="xs" style={{ borderRadius: 6 }} className="hover-bg">
                  <Text size="sm">{text(n)}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(n.created_at, currentLocale())}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Anchor component={Link} to="/notifications" size="sm" display="block" ta="center" pt="xs">
          {t('notifications:see_all')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
