import { describe, expect, it } from 'vitest';
import type { Model } from '../../api/jsonapi.ts';
import { BOARD_TYPES, assignBody, canAssign, cardIsLate, columnsOf, dropAction, isTechnicians, replacedBy } from './boardModel.ts';

const repairs = BOARD_TYPES.find((b) => b.type === 'repairs')!;
const requests = BOARD_TYPES.find((b) => b.type === 'requests')!;
const now = new Date('2026-11-28T15:00:00Z');
const ann = { id: 'ann', type: 'users', firstname: 'Ann', lastname: 'A' } as Model;
const bob = { id: 'bob', type: 'users', firstname: 'Bob', lastname: 'B' } as Model;
const card = (over: Record<string, unknown>): Model => ({ id: String(over.id ?? 'r1'), type: 'repairs', state: 'assigned', created_at: '2026-11-28T08:00:00Z', available_actions: [], assignedToUsers: [], ...over }) as Model;

describe('the job board', () => {
  it('puts each card in its state’s column, late first, then by promised time, then oldest', () => {
    const cards = [
      card({ id: 'later', promised_at: '2026-11-28T18:00:00Z' }),
      card({ id: 'none' }),
      card({ id: 'late', promised_at: '2026-11-28T10:00:00Z' }),
      card({ id: 'soon', promised_at: '2026-11-28T16:00:00Z' }),
      card({ id: 'working', state: 'in_progress' }),
      card({ id: 'validated', state: 'validated' }),
    ];
    const columns = columnsOf(repairs, cards, now);
    expect(columns.get('assigned')!.map((c) => c.id)).toEqual(['late', 'soon', 'later', 'none']);
    expect(columns.get('in_progress')!.map((c) => c.id)).toEqual(['working']);
    // Not a column of the board: not shown.
    expect([...columns.values()].flat().some((c) => c.id === 'validated')).toBe(false);
    expect(cardIsLate(repairs, cards[2]!, now)).toBe(true);
    expect(cardIsLate(repairs, card({ state: 'completed', promised_at: '2026-11-28T10:00:00Z' }), now)).toBe(false);
    expect(cardIsLate(requests, card({ type: 'requests', state: 'approved', due_at: '2026-11-28T10:00:00Z' }), now)).toBe(true);
  });

  it('a drop runs the action leading to the column that the server offers this user, never the assignment', () => {
    expect(dropAction(repairs, card({ available_actions: ['start', 'assign'] }), 'in_progress')).toBe('start');
    expect(dropAction(repairs, card({ available_actions: ['assign'] }), 'in_progress')).toBeNull();
    expect(dropAction(repairs, card({ state: 'in_progress', available_actions: ['complete'] }), 'completed')).toBe('complete');
    expect(dropAction(repairs, card({ state: 'pending', available_actions: ['assign', 'start'] }), 'assigned')).toBeNull();
    expect(dropAction(requests, card({ type: 'requests', state: 'assigned', available_actions: ['approve', 'complete'] }), 'approved')).toBe('approve');
  });

  it('gives a card to a technician in the document its type takes, and says whom it takes it from', () => {
    const given = card({ available_actions: ['assign'], assignedToUsers: [ann] });
    expect(canAssign(given)).toBe(true);
    expect(canAssign(card({}))).toBe(false);
    expect(assignBody(repairs, given, 'bob')).toEqual({ data: { type: 'repairs', id: 'r1', relationships: { assignedToUsers: { data: [{ type: 'users', id: 'bob' }] } } } });
    expect(assignBody(requests, given, 'bob')).toEqual({ data: { type: 'requests', id: 'r1', relationships: { assignedTo: { data: { type: 'users', id: 'bob' } } } } });
    expect(replacedBy(given, 'bob').map((u) => u.id)).toEqual(['ann']);
    expect(replacedBy(given, 'ann')).toEqual([]);
    expect(replacedBy(card({ type: 'requests', assignedToUsers: undefined, assignedTo: ann }), 'bob').map((u) => u.id)).toEqual(['ann']);
  });

  it('a technician’s cards are those given to them or that they hold', () => {
    expect(isTechnicians(card({ assignedToUsers: [ann] }), 'ann')).toBe(true);
    expect(isTechnicians(card({ assignedToUsers: [ann], holder: bob }), 'bob')).toBe(true);
    expect(isTechnicians(card({ assignedToUsers: [ann] }), 'bob')).toBe(false);
  });
});
