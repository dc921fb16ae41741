import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/jsonapi.ts';
import { AnswerSender, RETRY_MS, type Send } from './answerSender.ts';
import type { PendingSave } from './saveQueue.ts';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
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
    expect(store.m.has('k')).toBe(true);
    await vi.runAllTimersAsync();
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
    const reloaded = new AnswerSender('k', async (i) => void sent.push(i.fieldId), store, () => online);
    reloaded.start();
    expect(reloaded.snapshot().items.map((i) => i.fieldId)).toEqual(['a']);
    online = true;
    reloaded.pump();
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['a']);
  });

  it('a refusal is shown on its field and does not block the others', async () => {
    const sent: string[] = [];
    const send: Send = async (i) => {
      if (i.fieldId === 'a') throw new ApiError(403, [{ detail: 'Held by Ann' }]);
      sent.push(i.fieldId);
    };
    const s = new AnswerSender('k', send, memoryStore());
    s.start();
    s.add('a', 'ra', { value: 1 });
    s.add('b', 'rb', { value: 2 });
    await vi.runAllTimersAsync();
    expect(sent).toEqual(['b']);
    expect(s.snapshot().rejected).toEqual({ a: 'Held by Ann' });
  });

  it('stopped during a call, it leaves the stored queue to the sender that replaced it', async () => {
    const store = memoryStore();
    let finish: () => void = () => {};
    const s = new AnswerSender('k', () => new Promise<void>((r) => (finish = r)), store);
    s.start();
    s.add('a', 'ra', { value: 1 });
    s.stop();
    const next = new AnswerSender('k', async () => {}, store);
    next.add('b', 'rb', { value: 2 });
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(store.getItem('k') ?? '[]').map((i: { fieldId: string }) => i.fieldId)).toEqual(['a', 'b']);
    expect(s.snapshot().items[0]).toMatchObject({ fieldId: 'a', sending: false });
  });
});
