import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TypeName } from '@atelier/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { PdfButton } from '../PdfButton.tsx';
import { listPath, recordHref, workflowOf } from '../../app/resources.ts';
import { labelKey } from './declared.tsx';
import { byFullName, customerLabel, vehicleOption } from './names.ts';
import { stateColor, stateLabel } from './workflowState.ts';

// The head of a workflow document's screen (an inspection, an estimate, a repair), one for every
// workflow type: the way back to its list, its number and state, its actions, its vehicle and
// customer, the facts the type adds, and a notice when someone else holds it. What is the type's
// own comes from the registry (app/resources.ts: its list, its workflow) and its declaration (labels).

/** A workflow document's types: the registry gives each its workflow. */
export type WorkType = Extract<TypeName, 'requests' | 'inspections' | 'estimations' | 'repairs' | 'stock-movements' | 'purchases-orders' | 'purchases-deliveries' | 'purchases-invoices' | 'sales-orders' | 'sales-deliveries' | 'sales-invoices' | 'reseller-invoices' | 'subscriptions'>;

/** The test id of a part of a type's screen: `repair-code` for a repair's number. */
const part = (type: WorkType, name: string) => `${type.replace(/s$/, '').replace(/^stock-/, '')}-${name}`;

/** A workflow state as a badge, its label and colour from the type's workflow (the domain's declaration). */
export function WorkflowStateBadge({ type, state, size = 'lg' }: { type: WorkType; state: unknown; size?: 'sm' | 'md' | 'lg' }) {
  if (!state) return null;
  const workflow = workflowOf(type);
  return (
    <Badge size={size} color={stateColor(workflow, state)} variant="light" data-state={String(state)} data-testid={part(type, 'state')}>
      {stateLabel(workflow, state)}
    </Badge>
  );
}

interface WorkRecord {
  id: string;
  code?: string | null;
  state?: string | null;
  vehicle?: Model | null;
  customer?: Model | null;
  /** Who works on it now (inspections, repairs); an estimate's phases have theirs. */
  holder?: Model | null;
}

export function WorkflowHeader({
  type,
  record,
  pdf,
  actions,
  facts,
  columns = 6,
  children,
}: {
  type: WorkType;
  record: WorkRecord;
  /** The i18n key of the PDF button (`repairs:page.work_order_pdf`, its failure `…_failed`): GET /{type}/{id}/report. */
  pdf?: string;
  /** The header's buttons (the workflow's actions, the PDF...). */
  actions: ReactNode;
  /** The type's facts after the vehicle and the customer (HeaderItem each). */
  facts: ReactNode;
  /** Facts per row on a wide screen. */
  columns?: number;
  /** Notices under the facts. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { me } = useMe();
  const { vehicle, customer, holder } = record;
  // In progress with someone else: only they work on it until it is taken over.
  const heldByOther = record.state === 'in_progress' && holder && holder.id !== me.id;
  return (
    <>
      <Anchor component={Link} to={listPath(type)} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          {t(`${type}:title`)}
        </Group>
      </Anchor>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Group gap="sm">
              <Title order={1} size="h2" ff="monospace" data-testid={part(type, 'code')}>
                {record.code ?? ''}
              </Title>
              <WorkflowStateBadge type={type} state={record.state} />
            </Group>
            <Group gap="xs" align="flex-start" wrap="wrap" justify="flex-end">
              {pdf ? (
                <PdfButton path={`/${type}/${encodeURIComponent(record.id)}/report`} fileName={`${record.code || record.id}.pdf`} label={t(pdf)} failed={t(`${pdf}_failed`)} testId={part(type, 'report')} />
              ) : null}
              {actions}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: columns }} spacing="sm">
            <HeaderItem label={t(labelKey(type, 'vehicle'))}>{vehicle ? vehicleOption(vehicle) : null}</HeaderItem>
            <HeaderItem label={t(labelKey(type, 'customer'))}>{customer ? customerLabel(customer) : null}</HeaderItem>
            {facts}
          </SimpleGrid>
          {heldByOther ? (
            <Alert color="orange" data-testid={part(type, 'held')}>
              {t(`${type}:page.held_by`, { name: byFullName(holder) })}
            </Alert>
          ) : null}
          {children}
        </Stack>
      </Paper>
    </>
  );
}

/** One fact of the header: its name above, its value (a dash when there is none). */
export function HeaderItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children || '—'}
      </Text>
    </div>
  );
}

/** A fact naming another work document (an estimate's repair): its number opening its screen. */
export function RelatedWork({ of, name, type, record, testId }: { of: WorkType; name: string; type: WorkType; record: { id: string; code?: unknown } | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  return <HeaderItem label={t(labelKey(of, name))}>{record ? <RecordLink type={type} record={record} testId={testId} /> : null}</HeaderItem>;
}

/** A fact naming people (the approver, the assignees), by their full names. */
export function PeopleItem({ of, name, people }: { of: WorkType; name: string; people: Model | readonly Model[] | null | undefined }) {
  const { t } = useTranslation();
  const list = people ? ('id' in people ? [people as Model] : (people as readonly Model[])) : [];
  return <HeaderItem label={t(labelKey(of, name))}>{list.map(byFullName).join(', ')}</HeaderItem>;
}

/** A related work document named by its number, opening its screen (the registry's link to it). */
export function RecordLink({ type, record, testId }: { type: WorkType; record: { id: string; code?: unknown }; testId?: string }) {
  return (
    <Anchor component={Link} to={recordHref(type, record.id) ?? listPath(type)} data-testid={testId}>
      {String(record.code ?? record.id)}
    </Anchor>
  );
}
