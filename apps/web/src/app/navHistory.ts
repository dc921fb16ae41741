/**
 * Navigation history of the shell (spec platform §2 "Navigation behaviour"): at most 100 entries,
 * back and forward, and a change of the `tab` query parameter alone does not add an entry.
 */
export const HISTORY_CAP = 100;

export interface NavHistoryState {
  entries: string[];
  index: number;
}

export const emptyHistory = (): NavHistoryState => ({ entries: [], index: -1 });

/** The URL without its `tab` parameter, to compare two URLs under the tab rule. */
export function withoutTab(url: string): string {
  const [pathAndQuery, hash = ''] = url.split('#');
  const [path, query = ''] = pathAndQuery.split('?');
  const params = new URLSearchParams(query);
  params.delete('tab');
  const q = params.toString();
  return `${path}${q ? `?${q}` : ''}${hash ? `#${hash}` : ''}`;
}

/** A new visit: drops forward entries, ignores a tab-only change (the entry is updated), caps at 100. */
export function visit(state: NavHistoryState, url: string): NavHistoryState {
  const current = state.entries[state.index];
  if (current !== undefined && withoutTab(current) === withoutTab(url)) {
    if (current === url) return state;
    const entries = [...state.entries];
    entries[state.index] = url;
    return { entries, index: state.index };
  }
  const entries = [...state.entries.slice(0, state.index + 1), url];
  const overflow = Math.max(0, entries.length - HISTORY_CAP);
  return { entries: entries.slice(overflow), index: entries.length - 1 - overflow };
}

export const canGoBack = (s: NavHistoryState) => s.index > 0;
export const canGoForward = (s: NavHistoryState) => s.index < s.entries.length - 1;

export function back(s: NavHistoryState): NavHistoryState {
  return canGoBack(s) ? { ...s, index: s.index - 1 } : s;
}
export function forward(s: NavHistoryState): NavHistoryState {
  return canGoForward(s) ? { ...s, index: s.index + 1 } : s;
}

/**
 * A browser back/forward (POP) lands on some URL: move the index when it matches a neighbour,
 * otherwise treat it as a visit.
 */
export function pop(s: NavHistoryState, url: string): NavHistoryState {
  if (s.entries[s.index - 1] !== undefined && withoutTab(s.entries[s.index - 1]) === withoutTab(url))
    return { ...back(s), entries: replaceAt(s.entries, s.index - 1, url) };
  if (s.entries[s.index + 1] !== undefined && withoutTab(s.entries[s.index + 1]) === withoutTab(url))
    return { ...forward(s), entries: replaceAt(s.entries, s.index + 1, url) };
  return visit(s, url);
}

function replaceAt(list: string[], i: number, v: string): string[] {
  if (list[i] === v) return list;
  const copy = [...list];
  copy[i] = v;
  return copy;
}

/** A redirect (REPLACE) changes the current entry in place. */
export function replaceCurrent(s: NavHistoryState, url: string): NavHistoryState {
  if (s.index < 0) return visit(s, url);
  if (s.entries[s.index] === url) return s;
  const entries = [...s.entries];
  entries[s.index] = url;
  return { entries, index: s.index };
}
