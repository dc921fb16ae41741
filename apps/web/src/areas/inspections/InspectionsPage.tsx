import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { crudPermissions, finiteNumber, inspectionWorkflow, type InspectionAction, type RecordOf } from '@atelier/domain';
import { IconAdjustmentsHorizontal, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { useMe } from '../../app/AppData.tsx';
import { columnsOf, labelKey } from '../../components/resource/declared.tsx';
import { byFullName, relationOf, vehicleOption } from '../../components/resource/recordNames.tsx';
import { RelationSelect, singleId } from '../../components/resource/RelationSelect.tsx';
import { DateFilter, RelationFilter, type FilterAccess } from '../../components/resource/ListFilters.tsx';
import { keptRecords } from '../../app/offlineRecords.ts';
import { codeColumn, WorkDocumentList } from '../../components/resource/WorkDocumentList.tsx';
import { inspectionHref } from './inspectionModel.ts';
import { currentLocale } from '../../i18n/index.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { WorkflowStateBadge } from '../../components/resource/WorkHeader.tsx';
import { DialogFooter } from '../../components/DialogFooter.tsx';

const P = crudPermissions('inspections');
type Inspection = RecordOf<'inspections'>;
const LIST_INCLUDE = 'vehicle,customer,inspectionForm,assignedToUsers';
const activeForms = { ...relationOf('inspection-forms'), filter: { is_active: true } };
const activeUsers = { ...relationOf('users', true), filter: { active: true } };

/** A new inspection: its vehicle, its form and, for whoever may assign, its inspectors; then it opens. */
function NewInspection({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const navigate = useNavigate();
  const [vehicle, setVehicle] = useState<string | null>(null);
  const [form, setForm] = useState<string | null>(null);
  const [users, setUsers] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: () =>
      api.create<Inspection>({
        type: 'inspections',
        relationships: {
          vehicle: { type: 'vehicles', value: vehicle },
          inspectionForm: { type: 'inspection-forms', value: form },
          ...(users.length ? { assignedToUsers: { type: 'users', value: users } } : {}),
        },
      }),
    onSuccess: (made) => navigate(inspectionHref(made.id)),
  });
  return (
    <Stack data-testid="new-inspection">
      <Title order={2} size="h3">
        {t('inspections:new')}
      </Title>
      <RelationSelect relation={relationOf('vehicles')} label={t(labelKey('inspections', 'vehicle'))} value={vehicle} onChange={(v) => setVehicle(singleId(v))} required name="vehicle" />
      <RelationSelect relation={activeForms} label={t(labelKey('inspections', 'inspectionForm'))} value={form} onChange={(v) => setForm(singleId(v))} required name="inspectionForm" />
      {can('assign inspections') && (
        <RelationSelect relation={activeUsers} label={t('inspections:assignees')} value={users} onChange={(v) => setUsers(Array.isArray(v) ? v : [])} name="assignedToUsers" />
      )}
      <Text size="sm" c="dimmed">
        {t('inspections:new_hint')}
      </Text>
      <DialogFooter onCancel={onClose}>
        <Button onClick={() => create.mutate()} disabled={!vehicle || !form} loading={create.isPending} data-testid="new-inspection-create">
          {t('inspections:create')}
        </Button>
      </DialogFooter>
    </Stack>
  );
}

/** The filters behind "More filters": on a tablet, eight filters would push the list off the screen. */
const MORE_FILTERS = ['allowedLocations', 'inspectionForm', 'created_from', 'created_to', 'vehicle_score_min', 'vehicle_score_max'] as const;

/**
 * Inspector (holder or assignee) and vehicle, then on demand location, form, creation dates and
 * score range; each in the URL. The others stay open while one of them is set.
 */
