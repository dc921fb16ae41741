// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/jsonapi.ts';
import { AnswerSender, LEASE_MS, RETRY_MS, leaseHold, loadQueue, lockHold, queueKey, type QueueTabs, type Send } from './answerSender.ts';
import type { PendingSave } from './saveQueue.ts';

function memoryStore() {
  const m = new Map<string, string>();
  return {
    get: async (k: string) => m.get(k),
    set: async (k: string, v: string) => void m.set(k, v),
    update: async (k: string, change: (text: string | undefined) => string | undefined) => {
      const v = change(m.get(k));
      if (v === undefined) m.delete(k);
      else m.set(k, v);
    },
    m,
  };
}

/** Web Locks as a browser grants them: at once when free, else in turn when the holder lets go; a waiting request may be aborted. */
function memoryLocks(): Pick<LockManager, 'request'> {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const request = (name: string, options: LockOptions, callback: LockGrantedCallback<unknown>) =>
    new Promise((resolve, reject) => {
      const grant = () => {
        held.add(name);
        void Promise.resolve(callback({ name, mode: 'exclusive' })).then((v) => {
          held.delete(name);
          waiting.get(name)?.shift()?.();
          resolve(v);
        });
      };
      if (!held.has(name)) return grant();
      const line = waiting.get(name) ?? [];
      waiting.set(name, [...line, grant]);
      options.signal?.addEventListener('abort', () => {
        waiting.set(name, (waiting.get(name) ?? []).filter((g) => g !== grant));
        reject(new DOMException('Aborted', 'AbortError'));
      });
    });
  return { request: request as LockManager['request'] };
}

/** Tabs of one browser on one queue: each told of the others' changes. */
function browserOf(hold: (name: string) => QueueTabs['hold']) {
  const listeners = new Set<() => void>();
  return (): QueueTabs => {
    let mine: (() => void) | null = null;
    return {
      hold: hold('q'),
      announce: () => [...listeners].filter((l) => l !== mine).forEach((l) => l()),
      listen: (onChange) => {
        mine = onChange;
        listeners.add(onChange);
        return () => listeners.delete(onChange);
      },
    };
  };
}

