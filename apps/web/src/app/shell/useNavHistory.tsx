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
  const pending = useRef<NavHistoryState | null>(null);

  useEffect(() => {
    const url = location.pathname + location.search;
    const p = pending.current;
    pending.current = null;
    if (p && p.entries[p.index] === url) setHist(p);
    else setHist((h) => (type === 'POP' ? pop(h, url) : type === 'REPLACE' ? replaceCurrent(h, url) : visit(h, url)));
    rememberRoute(store, url);
    // location.key changes on every navigation
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  const go = useCallback(
    (next: NavHistoryState) => {
      if (next === hist) return;
      pending.current = next;
      navigate(next.entries[next.index]);
    },
    [hist, navigate],
  );

  const value = useMemo(
    () => ({
      canBack: canGoBack(hist),
      canForward: canGoForward(hist),
      goBack: () => go(back(hist)),
      goForward: () => go(forward(hist)),
    }),
    [hist, go],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
