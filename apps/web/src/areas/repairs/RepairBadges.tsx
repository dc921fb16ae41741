import { repairWorkflow } from '@atelier/domain';
import { Badge } from '@mantine/core';
import { repairStateLabel } from './repairModel.ts';
import { stateColor } from '../../components/resource/workflowState.ts';

export function RepairStateBadge({ state, size = 'lg' }: { state: unknown; size?: 'sm' | 'lg' }) {
  if (!state) return null;
  return (
    <Badge size={size} color={stateColor(repairWorkflow, state)} variant="light" data-state={String(state)} data-testid="repair-state">
      {repairStateLabel(String(state))}
    </Badge>
  );
}
