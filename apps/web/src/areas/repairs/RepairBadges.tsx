import { Badge } from '@mantine/core';
import { REPAIR_STATE_COLORS, repairStateLabel } from './repairModel.ts';

export function RepairStateBadge({ state, size = 'lg' }: { state: unknown; size?: 'sm' | 'lg' }) {
  if (!state) return null;
  return (
    <Badge size={size} color={REPAIR_STATE_COLORS[String(state)] ?? 'gray'} variant="light" data-state={String(state)} data-testid="repair-state">
      {repairStateLabel(String(state))}
    </Badge>
  );
}
