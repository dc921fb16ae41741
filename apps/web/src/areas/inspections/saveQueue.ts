import type { AnswerChange } from './liveScoring.ts';

/**
 * The answers waiting to reach the server (spec §4: applied locally first, sent in the background,
 * never lost). Pure, so its rules are unit-tested; `AnswerSender` runs it and keeps it in the
 * device's IndexedDB, so a reload or a closed tab does not lose what was not sent.
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
  /** Answers the server refused as invalid (422): shown on their field, not retried. */
  rejected: Record<string, string>;
  /**
   * The server refused the head because of who holds the inspection or its state (403, 409: taken
   * over, completed, canceled meanwhile): sending stops, the answers stay queued, and the user
   * decides (take it over and send them, or drop them). Never retried on its own.
   */
  conflict: { status: number; message: string } | null;
}

export const EMPTY_QUEUE: SaveQueue = { items: [], rejected: {}, conflict: null };

/** Adds a change, merged into the same field's waiting change so the latest answer wins in one call. */
export function enqueue(q: SaveQueue, fieldId: string, recordId: string, change: FieldChange): SaveQueue {
  const rejected = { ...q.rejected };
  delete rejected[fieldId];
  const i = q.items.findIndex((it) => it.recordId === recordId && !it.sending);
  if (i >= 0) {
    const items = [...q.items];
    items[i] = { ...items[i], change: { ...items[i].change, ...change } };
    return { ...q, items, rejected };
  }
  return { ...q, items: [...q.items, { fieldId, recordId, change, sending: false, error: null }], rejected };
}

/** The next change to send, in order; none while one is on its way or a conflict waits for the user. */
export function nextToSend(q: SaveQueue): PendingSave | null {
  const head = q.items[0];
  return head && !head.sending && !q.conflict ? head : null;
}

export function markSending(q: SaveQueue): SaveQueue {
  if (!nextToSend(q)) return q;
  return { ...q, items: [{ ...q.items[0], sending: true, error: null }, ...q.items.slice(1)] };
}

/**
 * Where the answer sent is in the queue now, -1 when it changed meanwhile: another tab of the
 * inspection merged a later answer of the same record into it (it did not know it was on its way),
 * so it stays, to be sent again whole (a PATCH repeated is harmless).
 */
function indexOfSent(q: SaveQueue, sent: PendingSave): number {
  const i = q.items.findIndex((it) => it.recordId === sent.recordId);
  return i >= 0 && JSON.stringify(q.items[i].change) === JSON.stringify(sent.change) ? i : -1;
}

/** The answer sent reached the server: it leaves the queue. */
export function markSent(q: SaveQueue, sent: PendingSave): SaveQueue {
  const i = indexOfSent(q, sent);
  return i < 0 ? q : { ...q, items: q.items.filter((_, k) => k !== i) };
}

/** The head could not be sent: it stays first, to be retried. */
export function markFailed(q: SaveQueue, error: string): SaveQueue {
  if (!q.items[0]) return q;
  return { ...q, items: [{ ...q.items[0], sending: false, error }, ...q.items.slice(1)] };
}

/** The server refused the answer sent: it leaves the queue (retrying cannot help) and the field shows why. */
export function markRejected(q: SaveQueue, sent: PendingSave, error: string): SaveQueue {
  const i = indexOfSent(q, sent);
  return i < 0 ? q : { ...q, items: q.items.filter((_, k) => k !== i), rejected: { ...q.rejected, [sent.fieldId]: error } };
}

/** The head was refused for who holds the inspection or its state: everything stays, sending stops. */
export function markConflict(q: SaveQueue, status: number, message: string): SaveQueue {
  if (!q.items[0]) return q;
  return { ...q, items: [{ ...q.items[0], sending: false, error: null }, ...q.items.slice(1)], conflict: { status, message } };
}

/** The user chose: send again (after taking the inspection over), or drop what waits. */
export const resolveConflict = (q: SaveQueue, keep: boolean): SaveQueue => ({ ...q, items: keep ? q.items : [], conflict: null });

/**
 * A network failure, a timeout, throttling, a server error, or a session to sign in again (401:
 * the answers wait for the next sign-in) may pass later; an invalid value (other 4xx) will not.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

/** Refusals of the inspection's holder or state, not of the answer: the answers wait for the user's choice. */
export const isConflict = (status: number) => status === 403 || status === 409;

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
    return { items, rejected: {}, conflict: null };
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
