import { Badge } from '@mantine/core';
import { stateColor, stateLabel, type StatesOf } from './workflowState.ts';

/** A workflow document's state as a badge: its label and colour from the domain's workflow. */
export function WorkflowStateBadge({ workflow, state, size, testId }: { workflow: StatesOf; state: unknown; size?: 'sm' | 'lg'; testId?: string }) {
  if (!state) return null;
  return (
    <Badge size={size} color={stateColor(workflow, state)} variant="light" data-state={String(state)} data-testid={testId}>
      {stateLabel(workflow, state)}
    </Badge>
  );
}
