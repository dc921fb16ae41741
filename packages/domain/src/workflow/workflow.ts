import type { Permission } from '../access/permissions.ts';
import type { Locale } from '../locale.ts';
import type { Labels } from '../enums.ts';

// The workflow kit (issue 21, docs/architecture.md "Workflow documents"): a document's states and
// actions declared once, as data; the server derives its action routes, policies,
// available_actions, counts per state and saves from it, and the screens their labels, colours and
// buttons. A workflow whose rules outgrow a table (an estimate's three phases) keeps the table for
// its labels and permissions and gives its own `check`.

export type Label = Record<Locale, string>;

export interface StateSpec {
  label: Label;
  /** The badge's colour (a Mantine colour the theme keeps at 4.5:1 in a light badge). */
  color: string;
}

export interface ActionSpec<S extends string> {
  label: Label;
  /** The permission it needs (spec §6). */
  permission: Permission;
  /** The states that offer it and where each leads, or a list of states with `to` (absent: it stays). */
  from: readonly S[] | Partial<Record<S, S>>;
  to?: S;
  /** On work in progress: only the user holding it (`holder`), or only someone else (`other`: a take-over). */
  holder?: 'holder' | 'other';
  /** Who holds the work once it is done: the actor (start, take over), nobody (complete, cancel); absent: unchanged. */
  holds?: 'actor' | 'nobody';
  /** In these states only an assignee (as a user or through a role), or whoever may assign, may do it. */
  assigneesOnly?: readonly S[];
  /** The columns stamped with the actor (by) and the time (at) of the action. */
  stamps?: { by?: string | readonly string[]; at?: string };
  /** Also a GET, as the spec's older clients call it (POST is accepted too). */
  get?: boolean;
  /** The screen asks first: it takes someone's work, stops it or sends it back. */
  confirm?: boolean;
  /** The button's colour when it differs from the screen's default. */
  color?: string;
  /** Its route under /{type}/{id}/ (default: the name in kebab case). */
  route?: string;
}

/**
 * The states a work document (inspection, estimate, repair) waits and is worked in: named and
 * coloured alike on every screen, so a list's "À faire" means the same everywhere.
 */
export const WORK_STATES = {
  draft: { label: { fr: 'Brouillon', en: 'Draft' }, color: 'gray' },
  pending: { label: { fr: 'À assigner', en: 'To assign' }, color: 'yellow' },
  assigned: { label: { fr: 'À faire', en: 'To do' }, color: 'blue' },
  in_progress: { label: { fr: 'En cours', en: 'In progress' }, color: 'indigo' },
} as const satisfies Record<string, StateSpec>;

/**
 * Canceling a document, alike on every one (requests and stock movements too, which nobody holds):
 * the canceled state, who canceled it and when, also a GET for older clients, asked first.
 */
export const CANCEL_ACTION = {
  label: { fr: 'Annuler', en: 'Cancel' },
  to: 'canceled',
  stamps: { by: 'canceled_by_id', at: 'canceled_at' },
  get: true,
  confirm: true,
} as const;

/**
 * What the actions every work document has do alike (their labels, what they stamp, who holds the
 * work after, how the screens show them): a workflow adds each one's permission and states.
 */
export const WORK_ACTIONS = {
  assign: { label: { fr: 'Assigner', en: 'Assign' }, stamps: { by: 'assigned_by_id', at: 'assigned_at' } },
  start: { label: { fr: 'Commencer', en: 'Start' }, to: 'in_progress', holds: 'actor', stamps: { by: 'started_by_id', at: 'started_at' } },
  take_over: { label: { fr: 'Prendre en charge', en: 'Take over' }, from: ['in_progress'], holder: 'other', holds: 'actor', confirm: true },
  cancel: { ...CANCEL_ACTION, holds: 'nobody', color: 'red.8' },
} as const;

/** Where the record stands, as the workflow reads it. */
export interface WorkStatus<S extends string> {
  state: S;
  /** The user holding the work in progress. */
  holderId?: string | null;
}

/** Who asks: their id and permissions; whether they are an assignee when an action asks (absent: not refused). */
export interface Who {
  id: string;
  permissions: ReadonlySet<Permission>;
  isAssignee?: boolean;
}

/**
 * What an action does, or why it is refused: the state does not offer it (`state`), work in
 * progress is someone else's (`holder`, naming them), the actor already holds what they take over
 * (`own`), only an assignee may (`assignee`), or a reason of the workflow's own (`phase`, `held`).
 */
export type Step<S extends string> =
  | { ok: true; to: S }
  | { ok: false; reason: 'state' | 'holder' | 'own' | 'assignee' | 'phase' | 'held'; holder?: string | null; phase?: string };

