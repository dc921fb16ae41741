import { describe, expect, it } from 'vitest';
import {
  EMPTY_QUEUE,
  enqueue,
  isConflict,
  isRetryable,
  markConflict,
  markFailed,
  markRejected,
  markSending,
  markSent,
  nextToSend,
  parseQueue,
  pendingChanges,
  resolveConflict,
  saveStatusOf,
  serializeQueue,
} from './saveQueue.ts';

describe('the save queue', () => {
  it('sends in order, one at a time', () => {
    let q = enqueue(EMPTY_QUEUE, 'a', 'ra', { value: true });
    q = enqueue(q, 'b', 'rb', { value: 3 });
    expect(nextToSend(q)?.fieldId).toBe('a');
    q = markSending(q);
    expect(nextToSend(q)).toBeNull();
    expect(saveStatusOf(q, 'a')?.status).toBe('saving');
    q = markSent(q, q.items[0]);
    expect(nextToSend(q)?.fieldId).toBe('b');
    expect(saveStatusOf(q, 'a')).toBeNull();
  });

  it('merges a new change of a field into its waiting one, not into the one being sent', () => {
    let q = enqueue(EMPTY_QUEUE, 'a', 'ra', { value: 'good' });
    q = enqueue(q, 'a', 'ra', { action: 'replace' });
    expect(q.items).toHaveLength(1);
    expect(q.items[0].change).toEqual({ value: 'good', action: 'replace' });
    q = markSending(q);
    q = enqueue(q, 'a', 'ra', { value: 'bad' });
    expect(q.items).toHaveLength(2);
    expect(q.items[1].change).toEqual({ value: 'bad' });
  });

  it('keeps a failed answer first and retries it; loses nothing', () => {
    let q = enqueue(EMPTY_QUEUE, 'a', 'ra', { value: true });
    q = enqueue(q, 'b', 'rb', { value: false });
    q = markFailed(markSending(q), 'offline');
    expect(q.items.map((i) => i.fieldId)).toEqual(['a', 'b']);
    expect(saveStatusOf(q, 'a')).toEqual({ status: 'failed', error: 'offline' });
    expect(nextToSend(q)?.fieldId).toBe('a');
    q = markSending(q);
    q = markSent(q, q.items[0]);
    expect(saveStatusOf(q, 'a')).toBeNull();
  });

  it('keeps an answer sent that another tab changed meanwhile, to send it again whole', () => {
    let q = enqueue(EMPTY_QUEUE, 'a', 'ra', { value: 'good' });
    const sent = nextToSend(q)!;
    // The other tab read the queue from the device without knowing the answer was on its way.
    q = enqueue(parseQueue(serializeQueue(q)), 'a', 'ra', { comment: 'worn' });
    q = markSent(q, sent);
    expect(q.items.map((i) => i.change)).toEqual([{ value: 'good', comment: 'worn' }]);
    q = markRejected(q, sent, 'refused');
    expect(q.rejected).toEqual({});
    q = markSent(q, q.items[0]);
    expect(q.items).toEqual([]);
  });

  it('a refused answer leaves the queue and is shown until the field is answered again', () => {
    let q = enqueue(EMPTY_QUEUE, 'a', 'ra', { value: true });
    q = enqueue(q, 'b', 'rb', { value: 1 });
    q = markSending(q);
    q = markRejected(q, q.items[0], 'Taken over by Ann');
    expect(nextToSend(q)?.fieldId).toBe('b');
    expect(saveStatusOf(q, 'a')).toEqual({ status: 'rejected', error: 'Taken over by Ann' });
    q = enqueue(q, 'a', 'ra', { value: false });
    expect(saveStatusOf(q, 'a')?.status).toBe('saving');
  });

  it('tells a passing failure from a refusal, and a conflict of holder or state from an invalid answer', () => {
    expect([0, 401, 408, 429, 500, 503].every(isRetryable)).toBe(true);
    expect([400, 403, 404, 409, 422].some(isRetryable)).toBe(false);
    expect([403, 409].every(isConflict)).toBe(true);
    expect([0, 400, 404, 422, 500].some(isConflict)).toBe(false);
  });

  it('a conflict stops sending and keeps every answer until the user chooses', () => {
    let q = enqueue(EMPTY_QUEUE, 'a', 'ra', { value: true });
    q = enqueue(q, 'b', 'rb', { value: 1 });
    q = markConflict(markSending(q), 403, 'Ann holds it');
    expect(q.conflict).toEqual({ status: 403, message: 'Ann holds it' });
    expect(q.items.map((i) => [i.fieldId, i.sending])).toEqual([
      ['a', false],
      ['b', false],
    ]);
    expect(nextToSend(q)).toBeNull();
    // Answering meanwhile queues, still without sending.
    q = enqueue(q, 'c', 'rc', { value: 'x' });
    expect(nextToSend(q)).toBeNull();
    expect(nextToSend(resolveConflict(q, true))?.fieldId).toBe('a');
    expect(resolveConflict(q, false)).toEqual(EMPTY_QUEUE);
  });

  it('survives a reload: what was being sent is sent again, garbage is ignored', () => {
    let q = enqueue(EMPTY_QUEUE, 'a', 'ra', { value: { value: 'good', depth_mm: 6 } });
    q = enqueue(q, 'b', 'rb', { comment: 'worn' });
    q = markSending(q);
    const back = parseQueue(serializeQueue(q));
    expect(back.items.map((i) => [i.fieldId, i.sending])).toEqual([
      ['a', false],
      ['b', false],
    ]);
    expect(back.items[0].change).toEqual({ value: { value: 'good', depth_mm: 6 } });
    expect(parseQueue('not json')).toEqual(EMPTY_QUEUE);
    expect(parseQueue('[{"fieldId":1}]').items).toEqual([]);
  });

  it('replays unsent changes per field, the latest last', () => {
    let q = enqueue(EMPTY_QUEUE, 'a', 'ra', { value: 'good' });
    q = markSending(q);
    q = enqueue(q, 'a', 'ra', { action: 'monitor' });
    q = enqueue(q, 'a', 'ra', { value: 'bad' });
    expect(pendingChanges(q).get('a')).toEqual({ value: 'bad', action: 'monitor' });
  });
});
