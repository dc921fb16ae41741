import { describe, expect, it } from 'vitest';
import type { SyncResult } from '@atelier/domain';
import { changeRows, changesNothing, placeOf, shownValue } from './syncView.ts';

const counts = { added: 0, changed: 0, removed: 0, refused: 0, unchanged: 3 };

describe('sync dry run as shown', () => {
  it('has nothing to apply when the file adds, changes and removes nothing (refused lines aside)', () => {
    const r: SyncResult = { added: [], changed: [], removed: [], refused: [{ line: 3, column: 'field_type', code: 'x', params: {}, message: 'm' }], counts: { ...counts, refused: 1 } };
    expect(changesNothing(r)).toBe(true);
    expect(changesNothing({ ...r, counts: { ...r.counts, removed: 1 } })).toBe(false);
  });

  it('names an entry by its place and shows before → after per attribute', () => {
    expect(placeOf({ section: 'Freins', sub_section: 'Avant', field: 'Plaquettes' })).toBe('Freins › Avant › Plaquettes');
    expect(placeOf({ section: 'Freins' })).toBe('Freins');
    expect(
      changeRows([
        {
          kind: 'field',
          id: 'f1',
          line: 4,
          path: { section: 'Freins', sub_section: 'Avant', field: 'Plaquettes' },
          changes: [
            { attribute: 'coefficient', before: 1, after: 2 },
            { attribute: 'points_threshold', before: [{ option: 'yes', points: 1 }], after: [] },
          ],
        },
      ]),
    ).toEqual([
      { kind: 'field', line: 4, where: 'Freins › Avant › Plaquettes', attribute: 'coefficient', before: 1, after: 2 },
      { kind: 'field', line: 4, where: 'Freins › Avant › Plaquettes', attribute: 'points_threshold', before: [{ option: 'yes', points: 1 }], after: [] },
    ]);
    expect(shownValue([{ option: 'yes', points: 1 }, { option: 'no', points: 0 }])).toBe('yes: 1, no: 0');
    // A mark of an option (a finding always, never) is worded, so a change of the mark alone shows.
    const words = { always: 'toujours un constat', never: 'jamais un constat' };
    expect(shownValue([{ option: 'yes', points: 3, failing: true }, { option: 'no', points: 4, failing: false }, { option: 'n/a', points: 0 }], words)).toBe('yes: 3 (toujours un constat), no: 4 (jamais un constat), n/a: 0');
    expect(shownValue([{ field: { section: 'Freins', sub_section: 'Avant', field: 'Usure' }, operator: 'superior', value: '3' }])).toBe('Freins › Avant › Usure > 3');
    expect(shownValue(null)).toBe('—');
    expect(shownValue([])).toBe('—');
  });
});
