import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../access/permissions.ts';
import type { Workflow } from './workflow.ts';

/** A state's row: the state each action leads to (in the order of workflow.actions, or by name), null where refused. */
export type TableRow<S extends string, A extends string> = readonly (S | null)[] | Readonly<Record<A, S | null>>;

/**
 * The tests every workflow's states file runs (its domain test): the table of every action from
 * every state, checked whole against what the workflow does and offers, and every action's
 * permission one of the catalogue's. `step`/`offered` replace the workflow's own answers where a
 * state alone does not say (an estimate's phases).
 */
export function describeTransitions<S extends string, A extends string>(
  name: string,
  workflow: Workflow<S, A, any>,
  table: Readonly<Record<S, TableRow<S, A>>>,
  {
    step = (state, action) => workflow.transition(state, action),
    offered = (state) => workflow.actionsIn(state),
  }: { step?: (state: NoInfer<S>, action: NoInfer<A>) => S | null; offered?: (state: NoInfer<S>) => readonly A[] } = {},
) {
  const next = (state: S, action: A, k: number) => {
    const row = table[state];
    return Array.isArray(row) ? (row as readonly (S | null)[])[k] : (row as Readonly<Record<A, S | null>>)[action];
  };
  const cases = workflow.states.flatMap((state) => workflow.actions.map((action, k) => [state, action, next(state, action, k)] as const));

  describe(`${name} transitions`, () => {
    it('covers every state and action', () => {
      expect(Object.keys(table)).toEqual(workflow.states);
      for (const row of Object.values<TableRow<S, A>>(table)) expect(Array.isArray(row) ? row.length : Object.keys(row).length).toBe(workflow.actions.length);
      expect(cases.every(([, , to]) => to !== undefined)).toBe(true);
    });

    it.each(cases)('%s --%s--> %s', (state, action, to) => {
      expect(step(state, action)).toBe(to);
      expect(offered(state).includes(action)).toBe(to !== null);
    });

    it('names a permission of the catalogue for every action', () => {
      const names = new Set(PERMISSIONS.map((p) => p.name));
      for (const action of workflow.actions) expect(names.has(workflow.permissions[action]), action).toBe(true);
    });
  });
}
