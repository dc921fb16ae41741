import { type Labels, type RecordOf, type Permission, estimationWorkflow, inspectionWorkflow, repairWorkflow } from '@atelier/domain';
import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { fullName } from '../../api/types.ts';
import { useAppConfig, useMe } from '../../app/AppData.tsx';
import { listPath, SCREEN_OF_TYPE, typeText } from '../../app/resources.ts';
import { useSelection } from '../../app/session.ts';
import { currentLocale } from '../../i18n/index.ts';
import { writeListState } from '../../components/resource/listState.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { ESTIMATES_PATH } from '../estimations/estimationModel.ts';
import { INSPECTIONS_PATH } from '../inspections/inspectionModel.ts';
import { REPAIRS_PATH } from '../repairs/repairModel.ts';
import { ServiceFiguresSection } from '../repairs/ServiceFiguresPage.tsx';
import { LateWork } from '../board/LateWork.tsx';
import { SalesFiguresSection } from '../sales/SalesFigures.tsx';
import { AssignedWork } from '../vehicles/AssignedWork.tsx';
import { REQUESTS_PATH } from '../vehicles/common.tsx';
import { requestEnums } from '../vehicles/enums.ts';
import { activitySentence, type LogSubject } from './activity.ts';
import { ActivitySentenceText } from './ActivitySentenceText.tsx';

/**
 * The work counted on the dashboard: the states someone has to act on, in the order work moves
 * (inspections-and-vehicles spec §4), each named as its own list names it.
 */
export const WORK = [
  { type: 'inspections', path: INSPECTIONS_PATH, permission: 'view any inspections', labels: inspectionWorkflow.stateLabels, states: ['pending', 'assigned', 'in_progress', 'completed', 'approved', 'repairing', 'repaired'] },
  { type: 'estimations', path: ESTIMATES_PATH, permission: 'view any estimations', labels: estimationWorkflow.stateLabels, states: ['pending', 'assigned', 'in_progress', 'completed', 'reviewed', 'approved'] },
  { type: 'repairs', path: REPAIRS_PATH, permission: 'view any repairs', labels: repairWorkflow.stateLabels, states: ['approved', 'pending', 'assigned', 'in_progress', 'reviewed', 'completed'] },
] as const satisfies readonly { type: string; path: string; permission: Permission; labels: Labels<string>; states: readonly string[] }[];
type Work = (typeof WORK)[number];

/**
 * The work cards to show: a type the server answers GET /{type}/list/count for (/app-config
 * list_counts) and the user may list. A type the server does not serve yet gets no card, rather
 * than a card of zeros fed by 404s.
 */
export function visibleWork(listCounts: readonly string[] | undefined, can: (permission: Permission) => boolean): Work[] {
  const counted = new Set(listCounts ?? []);
  return WORK.filter((w) => counted.has(w.type) && can(w.permission));
}

/** The list of a type filtered on one state (the list keeps its filters in the URL). */
const stateListHref = (path: string, state: string) => `${path}?${writeListState(new URLSearchParams(), { filters: { state } })}`;

/** Counts per state of a type in one call: GET /{type}/list/count (global selection included). */
async function countsOf(type: string): Promise<Record<string, number>> {
  const doc = await request<{ meta?: { counts?: Record<string, number> } }>(`/${type}/list/count`);
  return doc?.meta?.counts ?? {};
}

function useCounts(type: string) {
  const sel = useSelection();
  return useQuery({ queryKey: [type, 'list-count', sel], queryFn: () => countsOf(type), meta: { silent: true } });
}

