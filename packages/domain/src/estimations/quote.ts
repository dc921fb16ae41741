import { partChargeLines, type PartChargeLines } from '../lines/part-charges.ts';
import type { Locale } from '../locale.ts';
import { URGENCIES, URGENCY_LABELS, type Urgency } from '../inspections/urgency.ts';
import { documentParties, decimalNumber, documentFooter, documentTaxes, filled, labelled, ratesCharged, type DocumentParties, type DocumentPartiesInput, type DocumentTax, type Labelled } from '../lines/documents.ts';
import { workLineTotals, type WorkTotals } from '../lines/work-lines.ts';
import { taxesOfLines, type DocumentTerms, type DocumentTotals } from '../lines/document-charges.ts';
import type { Labels } from '../enums.ts';
import {
  CUSTOMER_DECISION_LABELS,
  ESTIMATION_ITEM_STATE_LABELS,
  ITEM_CONDITIONS,
  ITEM_CONDITION_LABELS,
  isItemCharged,
  sumEstimationLines,
  type CustomerDecision,
  type EstimationItemLine,
  type EstimationItemState,
  type ItemCondition,
} from './items.ts';
import { WORK_TYPE_LABELS, type EstimationState, type WorkType, estimationWorkflow } from './states.ts';

// What an estimate's PDF, the quote a customer signs, says (issue 12; GET /estimations/{id}/report):
// the items grouped by urgency and condition, each with its parts, labour, taxes and the decisions
// taken on it, the totals, and the signature block. Pure: the server loads the estimate and draws
// this model. Every amount is the one the item stored when it was written (the API and the
// customer's page show the same), never recomputed here: a tax rate edited since does not change
// the document.

/** An estimation item as the quote reads it: the declaration's attributes, its tax group's taxes now, its supplier's name. */
export interface QuoteItemInput extends EstimationItemLine {
  id: string;
  /** The totals the item stored, with its group's taxes when it was written. */
  totals: WorkTotals;
  detail: string;
  condition?: ItemCondition | null;
  urgency?: Urgency | null;
  part?: string | null;
  part_number?: string | null;
  supplier?: string | null;
  images?: readonly string[] | null;
  position?: number | null;
  customer_decided_at?: string | null;
}

export interface QuoteInput extends DocumentPartiesInput {
  locale: Locale;
  estimation: {
    code: string;
    state: EstimationState;
    type: WorkType;
    version?: number | null;
    created_at: string;
    sent_at?: string | null;
    approved_at?: string | null;
    notes?: string | null;
    department?: string | null;
    stock?: string | null;
  };
  items: readonly QuoteItemInput[];
  /** Its shop supplies and document discount (lines/document-charges.ts; the supplies' taxes read). */
  terms?: DocumentTerms;
  /** The people's names: who priced it, who approves it for the dealership. */
  estimator?: string | null;
  approver?: string | null;
  /** The organization's options (GET /options' map): the document footer. */
  options?: Readonly<Record<string, unknown>> | null;
  /** The customer's signature on the approval page, when they signed (the version of the estimate it applied to). */
  signature?: { signer: string; signed_at: string; image?: string | null; version?: number | null } | null;
}

/** An item's decisions: the dealership's (approver) and the customer's. */
export interface QuoteApproval {
  state: Labelled<EstimationItemState | 'undecided'>;
  customer: (Labelled<CustomerDecision> & { decided_at: string | null }) | null;
}

export interface QuoteLine {
  id: string;
  /** Its number on the quote, 1 to n in the printed order. */
  number: number;
  detail: string;
  condition: Labelled<ItemCondition> | null;
  part: string | null;
  part_number: string | null;
  supplier: string | null;
  quantity: number;
  /** Cents per unit. */
  unit_price: number;
  /** Hours and cents per hour, or a labour price set by hand (`manual`). */
  labour: { time: number; hourly_rate: number; manual: boolean };
  /** Its part's environmental fee and core charge, printed under it (issue 27). */
  charges: PartChargeLines;
  /** Parts, labour, taxes (by code) and total in cents, as the item stored them. */
  totals: WorkTotals;
  /** Covered by a warranty: charged nothing, its value in totals.warranty. */
  warranty: boolean;
  /** Neither denied nor declined: counted in the proposed total. */
  charged: boolean;
  approval: QuoteApproval;
  images: string[];
}

export interface QuoteGroup {
  urgency: Urgency | null;
  condition: ItemCondition | null;
  /** "À faire maintenant · À remplacer". */
  title: string;
  lines: QuoteLine[];
  /** Cents: what the group's charged lines cost, taxes included. */
  total: number;
}

export interface QuoteModel extends DocumentParties {
  locale: Locale;
  code: string;
  state: Labelled<EstimationState>;
  /** Its prices are still being worked out (parts or labour not done, or sent back for revision): printed as a draft. */
  draft: boolean;
  type: Labelled<WorkType>;
  version: number | null;
  dates: { created_at: string; sent_at: string | null; approved_at: string | null };
  notes: string | null;
  department: string | null;
  stock: string | null;
  estimator: string | null;
  approver: string | null;
  /** Most urgent first; within an urgency, in the order of the conditions (replace, repair, verify, monitor, schedule). */
  groups: QuoteGroup[];
  /** What the estimate proposes (every item neither denied nor declined) and what is approved. */
  totals: { proposed: DocumentTotals; approved: DocumentTotals };
  /** The proposed total's taxes with their rates. */
  taxes: DocumentTax[];
  /** Any item approved yet: the quote then shows the approved total beside the proposed one. */
  hasApproved: boolean;
  signature: {
    /** Who signs: the customer's name (blank lines when unknown). */
    name: string | null;
    signed: { signer: string; signed_at: string; image: string | null; version: number | null; stale: boolean } | null;
  };
  documentFooter: string | null;
  /** Every photo the quote prints (to load before drawing). */
  photos: string[];
}

