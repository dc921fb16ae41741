import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { crudPermissions, INSPECTION_STATES, type RecordOf } from '@atelier/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { api, request } from '../../api/client.ts';
import type { JsonApiDocument, Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { useSelection } from '../../app/session.ts';
import { columnsOf, labelKey } from '../../components/resource/declared.tsx';
import { byFullName, relationOf, vehicleOption } from '../../components/resource/recordNames.tsx';
import { RelationSelect } from '../../components/resource/RelationSelect.tsx';
import { ResourceList } from '../../components/resource/ResourceList.tsx';
import { InspectionStateBadge } from './InspectionPage.tsx';
import { inspectionHref, inspectionStateLabel } from './inspectionModel.ts';

const P = crudPermissions('inspections');
type Inspection = RecordOf<'inspections'>;
const LIST_INCLUDE = 'vehicle,customer,inspectionForm,assignedToUsers';
const activeForms = { ...relationOf('inspection-forms'), filter: { is_active: true } };
const activeUsers = { ...relationOf('users', true), filter: { active: true } };

/** GET /inspections/list/count: how many inspections per state (the state filter's counts). */
function useStateCounts() {
  const sel = useSelection();
  return useQuery({
    queryKey: ['inspections', 'count', sel],
    queryFn: () => request<JsonApiDocument>('/inspections/list/count'),
    select: (doc) => (doc.meta?.counts ?? {}) as Record<string, number>,
    meta: { silent: true },
  });
}

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
      api.create<Model>({
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
        {t('inspections:list.new')}
      </Title>
      <RelationSelect relation={relationOf('vehicles')} label={t(labelKey('inspections', 'vehicle'))} value={vehicle} onChange={(v) => setVehicle(typeof v === 'string' ? v : null)} required name="vehicle" />
      <RelationSelect relation={activeForms} label={t(labelKey('inspections', 'inspectionForm'))} value={form} onChange={(v) => setForm(typeof v === 'string' ? v : null)} required name="inspectionForm" />
      {can('assign inspections') && (
        <RelationSelect relation={activeUsers} label={t('inspections:list.assignees')} value={users} onChange={(v) => setUsers(Array.isArray(v) ? v : [])} name="assignedToUsers" />
      )}
      <Text size="sm" c="dimmed">
        {t('inspections:list.new_hint')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={() => create.mutate()} disabled={!vehicle || !form} loading={create.isPending} data-testid="new-inspection-create">
          {t('inspections:list.create')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /inspecpro/inspections: the inspections with their state, vehicle, form, inspectors and score (spec §2); one opens at its own route. */
export default function InspectionsPage() {
  const counts = useStateCounts();
  const columns = columnsOf('inspections', [
    { key: 'code', linkTo: (r) => inspectionHref(r.id), render: (r) => <Text component="span" ff="monospace" size="sm">{r.code}</Text> },
    { key: 'state', render: (r) => <InspectionStateBadge state={r.state} /> },
    { key: 'vehicle', render: (r) => (r.vehicle ? vehicleOption(r.vehicle as Model) : '—') },
    { key: 'customer', visibleFrom: 'lg' },
    { key: 'inspectionForm', visibleFrom: 'sm' },
    { key: 'assignedToUsers', visibleFrom: 'md', render: (r) => ((r.assignedToUsers ?? []) as Model[]).map(byFullName).join(', ') },
    { key: 'vehicle_score', render: (r) => (r.vehicle_score === null || r.vehicle_score === undefined ? '—' : String(r.vehicle_score)) },
    { key: 'updated_at', visibleFrom: 'md' },
  ]);
  const stateOptions = INSPECTION_STATES.map((s) => {
    const n = counts.data && Object.hasOwn(counts.data, s) ? counts.data[s] : null;
    return { value: s, label: n === null ? inspectionStateLabel(s) : `${inspectionStateLabel(s)} (${n})`, raw: true as const };
  });
  return (
    <ResourceList<Inspection>
      type="inspections"
      title="inspections:list.title"
      columns={columns}
      include={LIST_INCLUDE}
      filters={[{ name: 'state', label: labelKey('inspections', 'state'), options: stateOptions }]}
      permissions={{ create: P.create, view: P.view }}
      // A record opened by ?id=&action= (a link, a notification) is shown at its own route.
      renderRecord={({ id, action, close }) => (action === 'add' || !id ? <NewInspection onClose={close} /> : <Navigate to={inspectionHref(id)} replace />)}
    />
  );
}
