import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_DataRouterContext, useNavigate, type Location, type NavigationType } from 'react-router';
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
  // The router itself, not the rendered location: React renders navigations in a transition, so two
  // navigations committed before a render (a click while the previous page still renders) show as
  // one location, and the first would be lost; the router tells each one.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  if (!router) throw new Error('NavHistoryProvider needs a data router (createBrowserRouter)');
  const navigate = useNavigate();
  const [hist, setHist] = useState<NavHistoryState>(emptyHistory);
  // Our own moves (back, forward) not yet seen below: a second click can come before the first
  // move's location; it moves from the last of these, and the locations of the earlier ones are
  // passed over.
  const pending = useRef<{ url: string; state: NavHistoryState }[]>([]);
  const latest = useRef(hist);
  latest.current = hist;

  useEffect(() => {
    const seen = (location: Location, type: NavigationType) => {
      const url = location.pathname + location.search;
      const moves = pending.current;
      const k = moves.findLastIndex((m) => m.url === url);
      pending.current = k < 0 ? [] : moves.slice(k + 1);
      if (k >= 0 && pending.current.length) return;
      const h = latest.current;
      // kept at once: the router can tell a navigation before the state set here renders
      latest.current = k >= 0 ? moves[k].state : type === 'POP' ? pop(h, url) : type === 'REPLACE' ? replaceCurrent(h, url) : visit(h, url);
      setHist(latest.current);
      rememberRoute(store, url);
    };
    let last = router.state.location;
    seen(last, router.state.historyAction);
    // location changes once per committed navigation (a new key, even to the same URL)
    return router.subscribe((state) => {
      if (state.location === last) return;
      last = state.location;
      seen(state.location, state.historyAction);
    });
  }, [router]);

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
