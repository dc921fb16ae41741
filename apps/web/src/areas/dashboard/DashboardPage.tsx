import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { ApiError, type Model } from '../../api/jsonapi.ts';
import { fullName, type User } from '../../api/types.ts';
import { useMe } from '../../app/AppData.tsx';
import { useSelection } from '../../app/session.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { AssignedWork } from '../vehicles/AssignedWork.tsx';

/** Work states counted on the dashboard (inspections-and-vehicles spec §4). */
export const WORK: { type: string; permission: string; statuses: string[] }[] = [
  { type: 'inspections', permission: 'view any inspections', statuses: ['pending', 'assigned', 'in_progress', 'completed', 'approved'] },
  { type: 'estimations', permission: 'view any estimations', statuses: ['pending', 'assigned', 'in_progress', 'completed', 'approved'] },
  { type: 'repairs', permission: 'view any repairs', statuses: ['pending', 'assigned', 'in_progress', 'validated', 'completed'] },
];

/** Counts per status through meta.page.total; an area the server does not serve yet counts zero. */
async function countByStatus(type: string, statuses: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const status of statuses) {
    try {
      out[status] = (await api.list(type, { page: { number: 1, size: 1 }, filter: { status } })).total;
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 403)) return Object.fromEntries(statuses.map((s) => [s, 0]));
      throw e;
    }
  }
  return out;
}

function WorkCard({ type, statuses }: { type: string; statuses: string[] }) {
  const { t } = useTranslation();
  const sel = useSelection();
  const q = useQuery({ queryKey: [type, 'dashboard-counts', sel], queryFn: () => countByStatus(type, statuses), meta: { silent: true } });
  const locale = currentLocale();
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`dashboard-${type}`}>
      <Title order={2} size="h4" mb="sm">
        {t(`dashboard:work.${type}`)}
      </Title>
      <Stack gap={6}>
        {statuses.map((s) => (
          <Group key={s} justify="space-between">
            <Text size="sm">{t(`dashboard:status.${s}`)}</Text>
            {q.isPending ? <Skeleton h={16} w={24} /> : <Text fw={700} data-status={s}>{formatNumber(q.data?.[s] ?? 0, locale)}</Text>}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function CountCard({ type, label, to }: { type: string; label: string; to: string }) {
  const { t } = useTranslation();
  const q = useList(type, { page: { number: 1, size: 1 } }, { meta: { silent: true } });
  return (
    <Card withBorder radius="md" padding="lg" component={Link} to={to} data-testid={`dashboard-count-${type}`}>
      <Text size="sm" c="dimmed">
        {t(label)}
      </Text>
      {q.isPending ? <Skeleton h={28} w={40} mt={4} /> : <Text fz={28} fw={700}>{formatNumber(q.data?.total ?? 0, currentLocale())}</Text>}
    </Card>
  );
}

function RecentActivity() {
  const { t } = useTranslation();
  const q = useList<Model>('logs', { page: { number: 1, size: 8 }, sort: '-created_at', include: 'causer' }, { meta: { silent: true } });
  const locale = currentLocale();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('dashboard:recent_activity')}
      </Title>
      {q.isPending ? (
        <Skeleton h={80} />
      ) : (q.data?.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('dashboard:no_activity')}</Text>
      ) : (
        <Table>
          <Table.Tbody>
            {(q.data?.data ?? []).map((log) => (
              <Table.Tr key={log.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/logs/view/${log.id}`}>
                    {String(log.description ?? log.event ?? log.id)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{log.causer ? fullName(log.causer as User) : t('admin:logs.system')}</Table.Td>
                <Table.Td c="dimmed">{formatDateTime(log.created_at as string, locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const { me, can } = useMe();
  const counts = [
    { type: 'users', label: 'shell:items.users', to: '/admin/users', permission: 'view any users' },
    { type: 'locations', label: 'shell:items.locations', to: '/admin/locations', permission: 'view any locations' },
    { type: 'roles', label: 'shell:items.roles', to: '/admin/roles', permission: 'view any roles' },
    { type: 'organizations', label: 'shell:items.organizations', to: '/admin/organizations', permission: 'view any organizations' },
  ].filter((c) => can(c.permission));
  const work = WORK.filter((w) => can(w.permission));
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('dashboard:title')}
        </Title>
        <Text c="dimmed">{t('dashboard:welcome', { name: fullName(me) || me.email })}</Text>
      </div>
      <AssignedWork />
      {work.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {work.map((w) => (
            <WorkCard key={w.type} type={w.type} statuses={w.statuses} />
          ))}
        </SimpleGrid>
      ) : null}
      {counts.length > 0 ? (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {counts.map((c) => (
            <CountCard key={c.type} {...c} />
          ))}
        </SimpleGrid>
      ) : null}
      {can('view any logs') ? <RecentActivity /> : null}
      {work.length === 0 && counts.length === 0 && !can('view any logs') && !can('view any requests') && !can('create requests') ? <Text c="dimmed">{t('dashboard:nothing')}</Text> : null}
    </Stack>
  );
}