export interface WorkflowSpec<S extends string, A extends string, T extends WorkStatus<S>> {
  states: Record<S, StateSpec>;
  // NoInfer: the states are the keys of `states`, the actions those of `actions`, a typo elsewhere is an error.
  actions: Record<A, ActionSpec<NoInfer<S>>>;
  /** The states in which the document itself (its data, its lines) may still be written. */
  editable: readonly NoInfer<S>[];
  /** Per state, what the user most likely does next, most likely first (the screen's main buttons). */
  next?: Partial<Record<NoInfer<S>, readonly NoInfer<A>[]>>;
  /** The assign action, whose permission lets a non-assignee do the assignees' actions. */
  assign?: NoInfer<A>;
  /** The states in which the work is over, whatever is left to do on the record (default: the final ones): a promise is kept or moot there. */
  done?: readonly NoInfer<S>[];
  /** Replaces the table's check (state, holder, assignee) when the rules outgrow it. */
  check?(status: T, action: A, who: Who): Step<S>;
}

export interface Workflow<S extends string, A extends string, T extends WorkStatus<S> = WorkStatus<S>> {
  readonly states: readonly S[];
  readonly actions: readonly A[];
  readonly stateLabels: Labels<S>;
  readonly actionLabels: Labels<A>;
  readonly stateColors: Readonly<Record<S, string>>;
  readonly permissions: Readonly<Record<A, Permission>>;
  readonly editableStates: readonly S[];
  spec(action: A): ActionSpec<S>;
  /** The state an action leads to from a state, or null when that state does not offer it. */
  transition(state: S, action: A): S | null;
  /** The actions a state offers to someone (whoever holds what). */
  actionsIn(state: S): A[];
  /** No action left: the record is kept as it is. */
  isFinal(state: S): boolean;
  /** The states where work is still to be done: past its promised time, such a record is late. */
  readonly openStates: readonly S[];
  isEditable(state: S): boolean;
  /** The action's route under /{type}/{id}/. */
  route(action: A): string;
  /** What the action does now for this user, or why not (permissions aside: the route checks them). */
  check(status: T, action: A, who: Who): Step<S>;
  /** What the user may do now: the state offers it, the roles grant it, and it is theirs to do. */
  available(status: T, who: Who): A[];
  /** The screen's main buttons in a state, most likely first. */
  next(state: S): readonly A[];
  isAction(name: string): name is A;
  isState(name: string): name is S;
}

const kebab = (name: string) => name.replaceAll('_', '-');

export function defineWorkflow<S extends string, A extends string, T extends WorkStatus<S> = WorkStatus<S>>(spec: WorkflowSpec<S, A, T>): Workflow<S, A, T> {
  const states = Object.keys(spec.states) as S[];
  const actions = Object.keys(spec.actions) as A[];
  const map = <K extends string, V>(keys: K[], f: (k: K) => V) => Object.fromEntries(keys.map((k) => [k, f(k)])) as Record<K, V>;
  const targets = map(actions, (a) => {
    const { from, to } = spec.actions[a];
    return new Map<S, S>(Array.isArray(from) ? (from as readonly S[]).map((s) => [s, to ?? s]) : (Object.entries(from) as [S, S][]));
  });
  const transition = (state: S, action: A): S | null => targets[action]?.get(state) ?? null;
  const actionsIn = (state: S) => actions.filter((a) => transition(state, a) !== null);

  function tableCheck(status: T, action: A, who: Who): Step<S> {
    const to = transition(status.state, action);
    if (to === null) return { ok: false, reason: 'state' };
    const a = spec.actions[action];
    const holder = status.holderId ?? null;
    if (a.holder === 'other' && holder === who.id) return { ok: false, reason: 'own' };
    if (a.holder === 'holder' && holder !== who.id) return { ok: false, reason: 'holder', holder };
    if (a.assigneesOnly?.includes(status.state) && who.isAssignee === false && !(spec.assign && who.permissions.has(spec.actions[spec.assign].permission)))
      return { ok: false, reason: 'assignee' };
    return { ok: true, to };
  }
  const check = spec.check ?? tableCheck;
  const isAction = (name: string): name is A => Object.hasOwn(spec.actions, name);
  const done = spec.done ?? states.filter((s) => actionsIn(s).length === 0);

  return {
    states,
    actions,
    stateLabels: map(states, (s) => spec.states[s].label),
    actionLabels: map(actions, (a) => spec.actions[a].label),
    stateColors: map(states, (s) => spec.states[s].color),
    permissions: map(actions, (a) => spec.actions[a].permission),
    editableStates: spec.editable,
    spec: (action) => spec.actions[action],
    transition,
    actionsIn,
    isFinal: (state) => actionsIn(state).length === 0,
    openStates: states.filter((s) => !done.includes(s)),
    isEditable: (state) => spec.editable.includes(state),
    route: (action) => spec.actions[action].route ?? kebab(action),
    check,
    available: (status, who) => actions.filter((a) => who.permissions.has(spec.actions[a].permission) && check(status, a, who).ok),
    next: (state) => spec.next?.[state] ?? [],
    isAction,
    isState: (name): name is S => Object.hasOwn(spec.states, name),
  };
}
