import { defineEnum } from '../enums.ts';
import type { Locale } from '../locale.ts';
import { WORK_ACTIONS, WORK_STATES, defineWorkflow, type ActionSpec, type WorkStatus } from '../workflow/workflow.ts';

// Estimation states, phases and actions (spec §4, §6, §7; issue 12). An estimate is worked in
// three phases: components (the parts), times (the labour), then approval. Parts and labour may
// be worked at the same time, by different people; each phase in progress is held by one user,
// whom the others may take over (parts and labour only). The table is in docs/decisions.md
// "Estimation states". Pure: the server's policies and the web's buttons read the same rules.

/** Who pays for the work: a customer, the dealership (a used vehicle reconditioned for sale), or a manufacturer's warranty. Repairs take the same. */
export const [WORK_TYPES, WORK_TYPE_LABELS] = defineEnum('work_types', ['customer', 'internal', 'warranty']);
export type WorkType = (typeof WORK_TYPES)[number];

const STATES = {
  ...WORK_STATES,
  completed: { label: { fr: 'À approuver', en: 'To approve' }, color: 'cyan' },
  approved: { label: { fr: 'Approuvée', en: 'Approved' }, color: 'teal' },
  reviewed: { label: { fr: 'À réviser', en: 'To revise' }, color: 'grape' },
  denied: { label: { fr: 'Refusée', en: 'Denied' }, color: 'red' },
  canceled: { label: { fr: 'Annulée', en: 'Canceled' }, color: 'gray' },
} as const;
export type EstimationState = keyof typeof STATES;

export const [ESTIMATION_PHASES, ESTIMATION_PHASE_LABELS] = defineEnum('estimation_phases', ['components', 'times', 'approval']);
export type EstimationPhase = (typeof ESTIMATION_PHASES)[number];

/** A phase is not started (`pending`, the spec's word), in progress (held by someone) or done. */
export const [PHASE_STATUSES, PHASE_STATUS_LABELS] = defineEnum('phase_statuses', ['pending', 'in_progress', 'done']);
export type PhaseStatus = (typeof PHASE_STATUSES)[number];

export interface PhaseState {
  status: PhaseStatus;
  /** The user working on it while it is in progress; null otherwise. */
  holder: string | null;
}
export type EstimationPhases = Readonly<Record<EstimationPhase, PhaseState>>;
/** An estimate's status as its workflow reads it: its state and its phases (each held or not). */
export interface EstimationStatus extends WorkStatus<EstimationState> {
  phases: EstimationPhases;
}

const PENDING: PhaseState = { status: 'pending', holder: null };
const DONE: PhaseState = { status: 'done', holder: null };
const held = (holder: string): PhaseState => ({ status: 'in_progress', holder });
/** Work stopped (cancel): what was in progress was not finished. */
const released = (p: PhaseState): PhaseState => (p.status === 'in_progress' ? PENDING : p);

interface Status {
  state: EstimationState;
  phases: EstimationPhases;
}

interface Rule {
  from: readonly EstimationState[];
  /** The statuses the phases must be in. */
  phases?: Partial<Record<EstimationPhase, readonly PhaseStatus[]>>;
  /**
   * Who may act on `phase` while it is in progress: its holder (the others are told who holds it),
   * or, for a take-over, anyone else.
   */
  holder?: { phase: EstimationPhase; may: 'holder' | 'other' };
  apply(s: Status, actor: string): Status;
}

const BEFORE_APPROVAL = ['draft', 'pending', 'assigned', 'in_progress', 'reviewed', 'completed'] as const;
const with_ = (s: Status, state: EstimationState, phases: Partial<Record<EstimationPhase, PhaseState>> = {}): Status => ({
  state,
  phases: { ...s.phases, ...phases },
});

/** Starting parts or labour (again, to change them) puts the estimate in progress, until approval begins. */
const start = (phase: 'components' | 'times'): Rule => ({
  from: BEFORE_APPROVAL,
  phases: { [phase]: ['pending', 'done'], approval: ['pending'] },
  apply: (s, actor) => with_(s, 'in_progress', { [phase]: held(actor) }),
});
/** Ending the second of parts and labour completes the estimate: it goes to approval. */
const end = (phase: 'components' | 'times'): Rule => ({
  from: ['in_progress'],
  phases: { [phase]: ['in_progress'] },
  holder: { phase, may: 'holder' },
  apply: (s) => {
    const other = phase === 'components' ? 'times' : 'components';
    return with_(s, s.phases[other].status === 'done' ? 'completed' : 'in_progress', { [phase]: DONE });
  },
});
const takeOver = (phase: 'components' | 'times'): Rule => ({
  from: ['in_progress'],
  phases: { [phase]: ['in_progress'] },
  holder: { phase, may: 'other' },
  apply: (s, actor) => with_(s, s.state, { [phase]: held(actor) }),
});
/** A decision on a complete estimate: by the approver once they started, else by anyone allowed. */
const decide = (apply: Rule['apply']): Rule => ({
  from: ['completed'],
  phases: { approval: ['pending', 'in_progress'] },
  holder: { phase: 'approval', may: 'holder' },
  apply,
});

