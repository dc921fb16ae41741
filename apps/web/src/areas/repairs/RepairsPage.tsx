import { Box, Text } from '@mantine/core';
import { crudPermissions, REPAIR_STATES, type RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { columnsOf, filtersOf, labelKey } from '../../components/resource/declared.tsx';
import { byFullName, relationOf, vehicleOption } from '../../components/resource/recordNames.tsx';
import { RelationSelect } from '../../components/resource/RelationSelect.tsx';
import { ResourceList } from '../../components/resource/ResourceList.tsx';
import { StateTabs } from '../../components/resource/StateTabs.tsx';
import { RepairStateBadge } from './RepairBadges.tsx';
import { repairHref, repairStateLabel } from './repairModel.ts';

const P = crudPermissions('repairs');
type Repair = RecordOf<'repairs'>;
const LIST_INCLUDE = 'vehicle,customer,holder,assignedToUsers';
const one = (v: unknown) => (typeof v === 'string' ? v : null);

/** /inspecpro/repairs: the work orders with their state, vehicle, who works on them and total (spec §2); one opens at its own route. */
export default function RepairsPage() {
  const { t } = useTranslation();
  const columns = columnsOf('repairs', [
    { key: 'code', linkTo: (r) => repairHref(r.id), render: (r) => <Text component="span" ff="monospace" size="sm">{r.code}</Text> },
    { key: 'vehicle', render: (r) => (r.vehicle ? vehicleOption(r.vehicle) : '—') },
    { key: 'customer', visibleFrom: 'md' },
    { key: 'state', render: (r) => <RepairStateBadge state={r.state} size="sm" /> },
    { key: 'holder', visibleFrom: 'lg', render: (r) => (r.holder ? byFullName(r.holder) : (r.assignedToUsers ?? []).map(byFullName).join(', ')) },
    { key: 'total' },
    { key: 'created_at', visibleFrom: 'sm' },
  ]);
  return (
    <ResourceList<Repair>
      type="repairs"
      title="repairs:list.title"
      columns={columns}
      include={LIST_INCLUDE}
      filters={filtersOf('repairs', ['type'])}
      filterTabs={(get, set) => <StateTabs type="repairs" states={REPAIR_STATES} labelOf={repairStateLabel} allLabel="repairs:list.all" get={get} set={set} />}
      filterControls={(get, set) => (
        <>
          <Box w={240} data-testid="filter-vehicle">
            <RelationSelect relation={relationOf('vehicles')} label={t(labelKey('repairs', 'vehicle'))} value={get('vehicle') ?? null} onChange={(v) => set('vehicle', one(v))} name="vehicle" />
          </Box>
          <Box w={240} data-testid="filter-customer">
            <RelationSelect relation={relationOf('customers')} label={t(labelKey('repairs', 'customer'))} value={get('customer') ?? null} onChange={(v) => set('customer', one(v))} name="customer" />
          </Box>
        </>
      )}
      permissions={{ view: P.view }}
      renderRecord={({ id }) => (id ? <Navigate to={repairHref(id)} replace /> : null)}
    />
  );
}
