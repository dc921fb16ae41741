// A workflow's states on the screen: their labels and badge colours come from the domain's
// declaration (packages/domain/src/workflow), the one place a state's label and colour are written.
import type { Label } from '@atelier/domain';
import { currentLocale } from '../../i18n/index.ts';

/** What the screen reads of a workflow (the domain's defineWorkflow) to show a state. */
export interface StatesOf {
  stateLabels: Readonly<Record<string, Label>>;
  stateColors: Readonly<Record<string, string>>;
  isState(name: string): boolean;
}

/** A state in the user's language; a state this screen does not know, as sent. */
export function stateLabel(workflow: StatesOf, state: unknown): string {
  const name = String(state);
  return workflow.isState(name) ? workflow.stateLabels[name][currentLocale()] : name;
}

/** A state's badge colour; a state this screen does not know is grey. */
export function stateColor(workflow: StatesOf, state: unknown): string {
  const name = String(state);
  return workflow.isState(name) ? workflow.stateColors[name] : 'gray';
}
