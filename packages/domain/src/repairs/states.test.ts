import { describe, expect, it } from 'vitest';
import type { Permission } from '../access/permissions.ts';
import { describeTransitions } from '../workflow/table-test.ts';
import { initialRepairState, repairWorkflow, type RepairAction, type RepairState } from './states.ts';

// The kit's answers, under the names these tables were first written against.
const isRepairFinal = repairWorkflow.isFinal;
const isRepairEditable = repairWorkflow.isEditable;
const isRepairCancelable = (state: RepairState) => repairWorkflow.transition(state, 'cancel') !== null;
const repairActionRoute = repairWorkflow.route;
const availableRepairActions = (state: RepairState, who: { permissions: ReadonlySet<Permission>; isHolder: boolean }) =>
  repairWorkflow.available({ state, holderId: who.isHolder ? 'me' : 'someone' }, { id: 'me', permissions: who.permissions });

const _ = null;
/** Every action from every state: the next state, or null when refused (the order of repairWorkflow.actions). */
const TABLE: Record<RepairState, (RepairState | null)[]> = {
  //           assign         start          take_over      complete     validate     redo        cancel
  draft: ['assigned', 'in_progress', _, _, _, _, 'canceled'],
  pending: ['assigned', 'in_progress', _, _, _, _, 'canceled'],
  assigned: ['assigned', 'in_progress', _, _, _, _, 'canceled'],
  in_progress: ['in_progress', _, 'in_progress', 'completed', _, _, 'canceled'],
  validated: [_, _, _, _, _, 'reviewed', _],
  approved: ['assigned', 'in_progress', _, _, _, _, 'canceled'],
  reviewed: ['reviewed', 'in_progress', _, _, _, _, 'canceled'],
  denied: [_, _, _, _, _, _, _],
  completed: [_, _, _, _, 'validated', 'reviewed', _],
  canceled: [_, _, _, _, _, _, _],
};

describeTransitions('repair', repairWorkflow, TABLE);

describe('repair workflow', () => {
  it('is final when canceled or denied', () => {
    expect(repairWorkflow.states.filter(isRepairFinal)).toEqual(['denied', 'canceled']);
  });

  it('is edited and canceled until the work is completed', () => {
    const open = ['draft', 'pending', 'assigned', 'in_progress', 'approved', 'reviewed'];
    expect(repairWorkflow.states.filter(isRepairEditable)).toEqual(open);
    expect(repairWorkflow.states.filter(isRepairCancelable)).toEqual(open);
  });

  it('starts to do with assignees, approved from an estimate, else to assign', () => {
    expect(initialRepairState({ hasAssignees: true, fromEstimation: true })).toBe('assigned');
    expect(initialRepairState({ hasAssignees: false, fromEstimation: true })).toBe('approved');
    expect(initialRepairState({ hasAssignees: false, fromEstimation: false })).toBe('pending');
  });

  it('routes actions in kebab case', () => {
    expect(repairWorkflow.actions.map(repairActionRoute)).toEqual(['assign', 'start', 'take-over', 'complete', 'validate', 'redo', 'cancel']);
  });
});

describe('available repair actions', () => {
  const all = new Set(Object.values(repairWorkflow.permissions));
  const only = (action: RepairAction) => new Set([repairWorkflow.permissions[action]]);
  it('filters by permission', () => {
    expect(availableRepairActions('assigned', { permissions: only('start'), isHolder: false })).toEqual(['start']);
    expect(availableRepairActions('completed', { permissions: only('validate'), isHolder: false })).toEqual(['validate', 'redo']);
    expect(availableRepairActions('assigned', { permissions: new Set(), isHolder: false })).toEqual([]);
  });
  it('keeps the work in progress to its holder; the others may take it over', () => {
    expect(availableRepairActions('in_progress', { permissions: all, isHolder: true })).toEqual(['assign', 'complete', 'cancel']);
    expect(availableRepairActions('in_progress', { permissions: all, isHolder: false })).toEqual(['assign', 'take_over', 'cancel']);
  });
});
