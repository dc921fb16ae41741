import { useEffect, useState, useSyncExternalStore } from 'react';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { useOnline } from '../../lib/online.ts';
import { del, get, set } from 'idb-keyval';
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
  resolveConflict,
  serializeQueue,
  type FieldChange,
  type PendingSave,
  type SaveQueue,
} from './saveQueue.ts';

/** How long a failed answer waits before it is tried again (also retried as soon as the browser is back online). */
export const RETRY_MS = 5000;

export type Send = (item: PendingSave) => Promise<void>;

/** Where the queue is kept: IndexedDB through idb-keyval in the app, a Map in tests. */
export interface QueueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  del(key: string): Promise<void>;
}

/**
 * Runs the save queue of one inspection: sends its answers one by one, in order, keeps what is
 * not sent in the device's storage (IndexedDB: kept across a reload and a closed tab) and retries
 * a failure until it passes; a refusal of the holder or the state stops it until the user
 * chooses. Outside React, so a re-render never sends twice; the screen reads it through
 * `useAnswerSender`.
 */
export class AnswerSender {
  private queue: SaveQueue;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  /** Writes to the store, one after the other, so the last state is the one kept. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly key: string,
    private readonly send: Send,
    private readonly store: QueueStore | null,
    private readonly online: () => boolean = () => true,
    /** The queue loaded from the store before the screen opened (loadQueue). */
    initial: SaveQueue = EMPTY_QUEUE,
  ) {
    this.queue = initial;
  }

  snapshot = (): SaveQueue => this.queue;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  add(fieldId: string, recordId: string, change: FieldChange) {
    this.set(enqueue(this.queue, fieldId, recordId, change));
    this.pump();
  }

  start() {
    this.running = true;
    this.pump();
  }

  stop() {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The user's answer to a conflict: send the waiting answers again (after a take-over), or drop them. */
  resolve(keep: boolean) {
    this.set(resolveConflict(this.queue, keep));
    this.pump();
  }

  /** Everything written to the store so far has landed (tests, and before a reload). */
  flushed = () => this.writing;

  /** Sends the next answer unless one is on its way, a conflict waits, the device is offline or the screen closed. */
  pump = () => {
    if (!this.running || !this.online()) return;
    const head = nextToSend(this.queue);
    if (!head) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.set(markSending(this.queue));
    this.send(head).then(
      () => {
        if (this.released()) return;
        this.set(markSent(this.queue));
        this.pump();
      },
      (e: unknown) => {
        if (this.released()) return;
        const status = e instanceof ApiError ? e.status : 0;
        const message = e instanceof Error ? e.message : String(e);
        if (isRetryable(status)) {
          this.set(markFailed(this.queue, message));
          if (this.running) this.timer = setTimeout(this.pump, RETRY_MS);
        } else if (isConflict(status)) {
          this.set(markConflict(this.queue, status, message));
        } else {
          this.set(markRejected(this.queue, message));
          this.pump();
        }
      },
    );
  };

  /**
   * Stopped while a call was on its way (the screen closed or reopened the inspection): another
   * sender owns the stored queue now, so this one leaves it alone; its answer is sent again (a PATCH
   * repeated is harmless) if this sender is started again.
   */
  private released(): boolean {
    if (this.running) return false;
    this.queue = { ...this.queue, items: this.queue.items.map((it, i) => (i === 0 ? { ...it, sending: false } : it)) };
    return true;
  }

  private set(queue: SaveQueue) {
    const before = this.queue;
    this.queue = queue;
    // Only what is kept (the unsent changes) is written: a change of status alone is not.
    if (this.store && serializeQueue(before) !== serializeQueue(queue)) {
      const store = this.store;
      const text = queue.items.length ? serializeQueue(queue) : null;
      this.writing = this.writing
        .then(() => (text ? store.set(this.key, text) : store.del(this.key)))
        .catch(() => undefined);
    }
    for (const l of this.listeners) l();
  }
}

export const queueKey = (inspectionId: string) => `atelier.inspection-answers.${inspectionId}`;

/** PATCH /inspection-fields/{id}: the answer, and the inspection's recomputed section scores in meta (spec §7). */
export const patchAnswer: Send = async (item) => {
  await request(`/inspection-fields/${encodeURIComponent(item.recordId)}`, {
    method: 'PATCH',
    params: { extra: { add_data: 'inspectionSectionScores' } },
    body: { data: { type: 'inspection-fields', id: item.recordId, attributes: item.change } },
  });
};

/** The device's IndexedDB (idb-keyval's default store), or nothing where there is none. */
export function deviceStore(): QueueStore | null {
  if (typeof indexedDB === 'undefined') return null;
  return { get: (k) => get<string>(k), set: (k, v) => set(k, v), del: (k) => del(k) };
}

/**
 * The answers kept on this device for an inspection, read before its screen opens. Answers kept
 * by an older version of the app in localStorage move to IndexedDB on the way.
 */
export async function loadQueue(inspectionId: string, store: QueueStore | null = deviceStore()): Promise<SaveQueue> {
  const key = queueKey(inspectionId);
  let text: string | undefined;
  try {
    text = await store?.get(key);
  } catch {
    text = undefined;
  }
  try {
    const legacy = window.localStorage.getItem(key);
    if (legacy) {
      const merged = parseQueue(legacy);
      const kept = parseQueue(text ?? null);
      const queue = { ...kept, items: [...merged.items, ...kept.items] };
      if (store) await store.set(key, serializeQueue(queue));
      window.localStorage.removeItem(key);
      return queue;
    }
  } catch {
    /* no localStorage: nothing to move */
  }
  return parseQueue(text ?? null);
}

/** The sender of an inspection's answers, started while the screen is open and pumped when the connection returns. */
export function useAnswerSender(inspectionId: string, initial: SaveQueue, send: Send = patchAnswer) {
  const [sender] = useState(() => new AnswerSender(queueKey(inspectionId), send, deviceStore(), () => navigator.onLine !== false, initial));
  useEffect(() => {
    sender.start();
    window.addEventListener('online', sender.pump);
    return () => {
      window.removeEventListener('online', sender.pump);
      sender.stop();
    };
  }, [sender]);
  const queue = useSyncExternalStore(sender.subscribe, sender.snapshot);
  const online = useOnline();
  return { sender, queue, online };
}
