// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/jsonapi.ts';
import { AnswerSender, RETRY_MS, loadQueue, queueKey, type Send } from './answerSender.ts';
import type { PendingSave } from './saveQueue.ts';

function memoryStore() {
  const m = new Map<string, string>();
  return { get: async (k: string) => m.get(k), set: async (k: string, v: string) => void m.set(k, v), del: async (k: string) => void m.delete(k), m };
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