const RULES = {
  assign: {
    from: ['draft', 'pending', 'assigned', 'in_progress', 'reviewed'],
    // Before work, assigning makes it to do; during work it only changes who is expected.
    apply: (s) => with_(s, s.state === 'draft' || s.state === 'pending' ? 'assigned' : s.state),
  },
  start_components: start('components'),
  end_components: end('components'),
  take_over_components: takeOver('components'),
  start_times: start('times'),
  end_times: end('times'),
  take_over_times: takeOver('times'),
  start_approve: {
    from: ['completed'],
    phases: { approval: ['pending'] },
    apply: (s, actor) => with_(s, 'completed', { approval: held(actor) }),
  },
  // Sending starts the approval if needed; the customer's answers come back on the items.
  send_client_approve: decide((s, actor) => with_(s, 'completed', { approval: s.phases.approval.holder ? s.phases.approval : held(actor) })),
  end_approve: {
    from: ['completed'],
    phases: { approval: ['in_progress'] },
    holder: { phase: 'approval', may: 'holder' },
    apply: (s) => with_(s, 'approved', { approval: DONE }),
  },
  // Validate the whole estimate at once (its undecided items approved), without the item-by-item phase.
  valid: decide((s) => with_(s, 'approved', { approval: DONE })),
  deny: decide((s) => with_(s, 'denied', { approval: DONE })),
  // Back to the estimators: parts and labour stay done until one of them is started again.
  review: decide((s) => with_(s, 'reviewed', { approval: PENDING })),
  // The server cancels the repair made from it.
  redo_approve: {
    from: ['approved', 'denied'],
    apply: (s, actor) => with_(s, 'completed', { approval: held(actor) }),
  },
  // Skip the estimate: every phase is over, and the server opens the repair.
  by_pass: {
    from: BEFORE_APPROVAL,
    apply: (s) => with_(s, 'approved', { components: DONE, times: DONE, approval: DONE }),
  },
  cancel: {
    from: ['draft', 'pending', 'assigned', 'in_progress', 'reviewed', 'completed', 'denied'],
    apply: (s) => ({ state: 'canceled', phases: { components: released(s.phases.components), times: released(s.phases.times), approval: released(s.phases.approval) } }),
  },
} satisfies Record<string, Rule>;
type RuleName = keyof typeof RULES;

/**
 * Why an action is refused: the estimate's state does not offer it (`state`), a phase is not where
 * the action needs it (`phase`), another user holds the phase (`held`: tell who, offer a take-over),
 * or the actor already holds what they try to take over (`own`).
 */
export type EstimationRefusal = 'state' | 'phase' | 'held' | 'own';

export type EstimationStep =
  | { ok: true; state: EstimationState; phases: EstimationPhases }
  | { ok: false; reason: EstimationRefusal; phase?: EstimationPhase; holder?: string | null };

/** Why the state or the phases do not offer the rule (with the phase that is not where it must be), or null. */
function offered(rule: Rule, state: EstimationState, phases: EstimationPhases): { reason: 'state' | 'phase'; phase?: EstimationPhase } | null {
  if (!rule.from.includes(state)) return { reason: 'state' };
  for (const [phase, statuses] of Object.entries(rule.phases ?? {}) as [EstimationPhase, readonly PhaseStatus[]][])
    if (!statuses.includes(phases[phase].status)) return { reason: 'phase', phase };
  return null;
}

/** What an action by `actor` (a user id) does to the estimate, or why it is refused. */
export function estimationStep(state: EstimationState, phases: EstimationPhases, action: EstimationAction, actor: string): EstimationStep {
  const rule: Rule = RULES[action];
  const refusal = offered(rule, state, phases);
  if (refusal) return { ok: false, ...refusal };
  if (rule.holder) {
    const { phase, may } = rule.holder;
    const { status, holder } = phases[phase];
    if (may === 'other' && holder === actor) return { ok: false, reason: 'own', phase };
    if (may === 'holder' && status === 'in_progress' && holder !== actor) return { ok: false, reason: 'held', phase, holder };
  }
  return { ok: true, ...rule.apply({ state, phases }, actor) };
}

