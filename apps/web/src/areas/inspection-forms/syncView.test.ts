import { describe, expect, it } from 'vitest';
import { changeRows, countsOf, placeOf, shownValue } from './syncView.ts';

describe('sync dry run as shown', () => {
  it('counts from the server, else from the lines', () => {
    const r = { added: [{ field: 'A' }], changed: [], removed: [], refused: [{ line: 3 }] };
    expect(countsOf(r)).toEqual({ added: 1, changed: 0, removed: 0, refused: 1 });
    expect(countsOf({ ...r, counts: { added: 4 } }).added).toBe(4);
  });

  it('names a line by its place and shows before → after per attribute', () => {
    expect(placeOf({ section: 'Freins', sub_section: 'Avant', field: 'Plaquettes' })).toBe('Freins › Avant › Plaquettes');
    expect(
      changeRows([{ section: 'Freins', field: 'Plaquettes', changes: { coefficient: { before: 1, after: 2 }, points_threshold: { before: [{ option: 'yes', points: 1 }], after: [] } } }]),
    ).toEqual([
      { where: 'Freins › Plaquettes', attribute: 'coefficient', before: 1, after: 2 },
      { where: 'Freins › Plaquettes', attribute: 'points_threshold', before: [{ option: 'yes', points: 1 }], after: [] },
    ]);
    expect(shownValue([{ option: 'yes', points: 1 }, { option: 'no', points: 0 }])).toBe('yes: 1, no: 0');
    expect(shownValue(null)).toBe('—');
  });
});
