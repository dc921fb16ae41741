import { Button, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crudPermissions, requestWorkflow, type RecordOf } from '@atelier/domain';
import { useList } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { useSelection } from '../../app/session.ts';
import { columnsOf, fieldsOf, filtersOf, labelKey } from '../../components/resource/declared.tsx';
import { type FormMode } from '../../components/resource/formModel.ts';
import { byFullName } from '../../components/resource/recordNames.tsx';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { DeferredWorkNotice } from '../estimations/DeferredWork.tsx';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import { activeUsers, DueDate, newRecordLocations, PriorityBadge, QUICK_REQUEST_HREF, requestTitle, requestVehicle, vehicleName } from './common.tsx';
import { DateTimeInput } from '../../components/DateTimeInput.tsx';
import { LATE_FILTER } from '../../components/PromisedTime.tsx';
import { requestEnums } from './enums.ts';
import { QuickRequestForm } from './QuickRequestForm.tsx';
import { RequestActions } from './RequestActions.tsx';
import { WorkflowStateBadge } from '../../components/resource/WorkHeader.tsx';

const P = crudPermissions('requests');
type Request = RecordOf<'requests'>;
const LIST_INCLUDE = 'vehicle,assignedTo,customer';
const INCLUDE = 'vehicle,customer,assignedTo,creator,assignedBy,approvedBy,completedBy,canceledBy,allowedLocations,tags';
function requestFields(canAssign: boolean) {
  return fieldsOf('requests', [
    { name: 'state', view: (r) => <WorkflowStateBadge type="requests" state={r.state} size="md" /> },
    'type',
    // Stored as a number, chosen among the three priorities.
    { name: 'priority', kind: 'select', options: requestEnums.priorities(), view: (r) => <PriorityBadge priority={r.priority} /> },
    {
      name: 'due_at',
      input: (p) => <DateTimeInput label={p.label} value={p.value} onChange={p.onChange} error={p.error} name="due_at" />,
      view: (r) => (r.due_at ? <DueDate request={r} withTime /> : <Text c="dimmed">—</Text>),
    },
    { name: 'vehicle', wide: true, view: (r) => (r.vehicle ? <Link to={`/vehicles/vehicles?id=${r.vehicle.id}&action=view`}>{vehicleName(r.vehicle)}</Link> : <Text c="dimmed">—</Text>) },
    { name: 'customer', wide: true },
    { name: 'vehicle_vin', view: (r) => <Text ff="monospace">{r.vehicle_vin ?? '—'}</Text> },
    'vehicle_sku',
    // Given at creation; afterwards the Assign action changes it (spec §4).
    canAssign ? { name: 'assignedTo', relation: activeUsers, modes: ['view', 'add'] } : { name: 'assignedTo', modes: ['view'], readOnly: true },
    { name: 'notes', wide: true },
    { name: 'completion_note', wide: true },
    { name: 'allowedLocations', wide: true },
    { name: 'tags', wide: true },
    'creator',
    'created_at',
    'assignedBy',
    'assigned_at',
    'approvedBy',
    'approved_at',
    'completedBy',
    'completed_at',
    'canceledBy',
    'canceled_at',
  ]);
}

function RequestRecord({ id, mode, onMode, onClose }: { id: string | null; mode: FormMode; onMode: (m: FormMode | null, id?: string) => void; onClose: () => void }) {
  const { me, can } = useMe();
  const sel = useSelection();
  return (
    <RecordForm<Request>
      type="requests"
      id={id}
      mode={mode}
      fields={requestFields(can('assign requests'))}
      include={INCLUDE}
      titleOf={requestTitle}
      permissions={{ edit: P.edit, delete: P.delete }}
      // A completed or canceled request cannot be edited or deleted (the server answers 409): no buttons for it.
      editable={(r) => !(r.state && requestWorkflow.isFinal(r.state))}
      onMode={onMode}
      onClose={onClose}
      defaults={{ type: 'inspection', priority: '20', allowedLocations: newRecordLocations(me, sel), tags: [] }}
      transform={(doc) => {
        if ('priority' in doc.attributes && doc.attributes.priority !== null) doc.attributes.priority = Number(doc.attributes.priority);
        if (doc.attributes.due_at === '') doc.attributes.due_at = null;
      }}
      actions={(r) => <RequestActions request={r} />}
    >
      {(r) => <DeferredWorkNotice vehicleId={r.vehicle?.id} />}
    </RecordForm>
  );
}

export default function RequestsPage() {
  const { t } = useTranslation();
  const { me, can } = useMe();
  const users = useList<RecordOf<'users'>>('users', { page: { number: 1, size: 100 }, sort: 'firstname', filter: { active: true } }, { global: false, enabled: can('view any users'), meta: { silent: true } });
  const assignees = [
    { value: me.id, label: t('requests:assigned_to_me'), raw: true as const },
    ...(users.data?.data ?? []).filter((u) => u.id !== me.id).map((u) => ({ value: u.id, label: byFullName(u), raw: true as const })),
  ];
  const columns = columnsOf('requests', [
    { key: 'code', render: (r) => <Text component="span" ff="monospace" size="sm">{r.code}</Text> },
    {
      key: 'vehicle',
      primary: true,
      render: (r) => (
        <span>
          {/* A lead from the website may name its vehicle only in its notes: the link still says something. */}
          {requestVehicle(r) || t('requests:vehicle_unknown')}
          {r.vehicle && r.vehicle_vin ? (
            <Text component="span" size="xs" c="dimmed" ff="monospace" display="block">
              {r.vehicle_vin}
            </Text>
          ) : null}
        </span>
      ),
    },
    'type',
    { key: 'state', render: (r) => <WorkflowStateBadge type="requests" state={r.state} size="md" /> },
    { key: 'priority', render: (r) => <PriorityBadge priority={r.priority} /> },
    { key: 'due_at', render: (r) => <DueDate request={r} />, visibleFrom: 'sm' },
    { key: 'assignedTo', visibleFrom: 'md' },
    { key: 'created_at', visibleFrom: 'lg' },
  ]);
  const filters = filtersOf('requests', [
    'state',
    'type',
    { name: 'priority', label: labelKey('requests', 'priority'), options: requestEnums.priorities() },
    { name: 'assignedTo', label: labelKey('requests', 'assignedTo'), options: assignees },
    LATE_FILTER,
  ]);
  return (
    <ResourceList<Request>
      type="requests"
      columns={columns}
      include={LIST_INCLUDE}
      filters={filters}
      permissions={{ create: P.create, view: P.view }}
      headerExtra={
        can(P.create) ? (
          <Button component={Link} to={QUICK_REQUEST_HREF} variant="light" leftSection={<IconBolt size={16} />} data-testid="quick-request">
            {t('requests:quick_new')}
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