/** Each action's label, permission (spec §6) and route; 'complete estimations' gates none (parts and labour done complete it). */
const ACTIONS: Record<RuleName, Omit<ActionSpec<EstimationState>, 'from'>> = {
  assign: { ...WORK_ACTIONS.assign, permission: 'assign estimations' },
  start_components: { label: { fr: 'Commencer les pièces', en: 'Start the parts' }, permission: 'edit components estimations', stamps: { by: 'components_started_by_id' } },
  end_components: { label: { fr: 'Terminer les pièces', en: 'End the parts' }, permission: 'edit components estimations', stamps: { by: 'components_ended_by_id' } },
  take_over_components: { label: { fr: 'Prendre en charge les pièces', en: 'Take over the parts' }, permission: 'take over estimations', route: 'take-over/components' },
  start_times: { label: { fr: "Commencer la main-d'œuvre", en: 'Start the labour' }, permission: 'edit times estimations', stamps: { by: 'times_started_by_id' } },
  end_times: { label: { fr: "Terminer la main-d'œuvre", en: 'End the labour' }, permission: 'edit times estimations', stamps: { by: 'times_ended_by_id' } },
  take_over_times: { label: { fr: "Prendre en charge la main-d'œuvre", en: 'Take over the labour' }, permission: 'take over estimations', route: 'take-over/times' },
  start_approve: { label: { fr: "Commencer l'approbation", en: 'Start the approval' }, permission: 'approve estimations', stamps: { by: 'approval_started_by_id' } },
  send_client_approve: { label: { fr: 'Envoyer au client pour approbation', en: 'Send to the customer for approval' }, permission: 'approve estimations', confirm: true },
  end_approve: { label: { fr: "Terminer l'approbation", en: 'End the approval' }, permission: 'approve estimations', stamps: { by: 'approval_ended_by_id' } },
  valid: { label: { fr: 'Valider', en: 'Validate' }, permission: 'validate estimations', stamps: { by: ['validated_by_id', 'approval_ended_by_id'] } },
  review: { label: { fr: 'Renvoyer en révision', en: 'Send back for revision' }, permission: 'review estimations', stamps: { by: 'reviewed_by_id' }, confirm: true },
  deny: { label: { fr: 'Refuser', en: 'Deny' }, permission: 'deny estimations', stamps: { by: ['denied_by_id', 'approval_ended_by_id'] }, confirm: true, color: 'red.8' },
  redo_approve: { label: { fr: "Reprendre l'approbation", en: 'Redo the approval' }, permission: 'approve estimations', stamps: { by: 'approval_started_by_id' }, confirm: true },
  by_pass: { label: { fr: 'Passer à la réparation', en: 'Skip to the repair' }, permission: 'make repair without estimation', confirm: true },
  cancel: { label: { fr: 'Annuler', en: 'Cancel' }, permission: 'cancel estimations', stamps: { by: 'canceled_by_id', at: 'canceled_at' }, get: true, confirm: true, color: 'red.8' },
};

/**
 * The estimate's workflow: the kit's labels, permissions, routes and stamps, its states' colours;
 * the check is the phases' rules above.
 */
export const estimationWorkflow = defineWorkflow<EstimationState, RuleName, EstimationStatus>({
  states: STATES,
  actions: Object.fromEntries(
    // In the order of ACTIONS: the buttons' order.
    (Object.keys(ACTIONS) as RuleName[]).map((a) => [a, { ...ACTIONS[a], from: RULES[a].from }]),
  ) as Record<RuleName, ActionSpec<EstimationState>>,
  editable: ['draft', 'pending', 'assigned', 'in_progress', 'completed', 'approved', 'reviewed', 'denied'],
  check(status, action, who) {
    const step = estimationStep(status.state, status.phases, action, who.id);
    return step.ok ? { ok: true, to: step.state } : step;
  },
});

export type EstimationAction = RuleName;

/** Starting a phase already done starts it again: its button says so. */
const RESTART_LABELS: Partial<Record<EstimationAction, { phase: EstimationPhase; label: Record<Locale, string> }>> = {
  start_components: { phase: 'components', label: { fr: 'Reprendre les pièces', en: 'Resume the parts' } },
  start_times: { phase: 'times', label: { fr: "Reprendre la main-d'œuvre", en: 'Resume the labour' } },
};

/** An action's label on this estimate: the workflow's, or "Reprendre…" to start a phase done before. */
export function estimationActionLabel(action: EstimationAction, phases: EstimationPhases): Record<Locale, string> {
  const restart = RESTART_LABELS[action];
  return restart && phases[restart.phase].status === 'done' ? restart.label : estimationWorkflow.actionLabels[action];
}

/** A new estimate: to do when it names assignees, else to assign; nothing started. */
export function initialEstimationStatus(hasAssignees: boolean): { state: EstimationState; phases: EstimationPhases } {
  return { state: hasAssignees ? 'assigned' : 'pending', phases: { components: PENDING, times: PENDING, approval: PENDING } };
}

/**
 * What of its items a user may write now (the server refuses the rest, the screen shows it read
 * only): descriptions until approval, parts and labour by the holder of their phase, decisions by
 * the approver.
 */
export type EstimationItemGroup = 'description' | 'parts' | 'labour' | 'decision';
export function writableItemGroups(state: EstimationState, phases: EstimationPhases, actor: string): EstimationItemGroup[] {
  const holds = (p: EstimationPhase) => phases[p].status === 'in_progress' && phases[p].holder === actor;
  const out: EstimationItemGroup[] = [];
  if (['draft', 'pending', 'assigned', 'in_progress', 'reviewed'].includes(state)) out.push('description');
  if (holds('components')) out.push('parts');
  if (holds('times')) out.push('labour');
  if (state === 'completed' && holds('approval')) out.push('decision');
  return out;
}
