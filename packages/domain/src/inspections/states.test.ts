import { describe, expect, it } from 'vitest';
import { initialInspectionState, inspectionWorkflow, type InspectionAction, type InspectionState } from './states.ts';
import type { Permission } from '../access/permissions.ts';
import { describeTransitions } from '../workflow/table-test.ts';

// The kit's answers, under the names these tables were first written against.
const isInspectionFinal = inspectionWorkflow.isFinal;
const isInspectionEditable = inspectionWorkflow.isEditable;
const inspectionActionRoute = inspectionWorkflow.route;
const availableInspectionActions = (state: InspectionState, who: { permissions: ReadonlySet<Permission>; isHolder: boolean; isAssignee?: boolean }) =>
  inspectionWorkflow.available({ state, holderId: who.isHolder ? 'me' : 'someone' }, { id: 'me', permissions: who.permissions, isAssignee: who.isAssignee });

const _ = null;
/** Every action from every state: the next state, or null when refused (the order of inspectionWorkflow.actions). */
const TABLE: Record<InspectionState, (InspectionState | null)[]> = {
  //            assign      start          take_over      complete     approve     cancel      redo        reset          set_good       share          unshare
  draft: ['assigned', 'in_progress', _, _, _, 'canceled', _, _, _, _, _],
  pending: ['assigned', 'in_progress', _, _, _, 'canceled', _, _, _, _, _],
  assigned: ['assigned', 'in_progress', _, _, _, 'canceled', _, _, _, _, _],
  in_progress: [_, _, 'in_progress', 'completed', _, 'canceled', _, 'in_progress', 'in_progress', _, _],
  completed: [_, _, _, _, 'approved', 'canceled', 'canceled', _, _, 'completed', 'completed'],
  approved: [_, _, _, _, _, _, 'canceled', _, _, 'approved', 'approved'],
  repairing: [_, _, _, _, _, _, 'canceled', _, _, 'repairing', 'repairing'],
  repaired: [_, _, _, _, _, _, 'canceled', _, _, 'repaired', 'repaired'],
  canceled: [_, _, _, _, _, _, _, _, _, _, _],
};

describeTransitions('inspection', inspectionWorkflow, TABLE);

describe('inspection workflow', () => {
  it('only canceled is final', () => {
    expect(inspectionWorkflow.states.filter(isInspectionFinal)).toEqual(['canceled']);
  });

  it('is edited until completed', () => {
    expect(inspectionWorkflow.states.filter(isInspectionEditable)).toEqual(['draft', 'pending', 'assigned', 'in_progress']);
  });

  it('starts to do with assignees, else to assign', () => {
    expect(initialInspectionState(true)).toBe('assigned');
    expect(initialInspectionState(false)).toBe('pending');
  });

  it('routes actions in kebab case', () => {
    expect(inspectionActionRoute('take_over')).toBe('take-over');
    expect(inspectionActionRoute('set_section_good')).toBe('set-section-good');
  });
});

describe('available actions', () => {
  const all = new Set(Object.values(inspectionWorkflow.permissions));
  it('filters by permission', () => {
    const only = (action: InspectionAction) => new Set([inspectionWorkflow.permissions[action]]);
    expect(availableInspectionActions('assigned', { permissions: only('start'), isHolder: false })).toEqual(['start']);
    expect(availableInspectionActions('assigned', { permissions: new Set(), isHolder: false })).toEqual([]);
  });
  it('keeps the work in progress to its holder; the others may take it over', () => {
    expect(availableInspectionActions('in_progress', { permissions: all, isHolder: true })).toEqual(['complete', 'cancel', 'reset_section', 'set_section_good']);
    expect(availableInspectionActions('in_progress', { permissions: all, isHolder: false })).toEqual(['take_over', 'cancel']);
  });
  it('starts an assigned inspection by an assignee, or by whoever may assign it', () => {
    const inspector = new Set([inspectionWorkflow.permissions.start]);
    const cases: [InspectionState, boolean | undefined, ReadonlySet<Permission>, InspectionAction[]][] = [
      ['assigned', true, inspector, ['start']],
      ['assigned', false, inspector, []],
      ['assigned', false, all, ['assign', 'start', 'cancel']],
      ['pending', false, inspector, ['start']],
      ['assigned', undefined, inspector, ['start']],
    ];
    for (const [state, isAssignee, permissions, expected] of cases)
      expect(availableInspectionActions(state, { permissions, isHolder: false, isAssignee }), `${state} ${isAssignee}`).toEqual(expected);
  });
});
