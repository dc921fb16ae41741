import { describe, expect, it } from 'vitest';
import { arrangeActions } from './WorkflowActions.tsx';

const red = (a: string) => a === 'cancel' || a === 'deny';

describe('the header’s actions laid out', () => {
  it('shows them all when they are few, the likely next first and filled, the destructive last', () => {
    expect(arrangeActions(['cancel', 'end_components'], ['end_components'], red)).toEqual({ primary: 'end_components', shown: ['end_components', 'cancel'], more: [] });
    expect(arrangeActions(['assign', 'start', 'cancel'], [], red)).toEqual({ primary: null, shown: ['assign', 'start', 'cancel'], more: [] });
  });

  it('beyond three: the likely next ones shown (three at most), the rest in the menu with the destructive ones at its bottom', () => {
    const all = ['start_components', 'start_times', 'start_approve', 'valid', 'review', 'deny', 'by_pass', 'cancel'];
    expect(arrangeActions(all, ['end_approve', 'start_approve', 'valid'], red)).toEqual({
      primary: 'start_approve',
      shown: ['start_approve', 'valid'],
      more: ['start_components', 'start_times', 'review', 'by_pass', 'deny', 'cancel'],
    });
    expect(arrangeActions(['a', 'b', 'c', 'd', 'e'], ['e', 'd', 'c', 'b'], red).shown).toEqual(['e', 'd', 'c']);
  });

  it('with no likely next offered, one plain action stays in sight, never a destructive one', () => {
    expect(arrangeActions(['cancel', 'deny', 'assign', 'review'], ['valid'], red)).toEqual({ primary: null, shown: ['assign'], more: ['review', 'cancel', 'deny'] });
  });
});
