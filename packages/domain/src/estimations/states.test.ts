import fc from 'fast-check';
import type { Permission } from '../access/permissions.ts';
import { describe, expect, it } from 'vitest';
import { describeTransitions } from '../workflow/table-test.ts';
import { estimationActionLabel, estimationStep, estimationWorkflow, initialEstimationStatus, writableItemGroups, type EstimationAction, type EstimationPhases, type EstimationState, type PhaseState } from './states.ts';

// The kit's answers, under the names these tables were first written against.
const estimationActionRoute = estimationWorkflow.route;
const estimationActionsIn = (state: EstimationState, phases: EstimationPhases) =>
  estimationWorkflow.actions.filter((a) => { const s = estimationStep(state, phases, a, '\u0000'); return s.ok || s.reason === 'held' || s.reason === 'own'; });
const isEstimationFinal = estimationWorkflow.isFinal;
const availableEstimationActions = (state: EstimationState, phases: EstimationPhases, actor: { id: string; permissions: ReadonlySet<Permission> }) =>
  estimationWorkflow.available({ state, phases }, actor);

const P: PhaseState = { status: 'pending', holder: null };
const D: PhaseState = { status: 'done', holder: null };
const by = (holder: string): PhaseState => ({ status: 'in_progress', holder });
const phases = (components: PhaseState, times: PhaseState, approval: PhaseState): EstimationPhases => ({ components, times, approval });

/** Each state with the phases it typically has (in progress: Ann holds the parts). */
const TYPICAL: Record<EstimationState, EstimationPhases> = {
  draft: phases(P, P, P),
  pending: phases(P, P, P),
  assigned: phases(P, P, P),
  in_progress: phases(by('ann'), P, P),
  completed: phases(D, D, P),
  approved: phases(D, D, D),
  reviewed: phases(D, D, P),
  denied: phases(D, D, D),
  canceled: phases(P, P, P),
};

const _ = null;
/** Every action from every typical state: the next state, or null when refused (order of estimationWorkflow.actions). */
const TABLE: Record<EstimationState, (EstimationState | null)[]> = {
  //           assign  start_c  end_c  take_c  start_t  end_t  take_t  start_a  send  end_a  valid  review  deny  redo_a  by_pass  cancel
  draft: ['assigned', 'in_progress', _, _, 'in_progress', _, _, _, _, _, _, _, _, _, 'approved', 'canceled'],
  pending: ['assigned', 'in_progress', _, _, 'in_progress', _, _, _, _, _, _, _, _, _, 'approved', 'canceled'],
  assigned: ['assigned', 'in_progress', _, _, 'in_progress', _, _, _, _, _, _, _, _, _, 'approved', 'canceled'],
  in_progress: ['in_progress', _, 'in_progress', 'in_progress', 'in_progress', _, _, _, _, _, _, _, _, _, 'approved', 'canceled'],
  completed: [_, 'in_progress', _, _, 'in_progress', _, _, 'completed', 'completed', _, 'approved', 'reviewed', 'denied', _, 'approved', 'canceled'],
  approved: [_, _, _, _, _, _, _, _, _, _, _, _, _, 'completed', _, _],
  reviewed: ['reviewed', 'in_progress', _, _, 'in_progress', _, _, _, _, _, _, _, _, _, 'approved', 'canceled'],
  denied: [_, _, _, _, _, _, _, _, _, _, _, _, _, 'completed', _, 'canceled'],
  canceled: [_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _],
};

/** Ann acts (she holds what is held), but a take-over is Bob's. */
const actorFor = (a: EstimationAction) => (a.startsWith('take_over') ? 'bob' : 'ann');
const step = (state: EstimationState, p: EstimationPhases, action: EstimationAction, actor: string) => estimationStep(state, p, action, actor);
const after = (s: { state: EstimationState; phases: EstimationPhases }, action: EstimationAction, actor: string) => {
  const r = step(s.state, s.phases, action, actor);
  if (!r.ok) throw new Error(`${action} refused: ${r.reason}`);
  return { state: r.state, phases: r.phases };
};

describeTransitions<EstimationState, EstimationAction>('estimation', estimationWorkflow, TABLE, {
  step: (state, action) => {
    const r = step(state, TYPICAL[state], action, actorFor(action));
    return r.ok ? r.state : null;
  },
  offered: (state) => estimationActionsIn(state, TYPICAL[state]),
});

