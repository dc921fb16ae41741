import { useEffect, useState, useSyncExternalStore } from 'react';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import {
  enqueue,
  isRetryable,
  markFailed,
  markRejected,
  markSending,
  markSent,
  nextToSend,
  parseQueue,
  serializeQueue,
  type FieldChange,
  type PendingSave,
  type SaveQueue,
} from './saveQueue.ts';

/** How long a failed answer waits before it is tried again (also retried as soon as the browser is back online). */
export const RETRY_MS = 5000;

export type Send = (item: PendingSave) => Promise<void>;
type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Runs the save queue of one inspection: sends its answers one by one, in order, keeps what is
 * not sent in the device's storage and retries a failure until it passes. Outside React, so a
 * re-render never sends twice; the screen reads it through `useAnswerSender`.
 */
export class AnswerSender {
  private queue: SaveQueue;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;

  constructor(
    private readonly key: string,
    private readonly send: Send,
    private readonly store: KeyValueStore | null,
    private readonly online: () => boolean = () => true,
  ) {
    this.queue = parseQueue(store?.getItem(key) ?? null);
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

  /** Sends the next answer unless one is on its way, the device is offline or the screen closed. */
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
    this.queue = queue;
    if (queue.items.length) this.store?.setItem(this.key, serializeQueue(queue));
    else this.store?.removeItem(this.key);
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

function localStore(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The sender of an inspection's answers, started while the screen is open and pumped when the connection returns. */
export function useAnswerSender(inspectionId: string, send: Send = patchAnswer) {
  const [sender] = useState(() => new AnswerSender(queueKey(inspectionId), send, localStore(), () => navigator.onLine !== false));
  useEffect(() => {
    sender.start();
    window.addEventListener('online', sender.pump);
    return () => {
      window.removeEventListener('online', sender.pump);
      sender.stop();
    };
  }, [sender]);
  const queue = useSyncExternalStore(sender.subscribe, sender.snapshot);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine !== false);
  return { sender, queue, online };
}
