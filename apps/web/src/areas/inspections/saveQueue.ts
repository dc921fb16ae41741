import type { AnswerChange } from './liveScoring.ts';

/**
 * The answers waiting to reach the server (spec §4: applied locally first, sent in the background,
 * never lost). Pure, so its rules are unit-tested; `useSaveQueue` runs it and keeps it in
 * localStorage, so a reload or a closed tab does not lose what was not sent.
 */
export type FieldChange = AnswerChange & { comment?: string };

export interface PendingSave {
  /** The form field (what the screen knows the answer by). */
  fieldId: string;
  /** The inspection-fields record the PATCH goes to. */
  recordId: string;
  change: FieldChange;
  /** Being sent now: a later change of the same field waits behind it instead of joining it. */
  sending: boolean;
  /** Why the last attempt failed (a network error, the server down): it is retried. */
  error: string | null;
}

export interface SaveQueue {
  items: PendingSave[];
  /** Answers the server refused (taken over meanwhile, an invalid value): shown, not retried. */
  rejected: Record<string, string>;
}

export const EMPTY_QUEUE: SaveQueue = { items: [], rejected: {} };

/** Adds a change, merged into the same field's waiting change so the latest answer wins in one call. */
export function enqueue(q: SaveQueue, fieldId: string, recordId: string, change: FieldChange): SaveQueue {
  const rejected = { ...q.rejected };
  delete rejected[fieldId];
  const i = q.items.findIndex((it) => it.recordId === recordId && !it.sending);
  if (i >= 0) {
    const items = [...q.items];
    items[i] = { ...items[i], change: { ...items[i].change, ...change } };
    return { items, rejected };
  }
  return { items: [...q.items, { fieldId, recordId, change, sending: false, error: null }], rejected };
}

/** The next change to send, in order; none while one is on its way. */
export function nextToSend(q: SaveQueue): PendingSave | null {
  const head = q.items[0];
  return head && !head.sending ? head : null;
}

export function markSending(q: SaveQueue): SaveQueue {
  if (!nextToSend(q)) return q;
  return { ...q, items: [{ ...q.items[0], sending: true, error: null }, ...q.items.slice(1)] };
}

/** The head reached the server. */
export function markSent(q: SaveQueue): SaveQueue {
  return { ...q, items: q.items.slice(1) };
}

/** The head could not be sent: it stays first, to be retried. */
export function markFailed(q: SaveQueue, error: string): SaveQueue {
  if (!q.items[0]) return q;
  return { ...q, items: [{ ...q.items[0], sending: false, error }, ...q.items.slice(1)] };
}

/** The server refused the head: it leaves the queue (retrying cannot help) and the field shows why. */
export function markRejected(q: SaveQueue, error: string): SaveQueue {
  const head = q.items[0];
  if (!head) return q;
  return { items: q.items.slice(1), rejected: { ...q.rejected, [head.fieldId]: error } };
}

/** A network failure, a timeout, throttling or a server error may pass later; a 4xx answer will not. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

export type SaveStatus = 'saving' | 'failed' | 'rejected';

/** How a field's answer stands: on its way, waiting after a failure, or refused. */
export function saveStatusOf(q: SaveQueue, fieldId: string): { status: SaveStatus; error: string | null } | null {
  if (Object.hasOwn(q.rejected, fieldId)) return { status: 'rejected', error: q.rejected[fieldId] };
  const items = q.items.filter((it) => it.fieldId === fieldId);
  if (!items.length) return null;
  const failed = items.find((it) => it.error);
  return failed ? { status: 'failed', error: failed.error } : { status: 'saving', error: null };
}

/** What is kept across a reload: the changes not sent (one being sent is sent again, a PATCH may repeat). */
export function serializeQueue(q: SaveQueue): string {
  return JSON.stringify(q.items.map(({ fieldId, recordId, change }) => ({ fieldId, recordId, change })));
}

export function parseQueue(text: string | null): SaveQueue {
  if (!text) return EMPTY_QUEUE;
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return EMPTY_QUEUE;
    const items = list.flatMap((it): PendingSave[] =>
      it && typeof it === 'object' && typeof it.fieldId === 'string' && typeof it.recordId === 'string' && it.change && typeof it.change === 'object'
        ? [{ fieldId: it.fieldId, recordId: it.recordId, change: it.change as FieldChange, sending: false, error: null }]
        : [],
    );
    return { items, rejected: {} };
  } catch {
    return EMPTY_QUEUE;
  }
}

/** Unsent answers replayed onto the server's: what the screen shows after a reload. */
export function pendingChanges(q: SaveQueue): Map<string, FieldChange> {
  const out = new Map<string, FieldChange>();
  for (const it of q.items) out.set(it.fieldId, { ...out.get(it.fieldId), ...it.change });
  return out;
}