describe('estimation workflow', () => {
  it('runs parts and labour side by side; the second ended completes the estimate', () => {
    let s = initialEstimationStatus(true);
    expect(s).toEqual({ state: 'assigned', phases: phases(P, P, P) });
    s = after(s, 'start_components', 'ann');
    s = after(s, 'start_times', 'bob');
    expect(s).toEqual({ state: 'in_progress', phases: phases(by('ann'), by('bob'), P) });
    s = after(s, 'end_times', 'bob');
    expect(s).toEqual({ state: 'in_progress', phases: phases(by('ann'), D, P) });
    s = after(s, 'end_components', 'ann');
    expect(s).toEqual({ state: 'completed', phases: phases(D, D, P) });
  });

  it('keeps a phase to its holder: the others are told who holds it and may take it over', () => {
    const s = { state: 'in_progress' as const, phases: phases(by('ann'), P, P) };
    expect(step(s.state, s.phases, 'end_components', 'bob')).toEqual({ ok: false, reason: 'held', phase: 'components', holder: 'ann' });
    expect(step(s.state, s.phases, 'take_over_components', 'ann')).toEqual({ ok: false, reason: 'own', phase: 'components' });
    expect(step(s.state, s.phases, 'take_over_times', 'bob')).toEqual({ ok: false, reason: 'phase', phase: 'times' });
    const taken = after(s, 'take_over_components', 'bob');
    expect(taken.phases.components).toEqual(by('bob'));
    expect(step(taken.state, taken.phases, 'end_components', 'ann')).toMatchObject({ ok: false, reason: 'held', holder: 'bob' });
    expect(step('approved', TYPICAL.approved, 'valid', 'ann')).toEqual({ ok: false, reason: 'state' });
  });

  it('lets the approver alone decide once the approval started', () => {
    let s = { state: 'completed' as const as EstimationState, phases: phases(D, D, P) };
    expect(step(s.state, s.phases, 'end_approve', 'carl')).toEqual({ ok: false, reason: 'phase', phase: 'approval' });
    s = after(s, 'start_approve', 'carl');
    expect(s.phases.approval).toEqual(by('carl'));
    for (const a of ['valid', 'deny', 'review', 'end_approve', 'send_client_approve'] as const)
      expect(step(s.state, s.phases, a, 'dave')).toMatchObject({ ok: false, reason: 'held', phase: 'approval', holder: 'carl' });
    expect(after(s, 'send_client_approve', 'carl').phases.approval).toEqual(by('carl'));
    expect(after(s, 'end_approve', 'carl')).toEqual({ state: 'approved', phases: phases(D, D, D) });
  });

  it('starts the approval by sending to the customer', () => {
    expect(after({ state: 'completed', phases: phases(D, D, P) }, 'send_client_approve', 'carl')).toEqual({ state: 'completed', phases: phases(D, D, by('carl')) });
  });

  it('sends back for revision: parts and labour reopened one at a time', () => {
    let s = after({ state: 'completed', phases: phases(D, D, by('carl')) }, 'review', 'carl');
    expect(s).toEqual({ state: 'reviewed', phases: phases(D, D, P) });
    s = after(s, 'start_times', 'bob');
    expect(s).toEqual({ state: 'in_progress', phases: phases(D, by('bob'), P) });
    s = after(s, 'end_times', 'bob');
    expect(s.state).toBe('completed');
  });

  it('redoes an approval: back to the approval, held by who redoes it', () => {
    expect(after({ state: 'approved', phases: phases(D, D, D) }, 'redo_approve', 'carl')).toEqual({ state: 'completed', phases: phases(D, D, by('carl')) });
    expect(after({ state: 'denied', phases: phases(D, D, D) }, 'redo_approve', 'carl').state).toBe('completed');
  });

  it('cancels: what was in progress is released; by-pass ends every phase', () => {
    const working = { state: 'in_progress' as const, phases: phases(by('ann'), D, P) };
    expect(after(working, 'cancel', 'boss')).toEqual({ state: 'canceled', phases: phases(P, D, P) });
    expect(after(working, 'by_pass', 'boss')).toEqual({ state: 'approved', phases: phases(D, D, D) });
  });

  it('is final only when canceled', () => {
    expect(estimationWorkflow.states.filter(isEstimationFinal)).toEqual(['canceled']);
    expect(estimationActionsIn('canceled', TYPICAL.canceled)).toEqual([]);
  });

  it('routes actions as the spec calls them', () => {
    expect(estimationWorkflow.actions.map(estimationActionRoute)).toEqual([
      'assign',
      'start-components',
      'end-components',
      'take-over/components',
      'start-times',
      'end-times',
      'take-over/times',
      'start-approve',
      'send-client-approve',
      'end-approve',
      'valid',
      'review',
      'deny',
      'redo-approve',
      'by-pass',
      'cancel',
    ]);
  });
});

