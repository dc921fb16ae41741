import { useEffect, useState, useSyncExternalStore } from 'react';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { useOnline } from '../../lib/online.ts';
import { get, set, update } from 'idb-keyval';
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
  /** Reads and writes the key in one step no other tab comes between (one IndexedDB transaction); undefined empties it. */
  update(key: string, change: (text: string | undefined) => string | undefined): Promise<void>;
}

/**
 * The tabs open on one inspection share its stored queue: one at a time drains it (holds it), the
 * others only add to it, and each tells the others when it changed it.
 */
export interface QueueTabs {
  /** Calls onHeld(true) once this tab holds the queue (at once if it is free, else when the tab holding it lets go or closes), onHeld(false) if it loses it; answers how to let go. */
  hold(onHeld: (held: boolean) => void): () => void;
  /** Tells the other tabs the stored queue changed. */
  announce(): void;
  /** Calls onChange when another tab changed the stored queue; answers how to stop listening. */
  listen(onChange: () => void): () => void;
}

/** A tab alone with its queue (tests, a browser without storage): it holds it at once. */
export const ALONE: QueueTabs = {
  hold: (onHeld) => {
    onHeld(true);
    return () => undefined;
  },
  announce: () => undefined,
  listen: () => () => undefined,
};

/**
 * Runs the save queue of one inspection: sends its answers one by one, in order, keeps what is
 * not sent in the device's storage (IndexedDB: kept across a reload and a closed tab) and retries
 * a failure until it passes; a refusal of the holder or the state stops it until the user
 * chooses. Outside React, so a re-render never sends twice; the screen reads it through
 * `useAnswerSender`. Other tabs may have the inspection open: the stored queue is the one truth,
 * changed in one step each time (an answer added, one sent), and only the tab holding it sends.
 */
export class AnswerSender {
  private queue: SaveQueue;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  /** This tab drains the queue; while another tab does, this one only adds to it. */
  private holding = false;
  /** Counts the starts, so that a hold granted to an earlier start is not taken for this one. */
  private turn = 0;
  private letGo: (() => void) | null = null;
  private unlisten: (() => void) | null = null;
  /** The answer on its way. */
  private inFlight: PendingSave | null = null;
  /** The store's reads and writes, one after the other, so the last state is the one kept. */
  private writing: Promise<void> = Promise.resolve();
  /** Reads and writes not done yet: the view takes the stored queue after the last one only. */
  private pending = 0;

  constructor(
    private readonly key: string,
    private readonly send: Send,
    private readonly store: QueueStore | null,
    private readonly online: () => boolean = () => true,
    /** The queue loaded from the store before the screen opened (loadQueue). */
    initial: SaveQueue = EMPTY_QUEUE,
    private readonly tabs: QueueTabs = ALONE,
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
    this.edit((q) => enqueue(q, fieldId, recordId, change));
    this.pump();
  }

  start() {
    this.running = true;
    const turn = ++this.turn;
    this.unlisten = this.tabs.listen(() => this.reload());
    this.letGo = this.tabs.hold((held) => {
      if (!held) this.holding = false;
      // The tab that held it before may have sent answers this one still shows: read them again first.
      else this.reload(() => (this.holding = this.running && turn === this.turn));
    });
  }

