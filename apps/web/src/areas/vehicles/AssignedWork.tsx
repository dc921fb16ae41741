import { Anchor, Button, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecordOf } from '@atelier/domain';
import { useList } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { DueDate, PriorityBadge, QUICK_REQUEST_HREF, REQUESTS_PATH, requestVehicle } from './common.tsx';
import { OPEN_REQUEST_STATES, requestEnums } from './enums.ts';
import { inspectionHref } from '../inspections/inspectionModel.ts';
import { WorkflowStateBadge } from '../../components/resource/WorkHeader.tsx';
import { TableHead } from '../../components/TableHead.tsx';

/**
 * "My assigned work" on the dashboard (issue 3): the requests assigned to the user that are still
 * open, most urgent first, each with the inspection made from it (the work itself), and the quick
 * request button for the counter.
 */
export function AssignedWork() {
  const { t } = useTranslation();
  const { me, can } = useMe();
  const canList = can('view any requests');
  const q = useList<RecordOf<'requests'>>(
    'requests',
    { page: { number: 1, size: 10 }, sort: ['-priority', 'due_at', 'created_at'], include: 'vehicle', filter: { assignedTo: me.id, state: [...OPEN_REQUEST_STATES] } },
    { enabled: canList, meta: { silent: true } },
  );
  const rows = q.data?.data ?? [];
  const requestIds = rows.map((r) => r.id);
  const inspections = useList<RecordOf<'inspections'>>(
    'inspections',
    { page: { number: 1, size: 25 }, filter: { request: requestIds } },
    { enabled: requestIds.length > 0 && can('view any inspections'), meta: { silent: true } },
  );
  /** The inspection made from each request (the latest, when redone). */
  const inspectionOf = new Map((inspections.data?.data ?? []).map((i) => [i.request?.id ?? '', i]));
  if (!canList && !can('create requests')) return null;
  const total = q.data?.total ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="dashboard-assigned-work">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t('requests:assigned.assigned_work')}
        </Title>
        {can('create requests') ? (
          <Button component={Link} to={QUICK_REQUEST_HREF} size="compact-md" variant="light" leftSection={<IconBolt size={16} />} data-testid="dashboard-quick-request">
            {t('requests:quick_new')}
          </Button>
        ) : null}
      </Group>
      {!canList ? null : q.isPending ? (
        <Skeleton h={60} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="assigned-work-empty">
          {t('requests:assigned.nothing_assigned')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs">
              <TableHead columns={[t('requests:fields.vehicle'), t('requests:fields.type'), t('requests:fields.priority'), t('requests:fields.due_at'), t('requests:fields.state'), t('requests:assigned.inspection')]} />
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id} data-testid="assigned-work-row">
                    <Table.Td>
                      <Anchor component={Link} to={`${REQUESTS_PATH}?id=${r.id}&action=view`} fw={500}>
                        {requestVehicle(r) || t('common:form.none')}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{requestEnums.type(r.type)}</Table.Td>
                    <Table.Td><PriorityBadge priority={r.priority} /></Table.Td>
                    <Table.Td><DueDate request={r} /></Table.Td>
                    <Table.Td><WorkflowStateBadge type="requests" state={r.state} size="md" /></Table.Td>
                    <Table.Td>
                      {inspectionOf.has(r.id) ? (
                        <Anchor component={Link} to={inspectionHref(inspectionOf.get(r.id)!.id)} data-testid="assigned-work-inspection">
                          {inspectionOf.get(r.id)!.code ?? t('requests:assigned.open_inspection')}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > rows.length ? (
            <Anchor component={Link} to={`${REQUESTS_PATH}?filter[assignedTo]=${me.id}`} size="sm" mt="xs" display="inline-block">
              {t('requests:assigned.see_all', { count: total })}
            </Anchor>
          ) : null}
        </>
      )}
    </Card>
  );
}
