import { describe, expect, it } from 'vitest';
import { nextSort, readListState, sortDirection, writeListState } from './listState.ts';

describe('list state in the URL', () => {
  it('reads page, size, sort, search, filters and the record drawer', () => {
    const s = readListState(new URLSearchParams('page=3&size=25&sort=-name&search=du&filter[active]=true&filter[x]=&id=4&action=edit'), '-created_at');
    expect(s).toEqual({ page: 3, size: 25, sort: '-name', search: 'du', filters: { active: 'true' }, id: '4', action: 'edit' });
  });

  it('falls back to page 1, size 10, the default sort, and ignores unknown actions', () => {
    const s = readListState(new URLSearchParams('page=-2&size=abc&action=hack'), '-created_at');
    expect(s.page).toBe(1);
    expect(s.size).toBe(10);
    expect(s.sort).toBe('-created_at');
    expect(s.action).toBeNull();
  });

  it('writes changes and removes implicit values', () => {
    const p = writeListState(new URLSearchParams('page=2&filter[active]=true'), { page: 1, size: 10, filters: { active: null, role: '3' }, id: '9', action: 'view' });
    expect(Object.fromEntries(p)).toEqual({ 'filter[role]': '3', id: '9', action: 'view' });
  });

  it('cycles the sort of a column', () => {
    expect(nextSort(null, 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBeNull();
    expect(nextSort('-email', 'name')).toBe('name');
    expect(sortDirection('-name', 'name')).toBe('descending');
    expect(sortDirection('email', 'name')).toBe('none');
  });
});
