import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, isoToLocal, localToIso, parseTypedDate } from './dates.ts';

describe('dates in the user language (issue 8 item 15)', () => {
  it('French types and shows day/month/year, never the browser month/day/year', () => {
    expect(DATE_FORMATS.fr.date).toBe('DD/MM/YYYY');
    expect(DATE_FORMATS.fr.placeholder).toBe('jj/mm/aaaa');
    expect(parseTypedDate('03/04/1985', 'fr')).toBe('1985-04-03');
    expect(parseTypedDate('3.4.1985', 'fr')).toBe('1985-04-03');
    expect(parseTypedDate('1985-04-03', 'fr')).toBe('1985-04-03');
  });
  it('English takes ISO dates only (03/04 is ambiguous)', () => {
    expect(parseTypedDate('1985-04-03', 'en')).toBe('1985-04-03');
    expect(parseTypedDate('03/04/1985', 'en')).toBeNull();
  });
  it('refuses days that do not exist and years out of range', () => {
    expect(parseTypedDate('30/02/2026', 'fr')).toBeNull();
    expect(parseTypedDate('2026-02-30', 'en')).toBeNull();
    expect(parseTypedDate('01/01/0001', 'fr')).toBeNull();
    expect(parseTypedDate('abc', 'fr')).toBeNull();
  });
  it('a due date travels as an ISO instant and is picked in local time', () => {
    const iso = localToIso('2026-11-23 14:30:00');
    expect(isoToLocal(iso)).toBe('2026-11-23 14:30:00');
    expect(localToIso(null)).toBe('');
    expect(isoToLocal('')).toBeNull();
  });
});