describe('available estimation actions', () => {
  const all = new Set(Object.values(estimationWorkflow.permissions));
  const only = (...actions: EstimationAction[]) => new Set(actions.map((a) => estimationWorkflow.permissions[a]));

  it('filters by permission', () => {
    expect(availableEstimationActions('assigned', TYPICAL.assigned, { id: 'ann', permissions: only('start_components') })).toEqual(['start_components']);
    expect(availableEstimationActions('assigned', TYPICAL.assigned, { id: 'ann', permissions: new Set() })).toEqual([]);
  });

  it('offers the holder to end, the others to take over', () => {
    const p = phases(by('ann'), by('bob'), P);
    expect(availableEstimationActions('in_progress', p, { id: 'ann', permissions: all })).toEqual(['assign', 'end_components', 'take_over_times', 'by_pass', 'cancel']);
    expect(availableEstimationActions('in_progress', p, { id: 'bob', permissions: all })).toEqual(['assign', 'take_over_components', 'end_times', 'by_pass', 'cancel']);
  });

  it('offers the approval’s decisions to its holder', () => {
    const p = phases(D, D, by('carl'));
    expect(availableEstimationActions('completed', p, { id: 'carl', permissions: all })).toEqual(['send_client_approve', 'end_approve', 'valid', 'review', 'deny', 'by_pass', 'cancel']);
    expect(availableEstimationActions('completed', p, { id: 'dave', permissions: all })).toEqual(['by_pass', 'cancel']);
  });
});

describe('writable items', () => {
  it('follows the phases and their holders', () => {
    expect(writableItemGroups('assigned', TYPICAL.assigned, 'ann')).toEqual(['description']);
    expect(writableItemGroups('in_progress', phases(by('ann'), by('bob'), P), 'ann')).toEqual(['description', 'parts']);
    expect(writableItemGroups('in_progress', phases(by('ann'), by('ann'), P), 'ann')).toEqual(['description', 'parts', 'labour']);
    expect(writableItemGroups('completed', phases(D, D, by('carl')), 'carl')).toEqual(['decision']);
    expect(writableItemGroups('completed', phases(D, D, by('carl')), 'dave')).toEqual([]);
    expect(writableItemGroups('approved', TYPICAL.approved, 'carl')).toEqual([]);
  });
});

describe('estimation invariants (any sequence of actions by anyone)', () => {
  const users = ['ann', 'bob', 'carl'];
  const invariant = (state: EstimationState, p: EstimationPhases) => {
    for (const phase of Object.values(p)) expect(phase.holder !== null).toBe(phase.status === 'in_progress');
    if (p.components.status === 'in_progress' || p.times.status === 'in_progress') expect(state).toBe('in_progress');
    if (p.approval.status === 'in_progress') expect(state).toBe('completed');
    if (state === 'completed') expect([p.components.status, p.times.status]).toEqual(['done', 'done']);
    if (state === 'approved' || state === 'denied') expect(p.approval.status).toBe('done');
    if (['draft', 'pending', 'assigned', 'in_progress', 'reviewed'].includes(state)) expect(p.approval.status).toBe('pending');
    if (state === 'in_progress') expect(p.components.status === 'done' && p.times.status === 'done').toBe(false);
  };

  it('hold', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.tuple(fc.constantFrom(...estimationWorkflow.actions), fc.constantFrom(...users)), { maxLength: 40 }),
        (assigned, moves) => {
          let s = initialEstimationStatus(assigned);
          for (const [action, actor] of moves) {
            const r = estimationStep(s.state, s.phases, action, actor);
            // Refused for the state or a phase exactly when the estimate does not offer it.
            expect(r.ok || r.reason === 'held' || r.reason === 'own').toBe(estimationActionsIn(s.state, s.phases).includes(action));
            if (r.ok) s = { state: r.state, phases: r.phases };
            invariant(s.state, s.phases);
          }
        },
      ),
    );
  });
});

describe('the labels of the phases’ buttons', () => {
  it('say "Reprendre" to start a phase done before, "Commencer" otherwise', () => {
    const pending = { status: 'pending', holder: null } as PhaseState;
    const done = { status: 'done', holder: 'u1' } as PhaseState;
    const phases: EstimationPhases = { components: done, times: pending, approval: pending };
    expect(estimationActionLabel('start_components', phases)).toEqual({ fr: 'Reprendre les pièces', en: 'Resume the parts' });
    expect(estimationActionLabel('start_times', phases)).toEqual({ fr: "Commencer la main-d'œuvre", en: 'Start the labour' });
    expect(estimationActionLabel('end_components', phases)).toEqual(estimationWorkflow.actionLabels.end_components);
  });
});
