import { describe, expect, it } from 'vitest';
import { initialRequestState, requestWorkflow, type RequestAction, type RequestState } from './requests.ts';

// The kit's answers, under the names these tables were first written against.
const requestTransition = requestWorkflow.transition;
const requestActionsIn = requestWorkflow.actionsIn;
const isRequestFinal = requestWorkflow.isFinal;

/** Every action from every state: the next state, or null when refused. */
const TABLE: Record<RequestState, Record<RequestAction, RequestState | null>> = {
  draft: { assign: 'assigned', approve: null, complete: null, cancel: 'canceled' },
  assigned: { assign: 'assigned', approve: 'approved', complete: 'completed', cancel: 'canceled' },
  approved: { assign: 'approved', approve: null, complete: 'completed', cancel: 'canceled' },
  completed: { assign: null, approve: null, complete: null, cancel: null },
  canceled: { assign: null, approve: null, complete: null, cancel: null },
};

const CASES = requestWorkflow.states.flatMap((state) => requestWorkflow.actions.map((action) => [state, action, TABLE[state][action]] as const));

describe('request transitions', () => {
  it('covers every state and action', () => {
    expect(CASES).toHaveLength(requestWorkflow.states.length * requestWorkflow.actions.length);
  });

  it.each(CASES)('%s --%s--> %s', (state, action, next) => {
    expect(requestTransition(state, action)).toBe(next);
  });

  it.each(requestWorkflow.states)('offers in %s exactly the allowed actions', (state) => {
    expect(requestActionsIn(state)).toEqual(requestWorkflow.actions.filter((a) => TABLE[state][a] !== null));
  });

  it('treats completed and canceled as final', () => {
    expect(requestWorkflow.states.filter(isRequestFinal)).toEqual(['completed', 'canceled']);
  });

  it('starts assigned when created with an assignee', () => {
    expect(initialRequestState(true)).toBe('assigned');
    expect(initialRequestState(false)).toBe('draft');
  });
});