  stop() {
    this.running = false;
    this.holding = false;
    this.letGo?.();
    this.unlisten?.();
    this.letGo = this.unlisten = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The user's answer to a conflict: send the waiting answers again (after a take-over), or drop them. */
  resolve(keep: boolean) {
    if (keep) this.show(resolveConflict(this.queue, true));
    else this.edit((q) => resolveConflict(q, false));
    this.pump();
  }

  /** Everything written to the store so far has landed (tests, and before a reload). */
  flushed = () => this.writing;

  /** Sends the next answer unless one is on its way, another tab sends them, a conflict waits, the device is offline or the screen closed. */
  pump = () => {
    if (!this.running || !this.holding || this.inFlight || !this.online()) return;
    const head = nextToSend(this.queue);
    if (!head) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.inFlight = head;
    this.show(markSending(this.queue));
    this.send(head).then(
      () => {
        this.inFlight = null;
        if (this.released()) return;
        this.edit((q) => markSent(q, head));
        this.pump();
      },
      (e: unknown) => {
        this.inFlight = null;
        if (this.released()) return;
        const status = e instanceof ApiError ? e.status : 0;
        const message = e instanceof Error ? e.message : String(e);
        if (isRetryable(status)) {
          this.show(markFailed(this.queue, message));
          this.timer = setTimeout(this.pump, RETRY_MS);
        } else if (isConflict(status)) {
          this.show(markConflict(this.queue, status, message));
        } else {
          this.edit((q) => markRejected(q, head, message));
          this.pump();
        }
      },
    );
  };

  /**
   * Stopped while a call was on its way (the screen closed or reopened the inspection): another
   * sender owns the stored queue now, so this one leaves it alone; its answer is sent again (a PATCH
   * repeated is harmless) by whichever sender holds the queue next.
   */
  private released(): boolean {
    if (this.running) return false;
    this.show({ ...this.queue, items: this.queue.items.map((it) => ({ ...it, sending: false })) });
    return true;
  }

  /** Reads the stored queue again (another tab changed it, or this one just took it over), then sends what waits. */
  private reload(then?: () => void) {
    const store = this.store;
    this.pending++;
    this.writing = this.writing.then(async () => {
      const text = await store?.get(this.key).catch(() => undefined);
      this.pending--;
      if (store && this.pending === 0) this.showStored(parseQueue(text ?? null));
      then?.();
      this.pump();
    });
  }

  /**
   * Changes the queue: the view at once, and the stored queue as it is now (another tab may have
   * added to it), in one step; then tells the other tabs.
   */
  private edit(change: (q: SaveQueue) => SaveQueue) {
    this.show(change(this.queue));
    const store = this.store;
    if (!store) return;
    this.pending++;
    this.writing = this.writing.then(async () => {
      let stored: SaveQueue | null = null;
      let changed = false;
      await store
        .update(this.key, (text) => {
          const before = this.withInFlight(parseQueue(text ?? null));
          stored = change(before);
          changed = serializeQueue(stored) !== serializeQueue(before);
          return stored.items.length ? serializeQueue(stored) : undefined;
        })
        .catch(() => (stored = null));
      this.pending--;
      if (stored && this.pending === 0) this.showStored(stored);
      if (changed) this.tabs.announce();
    });
  }

  /** The stored answers in the view, with what this tab knows of them: the one on its way, a failure. */
  private showStored(stored: SaveQueue) {
    const known = (it: PendingSave) => this.queue.items.find((v) => v.recordId === it.recordId && JSON.stringify(v.change) === JSON.stringify(it.change));
    this.show({ ...this.queue, items: this.withInFlight(stored).items.map((it) => ({ ...it, error: known(it)?.error ?? null })) });
  }

  /** The stored queue with this tab's answer on its way marked so: a later change waits behind it. */
  private withInFlight(q: SaveQueue): SaveQueue {
    const sent = this.inFlight;
    const i = sent ? q.items.findIndex((it) => it.recordId === sent.recordId) : -1;
    if (i < 0 || JSON.stringify(q.items[i].change) !== JSON.stringify(sent!.change)) return q;
    return { ...q, items: q.items.map((it, k) => (k === i ? { ...it, sending: true } : it)) };
  }

  private show(queue: SaveQueue) {
    this.queue = queue;
    for (const l of this.listeners) l();
  }
}

/** How long a tab's hold lasts without Web Locks unless renewed (a closed tab stops renewing it). */
export const LEASE_MS = 15_000;
/** How long a tab waits to read its lease back, so that two tabs taking it at once do not both hold it. */
const CONFIRM_MS = 250;

/** One tab at a time with Web Locks: the lock is granted when free, else when the tab holding it lets go or closes. */
export function lockHold(locks: Pick<LockManager, 'request'>, name: string) {
  return (onHeld: (held: boolean) => void) => {
    const abort = new AbortController();
    let release = () => {};
    locks
      .request(name, { signal: abort.signal }, () =>
        new Promise<void>((resolve) => {
          release = resolve;
          onHeld(true);
        }),
      )
      .catch(() => undefined);
    return () => {
      abort.abort();
      release();
    };
  };
}

/**
 * One tab at a time without Web Locks (older browsers): a lease in localStorage, renewed while the
 * tab lives, taken by another tab once it lapses or is let go. A tab takes it only if it reads it
 * back as its own a moment after writing it; one that finds it taken by another stops sending.
 */
export function leaseHold(storage: Storage, name: string) {
  return (onHeld: (held: boolean) => void) => {
    const me = `${Date.now()}-${Math.random()}`;
    let held = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const lease = (): { tab: string; until: number } | null => {
      try {
        return JSON.parse(storage.getItem(name) ?? 'null') as { tab: string; until: number } | null;
      } catch {
        return null;
      }
    };
    const later = (f: () => void, ms: number) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(f, ms);
    };
    const confirm = () => {
      if (lease()?.tab === me) {
        held = true;
        onHeld(true);
      }
      later(attempt, LEASE_MS / 3);
    };
    const attempt = () => {
      const l = lease();
      const mine = l?.tab === me;
      if (held && !mine && l && l.until > Date.now()) {
        held = false;
        onHeld(false);
      }
      if (mine || !l || l.until <= Date.now()) {
        storage.setItem(name, JSON.stringify({ tab: me, until: Date.now() + LEASE_MS }));
        if (!held) return later(confirm, CONFIRM_MS);
      }
      later(attempt, LEASE_MS / 3);
    };
    // Let go by the tab holding it: another tab takes it without waiting for its next attempt.
    const onStorage = (e: StorageEvent) => {
      if (e.key === name && e.newValue === null && !held) attempt();
    };
    window.addEventListener('storage', onStorage);
    attempt();
    return () => {
      if (timer) clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
      if (lease()?.tab === me) storage.removeItem(name);
    };
  };
}

/** The tabs of this browser open on a queue: Web Locks, else a lease in localStorage; told of changes by a BroadcastChannel, else every few seconds. */
export function browserTabs(name: string): QueueTabs {
  let channel: BroadcastChannel | null = null;
  const hasChannel = typeof BroadcastChannel !== 'undefined';
  const storage = (() => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  })();
  return {
    hold: typeof navigator !== 'undefined' && navigator.locks ? lockHold(navigator.locks, name) : storage ? leaseHold(storage, `${name}.lease`) : ALONE.hold,
    announce: () => {
      if (!hasChannel) return;
      const out = channel ?? new BroadcastChannel(name);
      out.postMessage('changed');
      if (out !== channel) out.close();
    },
    listen: (onChange) => {
      if (!hasChannel) {
        const every = setInterval(onChange, RETRY_MS);
        return () => clearInterval(every);
      }
      const own = new BroadcastChannel(name);
      channel = own;
      own.onmessage = () => onChange();
      return () => {
        own.close();
        if (channel === own) channel = null;
      };
    },
  };
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
  return { get: (k) => get<string>(k), set: (k, v) => set(k, v), update: (k, change) => update<string | undefined>(k, change) };
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
  const [sender] = useState(() => {
    const key = queueKey(inspectionId);
    return new AnswerSender(key, send, deviceStore(), () => navigator.onLine !== false, initial, browserTabs(key));
  });
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