/** A card of counts per state, its title opening the list and each state the list filtered on it. */
function StateCountsCard({ type, title, path, states }: { type: string; title: string; path: string; states: { value: string; label: string }[] }) {
  const q = useCounts(type);
  const locale = currentLocale();
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`dashboard-${type}`}>
      <Title order={2} size="h4" mb="sm">
        <Anchor component={Link} to={path} inherit c="inherit">
          {title}
        </Anchor>
      </Title>
      <Stack gap={2}>
        {states.map((s) => (
          <Anchor key={s.value} component={Link} to={stateListHref(path, s.value)} c="inherit" underline="hover" data-state={s.value}>
            <Group justify="space-between" py={4}>
              <Text size="sm">{s.label}</Text>
              {q.isPending ? <Skeleton h={16} w={24} /> : <Text fw={700} data-count>{formatNumber(q.data?.[s.value] ?? 0, locale)}</Text>}
            </Group>
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}

function WorkCard({ work }: { work: Work }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const states = work.states.map((s) => ({ value: s, label: (work.labels as Labels<string>)[s]![locale] }));
  return <StateCountsCard type={work.type} title={t(`dashboard:work.${work.type}`)} path={work.path} states={states} />;
}

function RequestsCard() {
  const { t } = useTranslation();
  return <StateCountsCard type="requests" title={t('dashboard:requests.title')} path={REQUESTS_PATH} states={requestEnums.states()} />;
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
  const { can } = useMe();
  const q = useList<RecordOf<'logs'>>(
    'logs',
    { page: { number: 1, size: 8 }, sort: '-created_at', include: 'causer', fields: { users: 'firstname,lastname,email' }, extra: { add_data: 'subjects' } },
    { meta: { silent: true } },
  );
  // add_data's answer (the subjects' names) comes in the document's free-form meta.
  const subjects = (q.data?.meta?.subjects ?? {}) as Record<string, LogSubject>;
  const locale = currentLocale();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="dashboard-activity">
      <Title order={2} size="h4" mb="sm">
        {t('dashboard:recent_activity')}
      </Title>
      {q.isPending ? (
        <Skeleton h={80} />
      ) : (q.data?.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('dashboard:no_activity')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {(q.data?.data ?? []).map((log) => {
                const sentence = activitySentence(t, log, subjects[log.id], can);
                return (
                  <Table.Tr key={log.id} data-testid="activity-row">
                    <Table.Td>
                      <ActivitySentenceText size="sm" testId="activity-sentence" sentence={sentence} />
                    </Table.Td>
                    <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {can('view logs') ? (
                        <Anchor component={Link} to={`/logs/view/${log.id}`} c="dimmed" size="sm">
                          {formatDateTime(log.created_at as string, locale)}
                        </Anchor>
                      ) : (
                        <Text size="sm">{formatDateTime(log.created_at as string, locale)}</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

const COUNTED = ['users', 'locations', 'roles', 'organizations'] as const;

export default function DashboardPage() {
  const { t } = useTranslation();
  const { me, can } = useMe();
  // The administration's counts, each titled and linked as its screen in the registry.
  const counts = COUNTED.map((type) => ({ type, label: typeText(type, 'title'), to: listPath(type), permission: SCREEN_OF_TYPE.get(type)!.permission })).filter((c) => can(c.permission));
  const config = useAppConfig();
  const work = visibleWork(config.list_counts, can);
  const requestsCard = (config.list_counts ?? []).includes('requests') && can('view any requests');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('dashboard:title')}
        </Title>
        <Text c="dimmed">{t('dashboard:welcome', { name: fullName(me) || me.email })}</Text>
      </div>
      <LateWork />
      <AssignedWork />
      {can('view any repairs') ? <ServiceFiguresSection /> : null}
      {can('view any sales invoices') ? <SalesFiguresSection /> : null}
      {work.length > 0 || requestsCard ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {requestsCard ? <RequestsCard /> : null}
          {work.map((w) => (
            <WorkCard key={w.type} work={w} />
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
      {work.length === 0 && counts.length === 0 && !can('view any sales invoices') && !can('view any logs') && !can('view any requests') && !can('create requests') ? <Text c="dimmed">{t('dashboard:nothing')}</Text> : null}
    </Stack>
  );
}
