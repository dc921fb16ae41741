import { Button, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crudPermissions, isRequestFinal, type RequestState } from '@atelier/domain';
import { useList, useRecord } from '../../api/hooks.ts';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { useSelection } from '../../app/session.ts';
import { RecordForm, type FieldDef, type FormMode } from '../../components/resource/RecordForm.tsx';
import { type Column, type FilterDef, recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { byFullName } from '../admin/common.tsx';
import { DueDate, newRecordLocations, PriorityBadge, QUICK_REQUEST_HREF, StateBadge, requestTitle, requestVehicle, vehicleName, vehicleRelations } from './common.tsx';
import { DateTimeInput } from './DateTimeInput.tsx';
import { requestEnums } from './enums.ts';
import { QuickRequestForm } from './QuickRequestForm.tsx';
import { RequestActions } from './RequestActions.tsx';

const P = crudPermissions('requests');
const userView = (name: string) => (r: Model) => <Text>{r[name] ? byFullName(r[name] as Model) : '—'}</Text>;
const LIST_INCLUDE = 'vehicle,assignedTo,customer';
const INCLUDE = 'vehicle,customer,assignedTo,creator,assignedBy,approvedBy,completedBy,canceledBy,allowedLocations,tags';
function requestFields(canAssign: boolean): FieldDef[] {
  return [
    { name: 'state', label: 'vehicles:fields.state', kind: 'text', readOnly: true, modes: ['view'], view: (r) => <StateBadge state={r.state} /> },
    { name: 'type', label: 'vehicles:fields.type', kind: 'select', required: true, options: requestEnums.types() },
    { name: 'priority', label: 'vehicles:fields.priority', kind: 'select', required: true, options: requestEnums.priorities(), view: (r) => <PriorityBadge priority={r.priority} /> },
    {
      name: 'due_at',
      label: 'vehicles:fields.due_at',
      kind: 'datetime',
      input: (p) => <DateTimeInput label={p.label} value={p.value} onChange={p.onChange} error={p.error} name="due_at" />,
      view: (r) => (r.due_at ? <DueDate request={r} withTime /> : <Text c="dimmed">—</Text>),
    },
    { name: 'vehicle', label: 'vehicles:fields.vehicle', kind: 'relation', relation: vehicleRelations.vehicle, wide: true, view: (r) => (r.vehicle ? <Link to={`/vehicles/vehicles?id=${(r.vehicle as Model).id}&action=view`}>{vehicleName(r.vehicle as Model)}</Link> : <Text c="dimmed">—</Text>) },
    { name: 'customer', label: 'vehicles:fields.customer', kind: 'relation', relation: vehicleRelations.customer, wide: true },
    { name: 'vehicle_vin', label: 'vehicles:fields.vehicle_vin', kind: 'text', view: (r) => <Text ff="monospace">{String(r.vehicle_vin ?? '—')}</Text> },
    { name: 'vehicle_sku', label: 'vehicles:fields.vehicle_sku', kind: 'text' },
    // Given at creation; afterwards the Assign action changes it (spec §4).
    ...(canAssign ? [{ name: 'assignedTo', label: 'vehicles:fields.assigned_to', kind: 'relation', relation: vehicleRelations.user, modes: ['view', 'add'] } satisfies FieldDef] : []),
    ...(!canAssign ? [{ name: 'assignedTo', label: 'vehicles:fields.assigned_to', kind: 'relation', relation: vehicleRelations.user, modes: ['view'], readOnly: true } satisfies FieldDef] : []),
    { name: 'notes', label: 'vehicles:fields.notes', kind: 'textarea', wide: true },
    { name: 'completion_note', label: 'vehicles:fields.completion_note', kind: 'textarea', readOnly: true, modes: ['view'], wide: true },
    { name: 'allowedLocations', label: 'vehicles:fields.allowed_locations', kind: 'relation', relation: vehicleRelations.locations, wide: true },
    { name: 'tags', label: 'vehicles:fields.tags', kind: 'relation', relation: vehicleRelations.tags, wide: true },
    { name: 'creator', label: 'vehicles:fields.creator', kind: 'relation', readOnly: true, modes: ['view'], view: userView('creator') },
    { name: 'created_at', label: 'vehicles:fields.created_at', kind: 'datetime', readOnly: true, modes: ['view'] },
    { name: 'assignedBy', label: 'vehicles:fields.assigned_by', kind: 'relation', readOnly: true, modes: ['view'], view: userView('assignedBy') },
    { name: 'assigned_at', label: 'vehicles:fields.assigned_at', kind: 'datetime', readOnly: true, modes: ['view'] },
    { name: 'approvedBy', label: 'vehicles:fields.approved_by', kind: 'relation', readOnly: true, modes: ['view'], view: userView('approvedBy') },
    { name: 'approved_at', label: 'vehicles:fields.approved_at', kind: 'datetime', readOnly: true, modes: ['view'] },
    { name: 'completedBy', label: 'vehicles:fields.completed_by', kind: 'relation', readOnly: true, modes: ['view'], view: userView('completedBy') },
    { name: 'completed_at', label: 'vehicles:fields.completed_at', kind: 'datetime', readOnly: true, modes: ['view'] },
    { name: 'canceledBy', label: 'vehicles:fields.canceled_by', kind: 'relation', readOnly: true, modes: ['view'], view: userView('canceledBy') },
    { name: 'canceled_at', label: 'vehicles:fields.canceled_at', kind: 'datetime', readOnly: true, modes: ['view'] },
  ];
}

function RequestRecord({ id, mode, onMode, onClose }: { id: string | null; mode: FormMode; onMode: (m: FormMode | null, id?: string) => void; onClose: () => void }) {
  const { me, can } = useMe();
  const sel = useSelection();
  // The same query as the form's (shared cache): a completed or canceled request is no longer edited.
  const record = useRecord<Model>('requests', mode === 'add' ? null : id, { include: INCLUDE }, { meta: { silent: true } });
  const final = record.data ? isRequestFinal(record.data.state as RequestState) : false;
  return (
    <RecordForm
      type="requests"
      id={id}
      mode={mode}
      fields={requestFields(can('assign requests'))}
      include={INCLUDE}
      title={mode === 'add' ? 'vehicles:requests.new' : 'vehicles:requests.record'}
      titleOf={requestTitle}
      // A final request cannot be edited or deleted (the server answers 409): no buttons for it.
      permissions={{ edit: final ? 'never: final request' : P.edit, delete: final ? 'never: final request' : P.delete }}
      onMode={onMode}
      onClose={onClose}
      defaults={{ type: 'inspection', priority: '20', allowedLocations: newRecordLocations(me, sel), tags: [] }}
      transform={(doc) => {
        if ('priority' in doc.attributes && doc.attributes.priority !== null) doc.attributes.priority = Number(doc.attributes.priority);
        if (doc.attributes.due_at === '') doc.attributes.due_at = null;
      }}
      actions={(r) => <RequestActions request={r} />}
    />
  );
}

export default function RequestsPage() {
  const { t } = useTranslation();
  const { me, can } = useMe();
  const users = useList<Model>('users', { page: { number: 1, size: 100 }, sort: 'firstname', filter: { active: true } }, { global: false, enabled: can('view any users'), meta: { silent: true } });
  const assignees = [
    { value: me.id, label: t('vehicles:requests.assigned_to_me'), raw: true as const },
    ...(users.data?.data ?? []).filter((u) => u.id !== me.id).map((u) => ({ value: u.id, label: byFullName(u), raw: true as const })),
  ];
  const columns: Column<Model>[] = [
    { key: 'code', label: 'vehicles:fields.code', sort: true, render: (r) => <Text component="span" ff="monospace" size="sm">{String(r.code ?? '')}</Text> },
    {
      key: 'vehicle',
      label: 'vehicles:fields.vehicle',
      primary: true,
      render: (r) => (
        <span>
          {requestVehicle(r)}
          {r.vehicle && r.vehicle_vin ? (
            <Text component="span" size="xs" c="dimmed" ff="monospace" display="block">
              {String(r.vehicle_vin)}
            </Text>
          ) : null}
        </span>
      ),
    },
    { key: 'type', label: 'vehicles:fields.type', sort: true, render: (r) => requestEnums.type(r.type) },
    { key: 'state', label: 'vehicles:fields.state', sort: true, render: (r) => <StateBadge state={r.state} /> },
    { key: 'priority', label: 'vehicles:fields.priority', sort: true, render: (r) => <PriorityBadge priority={r.priority} /> },
    { key: 'due_at', label: 'vehicles:fields.due_at', sort: true, render: (r) => <DueDate request={r} />, visibleFrom: 'sm' },
    { key: 'assignedTo', label: 'vehicles:fields.assigned_to', render: (r) => (r.assignedTo ? byFullName(r.assignedTo as Model) : ''), visibleFrom: 'md' },
    { key: 'created_at', label: 'vehicles:fields.created_at', sort: true, render: (r) => formatDate(String(r.created_at ?? ''), currentLocale()), visibleFrom: 'lg' },
  ];
  const filters: FilterDef[] = [
    { name: 'state', label: 'vehicles:fields.state', options: requestEnums.states() },
    { name: 'type', label: 'vehicles:fields.type', options: requestEnums.types() },
    { name: 'priority', label: 'vehicles:fields.priority', options: requestEnums.priorities() },
    { name: 'assignedTo', label: 'vehicles:fields.assigned_to', options: assignees },
  ];
  return (
    <ResourceList<Model>
      type="requests"
      title="vehicles:requests.title"
      columns={columns}
      include={LIST_INCLUDE}
      filters={filters}
      permissions={{ create: P.create, view: P.view }}
      headerExtra={
        can(P.create) ? (
          <Button component={Link} to={QUICK_REQUEST_HREF} variant="light" leftSection={<IconBolt size={16} />} data-testid="quick-request">
            {t('vehicles:requests.quick_new')}
          </Button>
        ) : null
      }
      renderRecord={({ id, action, setAction, close }) =>
        action === 'add_quick_request' ? (
          <QuickRequestForm onCreated={(newId) => setAction('view', newId)} onClose={close} />
        ) : (
          <RequestRecord
            {...recordFormProps({ id, action, setAction, close })}
          />
        )
      }
    />
  );
}
