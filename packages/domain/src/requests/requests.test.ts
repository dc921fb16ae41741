import { describe, expect, it } from 'vitest';
import {
  REQUEST_ACTIONS,
  REQUEST_STATES,
  initialRequestState,
  requestWorkflow,
  type RequestAction,
  type RequestState,
} from './requests.ts';

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

const CASES = REQUEST_STATES.flatMap((state) => REQUEST_ACTIONS.map((action) => [state, action, TABLE[state][action]] as const));

describe('request transitions', () => {
  it('covers every state and action', () => {
    expect(CASES).toHaveLength(REQUEST_STATES.length * REQUEST_ACTIONS.length);
  });

  it.each(CASES)('%s --%s--> %s', (state, action, next) => {
    expect(requestTransition(state, action)).toBe(next);
  });

  it.each(REQUEST_STATES)('offers in %s exactly the allowed actions', (state) => {
    expect(requestActionsIn(state)).toEqual(REQUEST_ACTIONS.filter((a) => TABLE[state][a] !== null));
  });

  it('treats completed and canceled as final', () => {
    expect(REQUEST_STATES.filter(isRequestFinal)).toEqual(['completed', 'canceled']);
  });

  it('starts assigned when created with an assignee', () => {
    expect(initialRequestState(true)).toBe('assigned');
    expect(initialRequestState(false)).toBe('draft');
  });
});
