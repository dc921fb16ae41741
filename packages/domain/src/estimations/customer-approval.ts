import { sumWorkTotals, workLineTotals, type WorkLine, type WorkTotals } from '../lines/work-lines.ts';
import { CUSTOMER_DECISIONS, type CustomerDecision, type EstimationItemLine } from './items.ts';
import { isObject } from '../is-object.ts';

// The customer's answer to an estimate sent for approval (issue 12, send-client-approve): on a
// public page, the customer approves or declines each item the dealership proposes, and signs.
// The answer applies to one version of the estimate; the server stores it immutably and refuses an
// answer to an older version (docs/decisions.md "Customer approval").

/** How long a customer's approval link stays valid, in days: by default, and at most. */
export const APPROVAL_DAYS = { default: 14, max: 60 } as const;

/** The items the customer is asked about: every item the dealership's approver did not deny. */
export function itemsForCustomer<T extends { state?: EstimationItemLine['state'] }>(items: readonly T[]): T[] {
  return items.filter((i) => i.state !== 'denied');
}

export interface CustomerAnswer {
  /** The estimate's version the customer read. */
  version: number;
  signer_name: string;
  /** A PNG data URL from the signature pad; empty when the typed name signs (the shared report's answer). */
  signature: string;
  /** Item id → decision, one per item asked about. */
  decisions: Map<string, CustomerDecision>;
}

export interface AnswerProblem {
  pointer: string;
  code:
    | 'approval.version_required'
    | 'approval.signer_required'
    | 'approval.signature_required'
    | 'approval.decision_invalid'
    | 'approval.item_unknown'
    | 'approval.item_twice'
    | 'approval.decision_missing';
  params?: { count: number };
}

const SIGNER_MAX = 200;
/** A signature pad's PNG at tablet size is ~20–80 kB; 500 kB leaves room and stops abuse. */
const SIGNATURE_MAX = 500_000;
const SIGNATURE = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;
const PNG_MAGIC = '\x89PNG\r\n\x1a\n';

/** A PNG data URL whose bytes are a PNG's (its 8-byte signature): not text, a JPEG or noise under the PNG label. */
function isPngSignature(v: string): boolean {
  if (!SIGNATURE.test(v)) return false;
  // The first 12 base64 characters hold the first 9 bytes (8 with the padding of a bare signature).
  const start = v.slice(v.indexOf(',') + 1, v.indexOf(',') + 13);
  return start.length === 12 && atob(start).startsWith(PNG_MAGIC);
}

const attributesOf = (body: unknown): Record<string, unknown> => (isObject(body) && isObject(body.data) && isObject(body.data.attributes) ? body.data.attributes : {});

/**
 * How the customer signs: `drawn` on the approval page's pad (a PNG), or `typed` on the shared
 * inspection report, where the name typed is the signature (two taps per job, the name, one submit:
 * docs/decisions.md "Approving from the shared report"); a typed answer keeps no image.
 */
export type SignatureMode = 'drawn' | 'typed';

/**
 * Reads `{ data: { attributes: { version, signer_name, signature, decisions: [{ item, decision }] } } }`
 * against the ids of the items asked about; answers every problem at once.
 */
export function parseCustomerAnswer(body: unknown, itemIds: readonly string[], mode: SignatureMode = 'drawn'): { ok: true; answer: CustomerAnswer } | { ok: false; problems: AnswerProblem[] } {
  const a = attributesOf(body);
  const problems: AnswerProblem[] = [];
  const at = (name: string) => `/data/attributes/${name}`;
  const version = a.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) problems.push({ pointer: at('version'), code: 'approval.version_required' });
  const signer = typeof a.signer_name === 'string' ? a.signer_name.trim() : '';
  if (!signer || signer.length > SIGNER_MAX) problems.push({ pointer: at('signer_name'), code: 'approval.signer_required' });
  // Typed: whatever came as `signature` is not read (no image is kept).
  const signature = mode === 'typed' ? '' : typeof a.signature === 'string' ? a.signature : '';
  if (mode === 'drawn' && (!signature || signature.length > SIGNATURE_MAX || !isPngSignature(signature))) problems.push({ pointer: at('signature'), code: 'approval.signature_required' });

  const asked = new Set(itemIds);
  const decisions = new Map<string, CustomerDecision>();
  const list = Array.isArray(a.decisions) ? a.decisions : [];
  list.forEach((entry, k) => {
    const item = isObject(entry) ? entry.item : undefined;
    const decision = isObject(entry) ? entry.decision : undefined;
    if (!(CUSTOMER_DECISIONS as readonly unknown[]).includes(decision)) problems.push({ pointer: at(`decisions/${k}/decision`), code: 'approval.decision_invalid' });
    else if (typeof item !== 'string' || !asked.has(item)) problems.push({ pointer: at(`decisions/${k}/item`), code: 'approval.item_unknown' });
    else if (decisions.has(item)) problems.push({ pointer: at(`decisions/${k}/item`), code: 'approval.item_twice' });
    else decisions.set(item, decision as CustomerDecision);
  });
  const missing = itemIds.filter((id) => !decisions.has(id)).length;
  // An item whose entry was unreadable counts as missing too: said once, after the entries' own problems.
  if (missing) problems.push({ pointer: at('decisions'), code: 'approval.decision_missing', params: { count: missing } });
  if (problems.length) return { ok: false, problems };
  return { ok: true, answer: { version: version as number, signer_name: signer, signature, decisions } };
}

/** The problems alone (for a form that checks as the customer fills it). */
export function customerAnswerProblems(body: unknown, itemIds: readonly string[], mode: SignatureMode = 'drawn'): AnswerProblem[] {
  const parsed = parseCustomerAnswer(body, itemIds, mode);
  return parsed.ok ? [] : parsed.problems;
}

/** What the customer accepted and declined, each with its taxes, in cents. */
export function decidedTotals(items: readonly (WorkLine & { id: string })[], decisions: ReadonlyMap<string, CustomerDecision>): { accepted: WorkTotals; declined: WorkTotals } {
  const pick = (d: CustomerDecision) => sumWorkTotals(items.filter((i) => decisions.get(i.id) === d).map(workLineTotals));
  return { accepted: pick('approved'), declined: pick('declined') };
}