/** What an item without a decision yet says. */
export const UNDECIDED_LABELS: Labels<'undecided'> = { undecided: { fr: 'À décider', en: 'To decide' } };
/** The heading of items with neither urgency nor condition. */
export const OTHER_WORK_LABELS: Labels<'other'> = { other: { fr: 'Autres travaux', en: 'Other work' } };

/** The states in which the estimators are still pricing the estimate. */
const PRICING: ReadonlySet<EstimationState> = new Set(['draft', 'pending', 'assigned', 'in_progress', 'reviewed']);

const rank = <T>(list: readonly T[], v: T | null) => (v === null ? list.length : list.indexOf(v));

function groupTitle(urgency: Urgency | null, condition: ItemCondition | null, locale: Locale) {
  const parts = [urgency && URGENCY_LABELS[urgency][locale], condition && ITEM_CONDITION_LABELS[condition][locale]].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(' · ') : OTHER_WORK_LABELS.other[locale];
}

/** The quote of an estimate: see QuoteModel. */
export function buildQuote(input: QuoteInput): QuoteModel {
  const { locale, estimation: e } = input;
  // The estimate's totals are the sums of its items' stored ones, as the estimate keeps them.
  const totals = sumEstimationLines(input.items, input.terms, taxesOfLines(input.items));
  // Printed order: urgency, condition, then the estimate's own order (position, else as given).
  const order = input.items
    .map((item, k) => ({ item, k, totals: item.totals, urgency: item.urgency ?? null, condition: item.condition ?? null }))
    .sort(
      (a, b) =>
        rank(URGENCIES, a.urgency) - rank(URGENCIES, b.urgency) ||
        rank(ITEM_CONDITIONS, a.condition) - rank(ITEM_CONDITIONS, b.condition) ||
        (a.item.position ?? a.k) - (b.item.position ?? b.k) ||
        a.k - b.k,
    );
  const groups: QuoteGroup[] = [];
  order.forEach(({ item, totals: lineTotals, urgency, condition }, n) => {
    let group = groups.at(-1);
    if (!group || group.urgency !== urgency || group.condition !== condition) groups.push((group = { urgency, condition, title: groupTitle(urgency, condition, locale), lines: [], total: 0 }));
    const charged = isItemCharged(item);
    const manual = item.manual_labour !== null && item.manual_labour !== undefined && String(item.manual_labour).trim() !== '';
    group.lines.push({
      id: item.id,
      number: n + 1,
      detail: item.detail,
      condition: condition ? labelled(condition, ITEM_CONDITION_LABELS, locale) : null,
      part: filled(item.part),
      part_number: filled(item.part_number),
      supplier: filled(item.supplier),
      quantity: decimalNumber(item.quantity),
      unit_price: Math.round(decimalNumber(item.unit_price)),
      labour: { time: decimalNumber(item.time), hourly_rate: Math.round(decimalNumber(item.hourly_rate)), manual },
      charges: partChargeLines(item),
      totals: lineTotals,
      warranty: item.warranty === true,
      charged,
      approval: {
        state: item.state ? labelled(item.state, ESTIMATION_ITEM_STATE_LABELS, locale) : labelled('undecided', UNDECIDED_LABELS, locale),
        customer: item.customer_decision ? { ...labelled(item.customer_decision, CUSTOMER_DECISION_LABELS, locale), decided_at: item.customer_decided_at ?? null } : null,
      },
      images: (item.images ?? []).filter((u) => typeof u === 'string' && u !== ''),
    });
    if (charged) group.total += lineTotals.total;
  });
  const lines = groups.flatMap((g) => g.lines);
  const signed = input.signature;
  const version = e.version ?? null;
  return {
    locale,
    code: e.code,
    state: labelled(e.state, estimationWorkflow.stateLabels, locale),
    draft: PRICING.has(e.state),
    type: labelled(e.type, WORK_TYPE_LABELS, locale),
    version,
    dates: { created_at: e.created_at, sent_at: e.sent_at ?? null, approved_at: e.approved_at ?? null },
    notes: filled(e.notes),
    department: filled(e.department),
    stock: filled(e.stock),
    ...documentParties(input),
    estimator: filled(input.estimator),
    approver: filled(input.approver),
    groups,
    totals: { proposed: totals.proposed, approved: totals.approved },
    taxes: documentTaxes(totals.proposed.taxes, input.items.filter(isItemCharged).map((i) => ratesCharged(i.taxes, i.totals, workLineTotals(i)))),
    hasApproved: input.items.some((i) => i.state === 'approved'),
    signature: {
      name: input.customer?.name ?? null,
      signed: signed
        ? { signer: signed.signer, signed_at: signed.signed_at, image: signed.image ?? null, version: signed.version ?? null, stale: signed.version !== null && signed.version !== undefined && version !== null && signed.version !== version }
        : null,
    },
    documentFooter: documentFooter(input.options),
    photos: [...new Set(lines.flatMap((l) => l.images))],
  };
}
