import { Button, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { crudPermissions, WORK_TYPES, WORK_TYPE_LABELS, type RecordOf, type WorkType } from '@atelier/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { columnsOf, labelKey } from '../../components/resource/declared.tsx';
import { relationOf, vehicleOption } from '../../components/resource/recordNames.tsx';
import { RelationSelect, singleId } from '../../components/resource/RelationSelect.tsx';
import type { NotedFilter } from '../../components/resource/ResourceList.tsx';
import { codeColumn, WorkDocumentList } from '../../components/resource/WorkDocumentList.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { isOneOf } from '../../lib/enums.ts';
import { PhaseBadges } from './EstimationBadges.tsx';
import { estimateHref } from './estimationModel.ts';
import { WorkflowStateBadge } from '../../components/resource/WorkHeader.tsx';
import { DialogFooter } from '../../components/DialogFooter.tsx';

const P = crudPermissions('estimations');
type Estimation = RecordOf<'estimations'>;
const LIST_INCLUDE = 'vehicle,customer,componentsHolder,timesHolder,approvalHolder';

/** A new estimate without an inspection: its vehicle, its customer and who pays; then it opens. */
function NewEstimation({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [vehicle, setVehicle] = useState<string | null>(null);
  const [customer, setCustomer] = useState<string | null>(null);
  const [type, setType] = useState<WorkType>('customer');
  const create = useMutation({
    mutationFn: () =>
      api.create<Estimation>({
        type: 'estimations',
        attributes: { type },
        relationships: { vehicle: { type: 'vehicles', value: vehicle }, ...(customer ? { customer: { type: 'customers', value: customer } } : {}) },
      }),
    onSuccess: (made) => navigate(estimateHref(made.id)),
  });
  return (
    <Stack data-testid="new-estimation">
      <Title order={2} size="h3">
        {t('estimations:new')}
      </Title>
      <RelationSelect relation={relationOf('vehicles')} label={t(labelKey('estimations', 'vehicle'))} value={vehicle} onChange={(v) => setVehicle(singleId(v))} required name="vehicle" />
      <RelationSelect relation={relationOf('customers')} label={t(labelKey('estimations', 'customer'))} value={customer} onChange={(v) => setCustomer(singleId(v))} name="customer" />
      <Select
        label={t(labelKey('estimations', 'type'))}
        value={type}
        onChange={(v) => setType(isOneOf(WORK_TYPES, v) ? v : 'customer')}
        data={WORK_TYPES.map((w) => ({ value: w, label: WORK_TYPE_LABELS[w][currentLocale()] }))}
        allowDeselect={false}
        required
      />
      <Text size="sm" c="dimmed">
        {t('estimations:new_hint')}
      </Text>
      <DialogFooter onCancel={onClose}>
        <Button onClick={() => create.mutate()} disabled={!vehicle} loading={create.isPending} data-testid="new-estimation-create">
          {t('estimations:create')}
        </Button>
      </DialogFooter>
    </Stack>
  );
}

/** Set by the service figures' links (repairs/figuresModel.ts), said on the list. */
const NOTED: NotedFilter[] = [
  { names: ['decided_from', 'decided_to'], label: 'estimations:list.decided_between' },
  { names: ['declined_from', 'declined_to'], label: 'estimations:list.declined_between' },
];

/** /inspecpro/estimates: the estimates with their state and phases, vehicle, customer and total (spec §2); one opens at its own route. */
export default function EstimationsPage() {
  const columns = columnsOf('estimations', [
    codeColumn('estimations'),
    { key: 'vehicle', render: (r) => (r.vehicle ? vehicleOption(r.vehicle) : '—') },
    { key: 'customer', visibleFrom: 'md' },
    { key: 'state', render: (r) => <WorkflowStateBadge type="estimations" state={r.state} size="sm" /> },
    { key: 'components_status', label: 'estimations:phases', visibleFrom: 'lg', render: (r) => <PhaseBadges record={r} /> },
    { key: 'total' },
    { key: 'created_at', visibleFrom: 'sm' },
  ]);
  return (
    <WorkDocumentList
      type="estimations"
      columns={columns}
      include={LIST_INCLUDE}
      permissions={{ create: P.create, view: P.view }}
      renderNew={(close) => <NewEstimation onClose={close} />}
      notedFilters={NOTED}
    />
  );
}
