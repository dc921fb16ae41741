import { CUSTOMER_DECISIONS, ESTIMATION_ITEM_STATES, ESTIMATION_PHASES, PHASE_STATUSES, estimationTotals, itemAttributeGroup, type DeferredWorkState, type EstimationAction, type EstimationItemGroup, type EstimationItemLine, type EstimationPhase, type EstimationPhases, type EstimationState, type EstimationTotals, type DocumentTerms, type PhaseStatus, type RecordOf, type TaxRate, estimationWorkflow } from '@atelier/domain';
import { stateLabel } from '../../components/resource/workflowState.ts';
import { isOneOf } from '../../lib/enums.ts';
import type { LineValues } from '../../components/resource/lines.ts';
import { hrefOf, listPath } from '../../app/resources.ts';

// The estimate screen without React: its phases as the domain reads them, the buttons it offers,
// who to tell holds a phase, and its items' totals computed live from what the user types.

export const ESTIMATES_PATH = listPath('estimations');
export const estimateHref = hrefOf('estimations');

/** A state in the user's language (the domain's labels); a state this screen does not know as sent. */
export const estimationStateLabel = (state: string): string => stateLabel(estimationWorkflow, state);

/** The phase's status attribute and holder relationship on the record. */
export const PHASE_FIELDS: Record<EstimationPhase, { status: 'components_status' | 'times_status' | 'approval_status'; holder: 'componentsHolder' | 'timesHolder' | 'approvalHolder' }> = {
  components: { status: 'components_status', holder: 'componentsHolder' },
  times: { status: 'times_status', holder: 'timesHolder' },
  approval: { status: 'approval_status', holder: 'approvalHolder' },
};

type Estimation = RecordOf<'estimations'>;
type User = RecordOf<'users'>;
type DeferredWork = RecordOf<'deferred-work'>;
/** An estimate as its phases are read: any of them may be missing from a list's sparse read. */
export type PhaseRecord = Pick<Estimation, 'id'> & Partial<Pick<Estimation, 'components_status' | 'times_status' | 'approval_status' | 'componentsHolder' | 'timesHolder' | 'approvalHolder' | 'available_actions'>>;

const statusOf = (v: unknown): PhaseStatus => (isOneOf(PHASE_STATUSES, v) ? v : 'pending');
const holderOf = (record: PhaseRecord, phase: EstimationPhase) => record[PHASE_FIELDS[phase].holder] ?? null;

/** The phases of an estimate as the domain's rules take them (a holder by id). */
export function phasesOf(record: PhaseRecord): EstimationPhases {
  const one = (p: EstimationPhase) => ({ status: statusOf(record[PHASE_FIELDS[p].status]), holder: holderOf(record, p)?.id ?? null });
  return { components: one('components'), times: one('times'), approval: one('approval') };
}

const TAKE_OVER: Partial<Record<EstimationAction, EstimationPhase>> = { take_over_components: 'components', take_over_times: 'times' };

/** Actions with their own dialog rather than a plain button: sending to the customer asks where and how. */
const OWN_DIALOG: readonly EstimationAction[] = ['send_client_approve'];

/** The header's buttons: what the server offers this user now (available_actions), in the domain's order; take-overs go with their phase. */
export function headerActions(available: readonly string[] | null | undefined): EstimationAction[] {
  return estimationWorkflow.actions.filter((a) => (available ?? []).includes(a) && !TAKE_OVER[a] && !OWN_DIALOG.includes(a));
}

/**
 * What the user most likely does next on an estimate (docs/decisions.md "Estimation states"),
 * most likely first: end the phase in progress, start a phase not yet done, assign a new
 * estimate, take up the approval of a complete one (sending to the customer is its own button),
 * reopen a decided one. The header shows these; the rest wait in its menu.
 */
export function nextEstimationActions(state: EstimationState | null | undefined, phases: EstimationPhases): EstimationAction[] {
  const ends: EstimationAction[] = ['end_components', 'end_times'];
  // A phase not started yet comes before one done that could be started again.
  const starts: EstimationAction[] = phases.times.status === 'pending' && phases.components.status !== 'pending' ? ['start_times', 'start_components'] : ['start_components', 'start_times'];
  switch (state) {
    case 'draft':
    case 'pending':
      return ['assign', ...starts];
    case 'assigned':
    case 'reviewed':
    case 'in_progress':
      return [...ends, ...starts];
    case 'completed':
      return ['end_approve', 'start_approve', 'valid'];
    case 'approved':
    case 'denied':
      return ['redo_approve'];
    default:
      return [];
  }
}

export interface HeldPhase {
  phase: EstimationPhase;
  holder: User;
  /** The take-over this user may do now (its permission held), or null: they are only told. */
  takeOver: EstimationAction | null;
}

/** The phases someone else is working on: the screen says who, and offers the take-over when the server does. */
export function heldByOthers(record: PhaseRecord, meId: string): HeldPhase[] {
  const available: readonly string[] = record.available_actions ?? [];
  return ESTIMATION_PHASES.flatMap((phase) => {
    const holder = holderOf(record, phase);
    if (statusOf(record[PHASE_FIELDS[phase].status]) !== 'in_progress' || !holder || holder.id === meId) return [];
    const takeOver = estimationWorkflow.actions.find((a) => TAKE_OVER[a] === phase && available.includes(a)) ?? null;
    return [{ phase, holder, takeOver }];
  });
}

/** The badge colours of deferred work's states (always with the label). */
export const DEFERRED_STATE_COLORS: Record<DeferredWorkState, string> = { open: 'yellow', reoffered: 'indigo', done: 'teal', dismissed: 'gray' };

