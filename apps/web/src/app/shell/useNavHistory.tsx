import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { back, canGoBack, canGoForward, emptyHistory, forward, pop, replaceCurrent, visit, type NavHistoryState } from '../navHistory.ts';
import { rememberRoute } from '../lastRoute.ts';
import { storage } from '../session.ts';

interface NavHistoryValue {
  canBack: boolean;
  canForward: boolean;
  goBack: () => void;
  goForward: () => void;
}
const Ctx = createContext<NavHistoryValue>({ canBack: false, canForward: false, goBack: () => {}, goForward: () => {} });
export const useNavHistory = () => useContext(Ctx);

const store = { getItem: (k: string) => storage.get(k), setItem: (k: string, v: string) => storage.set(k, v) };

/** Tracks the shell's navigation history (100 entries, tab rule) and the last route of each section. */
export function NavHistoryProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  const [hist, setHist] = useState<NavHistoryState>(emptyHistory);
  // Our own moves (back, forward) not yet seen by the effect below: React Router renders a navigation
  // in a transition, so a second click can come before the first move's location; it moves from
  // the last of these, and the locations of the earlier ones are passed over.
  const pending = useRef<{ url: string; state: NavHistoryState }[]>([]);
  const latest = useRef(hist);
  latest.current = hist;

  useEffect(() => {
    const url = location.pathname + location.search;
    const moves = pending.current;
    const k = moves.findLastIndex((m) => m.url === url);
    pending.current = k < 0 ? [] : moves.slice(k + 1);
    if (k >= 0 && pending.current.length) return;
    if (k >= 0) setHist(moves[k].state);
    else setHist((h) => (type === 'POP' ? pop(h, url) : type === 'REPLACE' ? replaceCurrent(h, url) : visit(h, url)));
    rememberRoute(store, url);
    // location.key changes on every navigation
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  const go = useCallback(
    (move: (s: NavHistoryState) => NavHistoryState) => {
      const from = pending.current.at(-1)?.state ?? latest.current;
      const next = move(from);
      if (next === from) return;
      const url = next.entries[next.index];
      pending.current = [...pending.current, { url, state: next }];
      navigate(url);
    },
    [navigate],
  );

  const value = useMemo(
    () => ({
      canBack: canGoBack(hist),
      canForward: canGoForward(hist),
      goBack: () => go(back),
      goForward: () => go(forward),
    }),
    [hist, go],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
