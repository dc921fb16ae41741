import { Text } from '@mantine/core';
import { crudPermissions, repairWorkflow } from '@atelier/domain';
import { Navigate } from 'react-router';
import { columnsOf } from '../../components/resource/declared.tsx';
import { byFullName, vehicleOption } from '../../components/resource/recordNames.tsx';
import { WorkDocumentList } from '../../components/resource/WorkDocumentList.tsx';
import { RepairStateBadge } from './RepairBadges.tsx';
import { repairHref } from './repairModel.ts';

const P = crudPermissions('repairs');
const LIST_INCLUDE = 'vehicle,customer,holder,assignedToUsers';

/** /inspecpro/repairs: the work orders with their state, vehicle, who works on them and total (spec §2); one opens at its own route. */
export default function RepairsPage() {
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
    <WorkDocumentList
      type="repairs"
      workflow={repairWorkflow}
      title="repairs:list.title"
      allLabel="repairs:list.all"
      columns={columns}
      include={LIST_INCLUDE}
      permissions={{ view: P.view }}
      renderRecord={({ id }) => (id ? <Navigate to={repairHref(id)} replace /> : null)}
    />
  );
}
