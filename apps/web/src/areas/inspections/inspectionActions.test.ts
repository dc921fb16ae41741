import { describe, expect, it } from 'vitest';
import { type Permission, inspectionWorkflow } from '@atelier/domain';
import { canAnswer, headerActions, userActions } from './inspectionActions.ts';

const ALL = new Set<Permission>([...Object.values(inspectionWorkflow.permissions), 'edit inspections']);
const INSPECTOR = new Set<Permission>(['start inspections', 'complete inspections', 'edit inspections', 'take over inspections']);

describe('the actions of an inspection', () => {
  it('a draft: start, assign and cancel for a manager; start only for an inspector', () => {
    expect(headerActions({ state: 'draft', permissions: ALL, meId: 'me', holderId: null })).toEqual(['start', 'assign', 'cancel']);
    expect(headerActions({ state: 'draft', permissions: INSPECTOR, meId: 'me', holderId: null })).toEqual(['start']);
  });

  it('in progress: the holder completes and works the sections; another takes it over', () => {
    const mine = userActions({ state: 'in_progress', permissions: ALL, meId: 'me', holderId: 'me' });
    expect(mine).toEqual(expect.arrayContaining(['complete', 'reset_section', 'set_section_good', 'cancel']));
    expect(mine).not.toContain('take_over');
    const theirs = userActions({ state: 'in_progress', permissions: ALL, meId: 'me', holderId: 'ann' });
    expect(theirs).toContain('take_over');
    expect(theirs).not.toContain('complete');
    expect(headerActions({ state: 'in_progress', permissions: INSPECTOR, meId: 'me', holderId: 'ann' })).toEqual(['take_over']);
  });

  it('done: approve, share and redo; canceled: nothing', () => {
    expect(headerActions({ state: 'completed', permissions: ALL, meId: 'me', holderId: 'me' })).toEqual(['approve', 'redo', 'cancel']);
    expect(headerActions({ state: 'approved', permissions: ALL, meId: 'me', holderId: null })).toEqual(['redo']);
    expect(headerActions({ state: 'canceled', permissions: ALL, meId: 'me', holderId: null })).toEqual([]);
  });

  it('keeps only what the server says the state offers', () => {
    expect(headerActions({ state: 'completed', available: ['approve'], permissions: ALL, meId: 'me', holderId: null })).toEqual(['approve']);
  });

  it('the form is answered by the holder, in progress, with the right to edit', () => {
    expect(canAnswer({ state: 'in_progress', permissions: INSPECTOR, meId: 'me', holderId: 'me' })).toBe(true);
    expect(canAnswer({ state: 'in_progress', permissions: INSPECTOR, meId: 'me', holderId: 'ann' })).toBe(false);
    expect(canAnswer({ state: 'completed', permissions: INSPECTOR, meId: 'me', holderId: 'me' })).toBe(false);
    expect(canAnswer({ state: 'in_progress', permissions: new Set<Permission>(['start inspections']), meId: 'me', holderId: 'me' })).toBe(false);
  });
});
