import { DEFAULT_PAGE_SIZE } from '../../lib/pagination.ts';

/**
 * The state of a list page lives in the URL, so a link can be shared and back works:
 * page, size, sort, search, filter[x], and the record drawer's id and action.
 */
export type RecordAction = 'view' | 'edit' | 'add' | 'add_quick_request';
export const RECORD_ACTIONS: readonly RecordAction[] = ['view', 'edit', 'add', 'add_quick_request'];

/** A list's yes-or-no filter (filter[name]=true or false): its label and each answer's words, as i18n keys. */
export const yesNoFilter = (name: string, label: string, yes: string, no: string) => ({
  name,
  label,
  options: [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ],
});

export interface ListState {
  page: number;
  size: number;
  sort: string | null;
  search: string;
  filters: Record<string, string>;
  id: string | null;
  action: RecordAction | null;
}

export function readListState(params: URLSearchParams, defaultSort: string | null = null): ListState {
  const filters: Record<string, string> = {};
  for (const [k, v] of params) {
    const m = /^filter\[(\w+)\]$/.exec(k);
    if (m && v !== '') filters[m[1]] = v;
  }
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const size = Math.max(1, Math.min(100, Number.parseInt(params.get('size') ?? String(DEFAULT_PAGE_SIZE), 10) || DEFAULT_PAGE_SIZE));
  const action = params.get('action') as RecordAction | null;
  return {
    page,
    size,
    sort: params.get('sort') ?? defaultSort,
    search: params.get('search') ?? '',
    filters,
    id: params.get('id'),
    action: action && RECORD_ACTIONS.includes(action) ? action : null,
  };
}

/** Writes changes into the query; null or '' removes a key; page 1 and size 10 are implicit. */
export function writeListState(params: URLSearchParams, patch: Partial<Omit<ListState, 'filters'>> & { filters?: Record<string, string | null> }): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (k: string, v: string | number | null | undefined) => {
    if (v === null || v === undefined || v === '') next.delete(k);
    else next.set(k, String(v));
  };
  if ('page' in patch) set('page', patch.page === 1 ? null : patch.page);
  if ('size' in patch) set('size', patch.size === DEFAULT_PAGE_SIZE ? null : patch.size);
  if ('sort' in patch) set('sort', patch.sort);
  if ('search' in patch) set('search', patch.search);
  if ('id' in patch) set('id', patch.id);
  if ('action' in patch) set('action', patch.action);
  for (const [k, v] of Object.entries(patch.filters ?? {})) set(`filter[${k}]`, v);
  return next;
}

/** Clicking a column: ascending, then descending, then back to the default. */
export function nextSort(current: string | null, column: string): string | null {
  if (current === column) return `-${column}`;
  if (current === `-${column}`) return null;
  return column;
}

export function sortDirection(current: string | null, column: string): 'ascending' | 'descending' | 'none' {
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return 'none';
}
