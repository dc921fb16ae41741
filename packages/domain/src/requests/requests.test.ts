import { describe, expect, it } from 'vitest';
import { describeTransitions } from '../workflow/table-test.ts';
import { initialRequestState, requestWorkflow, type RequestAction, type RequestState } from './requests.ts';

// The kit's answers, under the names these tables were first written against.
const isRequestFinal = requestWorkflow.isFinal;

/** Every action from every state: the next state, or null when refused. */
const TABLE: Record<RequestState, Record<RequestAction, RequestState | null>> = {
  draft: { assign: 'assigned', approve: null, complete: null, cancel: 'canceled' },
  assigned: { assign: 'assigned', approve: 'approved', complete: 'completed', cancel: 'canceled' },
  approved: { assign: 'approved', approve: null, complete: 'completed', cancel: 'canceled' },
  completed: { assign: null, approve: null, complete: null, cancel: null },
  canceled: { assign: null, approve: null, complete: null, cancel: null },
};

describeTransitions('request', requestWorkflow, TABLE);

describe('request workflow', () => {
  it('treats completed and canceled as final', () => {
    expect(requestWorkflow.states.filter(isRequestFinal)).toEqual(['completed', 'canceled']);
  });

  it('starts assigned when created with an assignee', () => {
    expect(initialRequestState(true)).toBe('assigned');
    expect(initialRequestState(false)).toBe('draft');
  });
});
