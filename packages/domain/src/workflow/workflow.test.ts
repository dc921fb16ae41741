import { describe, expect, it } from 'vitest';
import type { Permission } from '../access/permissions.ts';
import { WORK_STATES, defineWorkflow } from './workflow.ts';

// The kit on a small document of its own (an order): what every workflow type relies on.
const { draft, assigned, in_progress } = WORK_STATES;
const order = defineWorkflow({
  states: {
    draft,
    assigned,
    in_progress,
    done: { label: { fr: 'Fait', en: 'Done' }, color: 'teal' },
    canceled: { label: { fr: 'Annulé', en: 'Canceled' }, color: 'red' },
  },
  actions: {
    assign: { label: { fr: 'Assigner', en: 'Assign' }, permission: 'assign repairs', from: { draft: 'assigned', assigned: 'assigned' } },
    start: { label: { fr: 'Commencer', en: 'Start' }, permission: 'start repairs', from: ['draft', 'assigned'], to: 'in_progress', holds: 'actor', assigneesOnly: ['assigned'] },
    take_over: { label: { fr: 'Prendre', en: 'Take over' }, permission: 'take over repairs', from: ['in_progress'], holder: 'other', holds: 'actor' },
    finish: { label: { fr: 'Finir', en: 'Finish' }, permission: 'complete repairs', from: ['in_progress'], to: 'done', holder: 'holder', holds: 'nobody', route: 'finish-now' },
    cancel: { label: { fr: 'Annuler', en: 'Cancel' }, permission: 'cancel repairs', from: ['draft', 'assigned', 'in_progress'], to: 'canceled', get: true },
  },
  editable: ['draft', 'assigned', 'in_progress'],
  assign: 'assign',
  next: { assigned: ['start'] },
});

const everything = new Set<Permission>(Object.values(order.permissions));
const me = (extra: Partial<{ isAssignee: boolean; permissions: ReadonlySet<Permission> }> = {}) => ({ id: 'me', permissions: everything, ...extra });

describe('a workflow declared with the kit', () => {
  it('keeps its states and actions in their declared order, with labels, colours and permissions', () => {
    expect(order.states).toEqual(['draft', 'assigned', 'in_progress', 'done', 'canceled']);
    expect(order.actions).toEqual(['assign', 'start', 'take_over', 'finish', 'cancel']);
    expect(order.stateLabels.in_progress.en).toBe('In progress');
    expect(order.stateColors.canceled).toBe('red');
    expect(order.permissions.finish).toBe('complete repairs');
  });

  it('leads from a state by a map, a list with `to`, or stays', () => {
    expect(order.transition('draft', 'assign')).toBe('assigned');
    expect(order.transition('assigned', 'assign')).toBe('assigned');
    expect(order.transition('draft', 'start')).toBe('in_progress');
    expect(order.transition('in_progress', 'take_over')).toBe('in_progress');
    expect(order.transition('done', 'cancel')).toBeNull();
    expect(order.actionsIn('done')).toEqual([]);
    expect(order.states.filter(order.isFinal)).toEqual(['done', 'canceled']);
    expect(order.states.filter(order.isEditable)).toEqual(['draft', 'assigned', 'in_progress']);
  });

  it('routes in kebab case unless the action names its route', () => {
    expect(order.actions.map(order.route)).toEqual(['assign', 'start', 'take-over', 'finish-now', 'cancel']);
  });

  it('keeps work in progress its holder’s, and the take-over for the others', () => {
    const held = { state: 'in_progress' as const, holderId: 'ann' };
    expect(order.check(held, 'finish', me())).toEqual({ ok: false, reason: 'holder', holder: 'ann' });
    expect(order.check({ ...held, holderId: 'me' }, 'finish', me())).toEqual({ ok: true, to: 'done' });
    expect(order.check({ ...held, holderId: 'me' }, 'take_over', me())).toEqual({ ok: false, reason: 'own' });
    expect(order.available(held, me())).toEqual(['take_over', 'cancel']);
    expect(order.available({ ...held, holderId: 'me' }, me())).toEqual(['finish', 'cancel']);
  });

  it('lets only an assignee, or whoever may assign, do an assignees’ action', () => {
    const assigned = { state: 'assigned' as const };
    const startOnly = new Set<Permission>(['start repairs']);
    expect(order.check(assigned, 'start', me({ isAssignee: false, permissions: startOnly }))).toEqual({ ok: false, reason: 'assignee' });
    expect(order.check(assigned, 'start', me({ isAssignee: true, permissions: startOnly })).ok).toBe(true);
    expect(order.check(assigned, 'start', me({ isAssignee: false })).ok).toBe(true);
    // Not known: not refused (the screen before the server answers).
    expect(order.check(assigned, 'start', me({ permissions: startOnly })).ok).toBe(true);
    expect(order.check({ state: 'draft' }, 'start', me({ isAssignee: false, permissions: startOnly })).ok).toBe(true);
  });

  it('offers only what the roles grant', () => {
    expect(order.available({ state: 'draft' }, me({ permissions: new Set<Permission>(['cancel repairs']) }))).toEqual(['cancel']);
    expect(order.available({ state: 'draft' }, me({ permissions: new Set() }))).toEqual([]);
  });

  it('says the likely next actions, and knows its own names only', () => {
    expect(order.next('assigned')).toEqual(['start']);
    expect(order.next('done')).toEqual([]);
    expect(order.isState('constructor')).toBe(false);
    expect(order.isAction('__proto__')).toBe(false);
    expect(order.isAction('take_over')).toBe(true);
    expect(order.spec('cancel').get).toBe(true);
  });

  it('gives its check to a workflow whose rules outgrow a table', () => {
    const gated = defineWorkflow<'open' | 'closed', 'close', { state: 'open' | 'closed'; locked: boolean }>({
      states: { open: { label: { fr: 'Ouvert', en: 'Open' }, color: 'blue' }, closed: { label: { fr: 'Fermé', en: 'Closed' }, color: 'gray' } },
      actions: { close: { label: { fr: 'Fermer', en: 'Close' }, permission: 'cancel repairs', from: ['open'], to: 'closed' } },
      editable: ['open'],
      check: (status) => (status.locked ? { ok: false, reason: 'phase', phase: 'lock' } : { ok: true, to: 'closed' }),
    });
    expect(gated.available({ state: 'open', locked: true }, me())).toEqual([]);
    expect(gated.available({ state: 'open', locked: false }, me())).toEqual(['close']);
  });
});
