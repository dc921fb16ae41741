import { crudPermissions, repairWorkflow } from '@atelier/domain';
import { LATE_FILTER, PromisedTime } from '../../components/PromisedTime.tsx';
import { columnsOf, filtersOf } from '../../components/resource/declared.tsx';
import { byFullName, vehicleOption } from '../../components/resource/recordNames.tsx';
import type { NotedFilter } from '../../components/resource/ResourceList.tsx';
import { codeColumn, WorkDocumentList } from '../../components/resource/WorkDocumentList.tsx';
import { WorkflowStateBadge } from '../../components/resource/WorkHeader.tsx';

const P = crudPermissions('repairs');
const LIST_INCLUDE = 'vehicle,customer,holder,assignedToUsers';
/** Set by the service figures' links (figuresModel.ts), said on the list. */
const NOTED: NotedFilter[] = [
  { names: ['completed_from', 'completed_to'], label: 'repairs:list.completed_between' },
  { names: ['comeback'], label: 'repairs:list.comebacks_only' },
];

/** /inspecpro/repairs: the work orders with their state, vehicle, who works on them and total (spec §2); one opens at its own route. */
export default function RepairsPage() {
  const columns = columnsOf('repairs', [
    codeColumn('repairs'),
    { key: 'vehicle', render: (r) => (r.vehicle ? vehicleOption(r.vehicle) : '—') },
    { key: 'customer', visibleFrom: 'md' },
    { key: 'state', render: (r) => <WorkflowStateBadge type="repairs" state={r.state} size="sm" /> },
    { key: 'holder', visibleFrom: 'lg', render: (r) => (r.holder ? byFullName(r.holder) : (r.assignedToUsers ?? []).map(byFullName).join(', ')) },
    { key: 'promised_at', visibleFrom: 'sm', render: (r) => <PromisedTime at={r.promised_at} state={r.state} workflow={repairWorkflow} /> },
    { key: 'total' },
    { key: 'created_at', visibleFrom: 'sm' },
  ]);
  return (
    <WorkDocumentList type="repairs" columns={columns} include={LIST_INCLUDE} permissions={{ view: P.view }} filters={[...filtersOf('repairs', ['type']), LATE_FILTER]} notedFilters={NOTED} />
  );
}
