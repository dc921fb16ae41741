import { repairWorkflow } from '@atelier/domain';
import { WorkflowStateBadge } from '../../components/resource/WorkflowStateBadge.tsx';

export function RepairStateBadge({ state, size = 'lg' }: { state: unknown; size?: 'sm' | 'lg' }) {
  return <WorkflowStateBadge workflow={repairWorkflow} state={state} size={size} testId="repair-state" />;
}