/** A vehicle's deferred work as the vehicle shows it: the open suggestions first, then the closed ones, each newest first. */
export function orderDeferredWork<T extends Pick<DeferredWork, 'id'> & Partial<Pick<DeferredWork, 'state' | 'declined_at'>>>(rows: readonly T[]): T[] {
  const at = (r: T) => String(r.declined_at ?? '');
  return [...rows].sort((a, b) => Number(b.state === 'open') - Number(a.state === 'open') || at(b).localeCompare(at(a)));
}

/** Whether the user may give a discount now: the permission, and descriptions still open or the approval held. */
export const discountWritable = (groups: readonly EstimationItemGroup[], canDiscount: boolean): boolean => canDiscount && (groups.includes('description') || groups.includes('decision'));

/** Whether an item's attribute (or relationship) may be written now: its phase group is one the user holds. */
export function itemFieldWritable(name: string, groups: readonly EstimationItemGroup[]): boolean {
  const group = itemAttributeGroup(name);
  return group !== null && groups.includes(group);
}

const cents = (dollars: unknown): number | null => (dollars === '' || dollars === null || dollars === undefined ? null : Math.round(Number(dollars) * 100));
const amount = (v: unknown): number | string | null => (v === '' || v === null || v === undefined ? null : (v as number | string));

/**
 * An item as the form holds it (money typed in dollars, the tax group by id) as the domain's line
 * (cents, the group's taxes): the same conversion the document sent to the server makes.
 */
export function itemLine(values: LineValues, taxesOf: ReadonlyMap<string, readonly TaxRate[]>): EstimationItemLine {
  const group = typeof values.taxGroup === 'string' ? values.taxGroup : null;
  return {
    quantity: amount(values.quantity) ?? 0,
    unit_price: cents(values.unit_price),
    manual_labour: cents(values.manual_labour),
    time: amount(values.time),
    hourly_rate: cents(values.hourly_rate),
    taxes: group ? (taxesOf.get(group) ?? null) : null,
    tax_group_id: group,
    warranty: Boolean(values.warranty),
    discount_percent: amount(values.discount_percent),
    discount_amount: cents(values.discount_amount),
    environmental_fee: cents(values.environmental_fee),
    core_charge: cents(values.core_charge),
    core_returned: Boolean(values.core_returned),
    state: isOneOf(ESTIMATION_ITEM_STATES, values.state) ? values.state : null,
    customer_decision: isOneOf(CUSTOMER_DECISIONS, values.customer_decision) ? values.customer_decision : null,
  };
}

type Charged = Pick<RecordOf<'estimations'>, 'shop_supplies_percent' | 'shop_supplies_cap' | 'document_discount_percent' | 'document_discount_amount'> & { shopSuppliesTaxGroup?: { id: string } | null };

/** An estimate's supplies and discount terms as the domain reads them (its supplies group's taxes from `taxesOf`). */
export function termsOfRecord(record: Charged, taxesOf: ReadonlyMap<string, readonly TaxRate[]>): DocumentTerms {
  const group = record.shopSuppliesTaxGroup?.id;
  return {
    supplies_percent: record.shop_supplies_percent ?? null,
    supplies_cap: record.shop_supplies_cap ?? null,
    supplies_taxes: group ? (taxesOf.get(group) ?? []) : [],
    discount_percent: record.document_discount_percent ?? null,
    discount_amount: record.document_discount_amount ?? null,
  };
}

/** The estimate's totals from the items being edited, with its supplies and discount: recomputed at each keystroke, the server's after saving. */
export function liveTotals(lines: readonly LineValues[], taxesOf: ReadonlyMap<string, readonly TaxRate[]>, terms: DocumentTerms = {}): EstimationTotals {
  return estimationTotals(lines.map((l) => itemLine(l, taxesOf)), terms);
}

/** The supplies and discount inputs: percentages as numbers, money in dollars; '' when empty. */
export interface ChargesForm {
  supplies_percent: number | '';
  supplies_cap: number | '';
  discount_percent: number | '';
  discount_amount: number | '';
}

const input = (v: unknown, scale = 1): number | '' => (v === null || v === undefined || v === '' ? '' : Number(v) / scale);

export const chargesForm = (record: Charged): ChargesForm => ({
  supplies_percent: input(record.shop_supplies_percent),
  supplies_cap: input(record.shop_supplies_cap, 100),
  discount_percent: input(record.document_discount_percent),
  discount_amount: input(record.document_discount_amount, 100),
});

/** The attributes sent for the inputs the user may write (money in cents, empty as null; supplies 0 when emptied). */
export function chargesAttributes(form: ChargesForm, may: { supplies: boolean; discount: boolean }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const money = (v: number | '') => (v === '' ? null : Math.round(v * 100));
  if (may.supplies) Object.assign(out, { shop_supplies_percent: form.supplies_percent === '' ? '0' : String(form.supplies_percent), shop_supplies_cap: money(form.supplies_cap) });
  if (may.discount) Object.assign(out, { document_discount_percent: form.discount_percent === '' ? null : String(form.discount_percent), document_discount_amount: money(form.discount_amount) });
  return out;
}

/** The taxes of each tax group, by the group's id (a group read with its taxes, in order). */
export function taxesByGroup(groups: readonly RecordOf<'tax-groups'>[]): Map<string, TaxRate[]> {
  return new Map(
    groups.map((g) => [
      g.id,
      (g.taxes ?? [])
        .slice()
        .sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0))
        .map((t) => ({ code: String(t.code), rate: String(t.rate), type: String(t.type) })),
    ]),
  );
}
