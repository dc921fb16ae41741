// A workflow's states on the screen: its badge colours come from the domain's declaration
// (packages/domain/src/workflow), the one place a state's label and colour are written.

interface StatesOf {
  stateColors: Readonly<Record<string, string>>;
  isState(name: string): boolean;
}

/** A state's badge colour; a state this screen does not know is grey. */
export function stateColor(workflow: StatesOf, state: unknown): string {
  const name = String(state);
  return workflow.isState(name) ? workflow.stateColors[name] : 'gray';
}