function InspectionFilters({ get, set }: FilterAccess) {
  const { t } = useTranslation();
  const { can } = useMe();
  const moreSet = MORE_FILTERS.filter((name) => get(name) !== undefined).length;
  const [more, setMore] = useState(moreSet > 0);
  // Filters in use stay shown (the list's reset clears them).
  const showMore = more || moreSet > 0;
  const score = (name: string, label: string) => (
    <DecimalInput
      label={label}
      w={130}
      decimals={0}
      allowNegative={false}
      value={finiteNumber(get(name))}
      onChange={(v) => set(name, v === '' ? null : String(v))}
      data-testid={`filter-${name}`}
    />
  );
  return (
    <>
      {can('view any users') && <RelationFilter type="users" name="inspector" label={t('inspections:filters.inspector')} w={220} get={get} set={set} />}
      <RelationFilter type="vehicles" name="vehicle" label={t('inspections:filters.vehicle')} get={get} set={set} />
      {showMore ? (
        <>
          {can('view any locations') && (
            <RelationFilter type="locations" name="allowedLocations" testId="location" label={t('inspections:filters.location')} w={220} get={get} set={set} />
          )}
          <RelationFilter type="inspection-forms" name="inspectionForm" testId="form" label={t('inspections:filters.form')} get={get} set={set} />
          <DateFilter name="created_from" label={t('inspections:filters.created_from')} get={get} set={set} />
          <DateFilter name="created_to" label={t('inspections:filters.created_to')} get={get} set={set} />
          {score('vehicle_score_min', t('inspections:filters.score_min'))}
          {score('vehicle_score_max', t('inspections:filters.score_max'))}
        </>
      ) : null}
      {moreSet === 0 ? (
        <Button
          variant="subtle"
          mih={36}
          onClick={() => setMore((m) => !m)}
          aria-expanded={showMore}
          leftSection={showMore ? <IconChevronUp size={16} /> : <IconAdjustmentsHorizontal size={16} />}
          data-testid="filters-more"
        >
          {showMore ? t('inspections:filters.fewer') : t('inspections:filters.more')}
        </Button>
      ) : null}
    </>
  );
}

/** The actions a row offers without a form, as the server allows them to this user (available_actions). */
const QUICK: readonly InspectionAction[] = ['start', 'take_over', 'approve'];

function QuickActions({ row }: { row: Inspection }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const run = useMutation({
    mutationFn: (action: InspectionAction) => api.action(`/inspections/${row.id}/${inspectionWorkflow.route(action)}`, 'POST'),
    onSuccess: (_r, action) => {
      void qc.invalidateQueries({ queryKey: ['inspections'] });
      // Started or taken over: the work is on the inspection's screen.
      if (action !== 'approve') navigate(inspectionHref(row.id));
    },
  });
  const offered = QUICK.filter((a) => (row.available_actions ?? []).includes(a));
  return (
    <Group gap={6} wrap="nowrap">
      {offered.map((a) => (
        <Button
          key={a}
          size="sm"
          mih={40}
          variant="light"
          loading={run.isPending && run.variables === a}
          onClick={() => run.mutate(a)}
          aria-label={`${inspectionWorkflow.actionLabels[a][currentLocale()]} ${row.code ?? ''}`}
          data-testid={`row-${a}`}
        >
          {inspectionWorkflow.actionLabels[a][currentLocale()]}
        </Button>
      ))}
      <Button size="sm" mih={40} variant="subtle" component={Link} to={inspectionHref(row.id)} aria-label={`${t('inspections:filters.open')} ${row.code ?? ''}`}>
        {t('inspections:filters.open')}
      </Button>
    </Group>
  );
}

/** /inspecpro/inspections: the inspections with their state, vehicle, form, inspectors and score (spec §2); one opens at its own route. */
export default function InspectionsPage() {
  const columns = columnsOf('inspections', [
    codeColumn('inspections'),
    { key: 'state', render: (r) => <WorkflowStateBadge type="inspections" state={r.state} /> },
    { key: 'vehicle', render: (r) => (r.vehicle ? vehicleOption(r.vehicle) : '—') },
    // The list fits its screen without a sideways scroll: a tablet (1024 px) shows what picks the
    // inspection to work on; wider screens add its form and inspectors, then its customer.
    { key: 'customer', visibleFrom: 'xl' },
    { key: 'inspectionForm', visibleFrom: 'lg' },
    { key: 'assignedToUsers', visibleFrom: 'lg', render: (r) => (r.assignedToUsers ?? []).map(byFullName).join(', ') },
    { key: 'vehicle_score', render: (r) => (r.vehicle_score === null || r.vehicle_score === undefined ? '—' : String(r.vehicle_score)) },
  ]);
  return (
    <WorkDocumentList
      type="inspections"
      columns={columns}
      include={LIST_INCLUDE}
      filters={[]}
      filterControls={(get, set) => <InspectionFilters get={get} set={set} />}
      rowActions={(row) => <QuickActions row={row} />}
      // Offline, the inspections opened on this tablet (the service worker's copies).
      offlineRows={() => keptRecords<Inspection>('inspections')}
      permissions={{ create: P.create, view: P.view }}
      renderNew={(close) => <NewInspection onClose={close} />}
    />
  );
}
