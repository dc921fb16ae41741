import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_ACTIONS } from './form-enums.ts';
import { FIELD_ACTION_URGENCY, POOR_FIELD_SCORE, URGENCIES, findingUrgency } from './urgency.ts';

describe('urgency of the actions', () => {
  it('gives every action a group', () => {
    for (const action of FIELD_ACTIONS) expect(URGENCIES).toContain(FIELD_ACTION_URGENCY[action]);
  });
  it.each([
    ['replace', 'urgent'],
    ['repair', 'urgent'],
    ['rectify', 'urgent'],
    ['leakage', 'urgent'],
    ['verify', 'soon'],
    ['vibrations', 'soon'],
    ['schedule', 'soon'],
    ['monitor', 'monitor'],
    ['recommended_maintenance', 'monitor'],
  ] as const)('%s is %s', (action, urgency) => expect(FIELD_ACTION_URGENCY[action]).toBe(urgency));
});

describe('findingUrgency', () => {
  it.each([
    ['monitor', 49, 'soon'],
    ['monitor', 50, 'monitor'],
    ['verify', 0, 'urgent'],
    ['replace', 0, 'urgent'],
    ['schedule', null, 'soon'],
    ['recommended_maintenance', undefined, 'monitor'],
    ['monitor', Number.NaN, 'monitor'],
  ] as const)('%s scored %s is %s', (action, score, urgency) => expect(findingUrgency(action, score)).toBe(urgency));

  it('is never less urgent than the action, and at most one step more', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_ACTIONS), fc.option(fc.integer({ min: 0, max: 100 })), (action, score) => {
        const base = URGENCIES.indexOf(FIELD_ACTION_URGENCY[action]);
        const got = URGENCIES.indexOf(findingUrgency(action, score));
        expect(base - got).toBe(score !== null && score < POOR_FIELD_SCORE && base > 0 ? 1 : 0);
      }),
    );
  });
});