describe('the answer sender', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('sends in order and empties the stored queue', async () => {
    const sent: string[] = [];
    const store = memoryStore();
    const s = new AnswerSender('k', async (i) => void sent.push(`${i.fieldId}=${JSON.stringify(i.change.value)}`), store);
    s.start();
    s.add('a', 'ra', { value: true });
    s.add('b', 'rb', { value: 2 });
    await s.flushed();
    expect(store.m.has('k')).toBe(true);
    await vi.runAllTimersAsync();
    await s.flushed();
    expect(sent).toEqual(['a=true', 'b=2']);
    expect(s.snapshot().items).toEqual([]);
    expect(store.m.has('k')).toBe(false);
  });

  it('keeps an answer through a network failure and sends it on retry', async () => {
    let fail = true;
    const sent: PendingSave[] = [];
    const send: Send = async (i) => {
      if (fail) throw new ApiError(0, [{ title: 'NETWORK_ERROR' }]);
      sent.push(i);
    };
    const s = new AnswerSender('k', send, memoryStore());
    s.start();
    s.add('a', 'ra', { value: 'good' });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.snapshot().items[0]).toMatchObject({ fieldId: 'a', error: 'NETWORK_ERROR', sending: false });
    fail = false;
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(sent.map((i) => i.fieldId)).toEqual(['a']);
    expect(s.snapshot().items).toEqual([]);
  });

  it('offline: nothing is sent until pumped back online; a reload finds the answers', async () => {
    let online = false;
    const store = memoryStore();
    const sent: string[] = [];
    const s = new AnswerSender('k', async (i) => void sent.push(i.fieldId), store, () => online);
    s.start();
    s.add('a', 'ra', { value: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
    s.stop();
    await s.flushed();
    const reloaded = new AnswerSender('k', async (i) => void sent.push(i.fieldId), store, () => online, await loadQueue('x', { ...store, get: (k) => store.get(k === queueKey('x') ? 'k' : k) }));
    reloaded.start();
    expect(reloaded.snapshot().items.map((i) => i.fieldId)).toEqual(['a']);
    online = true;
    reloaded.pump();
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['a']);
  });

  it('an invalid answer is shown on its field and does not block the others', async () => {
    const sent: string[] = [];
    const send: Send = async (i) => {
      if (i.fieldId === 'a') throw new ApiError(422, [{ detail: 'The value must be yes or no' }]);
      sent.push(i.fieldId);
    };
    const s = new AnswerSender('k', send, memoryStore());
    s.start();
    s.add('a', 'ra', { value: 1 });
    s.add('b', 'rb', { value: 2 });
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['b']);
    expect(s.snapshot().rejected).toEqual({ a: 'The value must be yes or no' });
  });

  it('taken over meanwhile: stops, keeps every answer, never retries alone; sends them once the user takes it back', async () => {
    const store = memoryStore();
    const sent: string[] = [];
    let holder = 'Ann';
    const send: Send = async (i) => {
      if (holder !== 'me') throw new ApiError(403, [{ detail: `${holder} fait cette inspection` }]);
      sent.push(i.fieldId);
    };
    const s = new AnswerSender('k', send, store);
    s.start();
    s.add('a', 'ra', { value: 1 });
    s.add('b', 'rb', { value: 2 });
    await vi.advanceTimersByTimeAsync(RETRY_MS * 10);
    await s.flushed();
    expect(sent).toEqual([]);
    expect(s.snapshot().conflict).toEqual({ status: 403, message: 'Ann fait cette inspection' });
    expect(s.snapshot().items.map((i) => i.fieldId)).toEqual(['a', 'b']);
    expect(JSON.parse(store.m.get('k')!).length).toBe(2);
    holder = 'me';
    s.pump();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
    s.resolve(true);
    await vi.runAllTimersAsync();
    await s.flushed();
    expect(sent).toEqual(['a', 'b']);
    expect(store.m.has('k')).toBe(false);
  });

  it('drops the waiting answers when the user chooses so', async () => {
    const store = memoryStore();
    const s = new AnswerSender('k', async () => Promise.reject(new ApiError(409, [{ detail: 'Completed' }])), store);
    s.start();
    s.add('a', 'ra', { value: 1 });
    await vi.advanceTimersByTimeAsync(0);
    s.resolve(false);
    await s.flushed();
    expect(s.snapshot()).toMatchObject({ items: [], conflict: null });
    expect(store.m.has('k')).toBe(false);
  });

  it('moves answers an older version kept in localStorage to IndexedDB', async () => {
    const store = memoryStore();
    window.localStorage.setItem(queueKey('i1'), JSON.stringify([{ fieldId: 'a', recordId: 'ra', change: { value: true } }]));
    const q = await loadQueue('i1', store);
    expect(q.items.map((i) => i.fieldId)).toEqual(['a']);
    expect(window.localStorage.getItem(queueKey('i1'))).toBeNull();
    expect(JSON.parse(store.m.get(queueKey('i1'))!)).toEqual([{ fieldId: 'a', recordId: 'ra', change: { value: true } }]);
    expect((await loadQueue('i1', store)).items).toHaveLength(1);
  });

  it('stopped during a call, it leaves the stored queue to the sender that replaced it', async () => {
    const store = memoryStore();
    let finish: () => void = () => {};
    const s = new AnswerSender('k', () => new Promise<void>((r) => (finish = r)), store);
    s.start();
    s.add('a', 'ra', { value: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.snapshot().items[0]).toMatchObject({ fieldId: 'a', sending: true });
    s.stop();
    await s.flushed();
    const next = new AnswerSender('k', async () => {}, store, () => true, await loadQueue('k2', { ...store, get: () => store.get('k') }));
    next.add('b', 'rb', { value: 2 });
    finish();
    await vi.advanceTimersByTimeAsync(0);
    await next.flushed();
    expect(JSON.parse(store.m.get('k') ?? '[]').map((i: { fieldId: string }) => i.fieldId)).toEqual(['a', 'b']);
    expect(s.snapshot().items[0]).toMatchObject({ fieldId: 'a', sending: false });
  });
});

describe('two tabs open on one inspection', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    window.localStorage.clear();
  });

  for (const [how, hold] of [
    ['Web Locks', (locks: Pick<LockManager, 'request'>) => (name: string) => lockHold(locks, name)],
    ['a lease in localStorage (no Web Locks)', () => (name: string) => leaseHold(window.localStorage, name)],
  ] as const) {
    it(`send each answer once, one tab at a time, the other taking over when the first closes (${how})`, async () => {
      const store = memoryStore();
      const tabs = browserOf(hold(memoryLocks()));
      const sent: string[] = [];
      // Each call takes a while, so that both tabs are open while answers are on their way.
      const send = (tab: string): Send => (i) => new Promise((r) => setTimeout(() => r(void sent.push(`${tab}:${i.fieldId}`)), 100));
      // Answers kept on the device from an earlier visit: both tabs load them.
      await store.set('k', JSON.stringify(['a', 'b', 'c'].map((f) => ({ fieldId: f, recordId: `r${f}`, change: { value: f } }))));
      const first = new AnswerSender('k', send('first'), store, () => true, await loadQueue('k', { ...store, get: () => store.get('k') }), tabs());
      const second = new AnswerSender('k', send('second'), store, () => true, await loadQueue('k', { ...store, get: () => store.get('k') }), tabs());
      first.start();
      await vi.advanceTimersByTimeAsync(1000);
      second.start();
      // The second tab's answers go to the stored queue: the first sends them too.
      second.add('d', 'rd', { value: 'd' });
      await vi.advanceTimersByTimeAsync(150);
      first.stop();
      second.add('e', 're', { value: 'e' });
      await vi.advanceTimersByTimeAsync(LEASE_MS * 2);
      await second.flushed();
      const fields = sent.map((x) => x.split(':')[1]);
      expect(fields.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(sent.filter((x) => x.startsWith('first')).length).toBeGreaterThan(0);
      expect(sent.at(-1)).toBe('second:e');
      expect(store.m.has('k')).toBe(false);
      expect(second.snapshot().items).toEqual([]);
    });
  }
});
