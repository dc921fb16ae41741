import type { Permission, Step, Who, Workflow, WorkStatus } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { MessageKey } from '../i18n/index.ts';
import { optionsBody, readOptions, type ActionOptions } from './action-options.ts';
import type { Attribute } from './attributes.ts';
import type { RequestContext } from './context.ts';
import { tenancy } from '../access/tenancy.ts';
import type { ActionContract, ActionResult, JsonSchema, Policies, Policy, RecordAction, Refusal, ResourceDefinition, Row, RowOf } from './define-resource.ts';
import { ApiError } from './errors.ts';
import { column } from './filters.ts';
import { conflictWith, forbid } from './policies.ts';
import { dbConstraint, dbErrorCode } from './write.ts';
import { stamped, updateRow } from './select.ts';

// The server's half of the workflow kit (issue 21; the domain's half is packages/domain/src/
// workflow): from a type's workflow, the engine derives its action routes, the policies that
// refuse what the state or the holder does not allow (409/403, translated), available_actions,
// the counts per state and the write of each action (state, holder, who and when, the vehicle
// claimed when work starts). An area gives only what is particular to its type: a body's columns,
// what follows the write.

/** The messages of a workflow's refusals, in the type's own words. */
export interface WorkflowMessages {
  /** The state does not offer the action: params {action}, {state} in the reader's language. */
  state: MessageKey | ((action: string) => MessageKey);
  /** Work in progress is someone else's (403): params {holder}. */
  holder?: MessageKey;
  /** The user already holds what they take over (409). */
  own?: MessageKey;
  /** Only an assignee may (403). */
  assignee?: MessageKey;
  /** The record's state keeps it as it is (409 on a change or a delete). */
  final: MessageKey;
  /** The database's "one in progress per vehicle" unique index, answered as a 409. */
  inProgress?: { constraint: string; code: MessageKey };
}

/** The kit's two refusals of a type, `<prefix>.cannot_action` and `<prefix>.final` (both must be keys): its messages, or what a type with more of them spreads. */
export function workflowMessages<P extends string>(prefix: P & (`${P}.cannot_action` extends MessageKey ? (`${P}.final` extends MessageKey ? unknown : never) : never)): WorkflowMessages {
  return { state: `${prefix}.cannot_action` as MessageKey, final: `${prefix}.final` as MessageKey };
}

/** What a type adds to one action of its workflow. */
export interface WorkflowAction<R extends Row> {
  summary: string;
  /** The options the action reads, declared once: read by the engine (422s at their pointers) and described in the contract. */
  options?: ActionOptions;
  /** false: the options are read from data.attributes only, not also flat as older clients send them. */
  flatOptions?: false;
  /** The body's schema when it is more than options (a linkage, a holder seen). */
  body?: JsonSchema;
  response?: JsonSchema;
  meta?: ActionContract['meta'];
  /** Checks of the body and the columns written with the state (throw ApiError to refuse); `options` as read by `options`. */
  values?(ctx: RequestContext, row: R, body: unknown, options: Record<string, unknown>): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** What follows the write, in its transaction (another type's action, a callback); may add to the answer. */
  after?(ctx: RequestContext, saved: R, row: R, body: unknown, options: Record<string, unknown>): Promise<Partial<ActionResult> | void>;
  /** Replaces the standard write (the action writes elsewhere, or makes another record); `options` as read by `options`. */
  run?(ctx: RequestContext, row: R, body: unknown, options: Record<string, unknown>): Promise<ActionResult>;
}

export interface WorkflowConfig<S extends string, A extends string, T extends WorkStatus<S>, Tb extends PgTable, R extends Row = RowOf<Tb>> {
  workflow: Workflow<S, A, T>;
  table: Tb;
  /** What the workflow reads of a row (default: its state and holder_id). */
  status?(row: R): T;
  messages: WorkflowMessages;
  /**
   * Entering in_progress claims the record's vehicle (one inspection, estimate or repair in
   * progress per vehicle): the vehicles area's claim (`claimsVehicle(kind)`), given by the type.
   */
  vehicle?(ctx: RequestContext, row: NoInfer<R>): Promise<void>;
  /** The refusal of a reason the workflow adds to the kit's (an estimate's phases). */
  refusal?(ctx: RequestContext, row: R, step: Extract<Step<S>, { ok: false }>, action: A): Promise<Refusal | undefined> | Refusal | undefined;
  /** Columns every action writes beside its own (an estimate's phases, who completed it). */
  values?(ctx: RequestContext, row: R, action: A, to: S): Record<string, unknown>;
  /** What follows every action's write (an estimate approved opens its repair). */
  after?(ctx: RequestContext, saved: R, row: R, action: A, body: unknown): Promise<Partial<ActionResult> | void>;
  actions: Record<A, WorkflowAction<NoInfer<R>>>;
}

/** What the engine derives from a workflow (defineResource merges it into the type). */
export interface WorkflowParts<R extends Row = Row> {
  actions: Record<string, RecordAction<R>>;
  policies: Record<string, Policy<[row: R]>>;
  /** The document itself is written only in its editable states (409 with the type's message). */
  editable: Policy<[row: R]>;
  /** The policies of its lines at their own route: written only while the document is (`foreignKey`: the line's column naming it). */
  linePolicies<L extends Row>(foreignKey: string): Pick<Policies<L>, 'create' | 'edit' | 'delete'>;
  /**
   * What a type of its lines takes from the document (spread into its defineResource): the
   * document's permissions (who may edit the document adds and removes its lines), its tenancy,
   * and the line policies above.
   */
  lines<L extends Row>(document: ResourceDefinition, foreignKey: string): Pick<ResourceDefinition<PgTable, L>, 'permissions' | 'alsoGrantedBy' | 'tenancy' | 'policies'>;
  /** available_actions: what the user asking may do now. */
  availableActions(a: Attribute): Attribute;
  listCount: { by: string; values: readonly string[] };
}

const now = () => sql`now()`;
const ids = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);

/** Who asks, as the workflow sees them: an assignee when a user or one of their roles is assigned. */
function whoOf(ctx: RequestContext, row: Row): Who {
  const { actor } = ctx;
  return {
    id: actor.id,
    permissions: actor.permissions,
    isAssignee: ids(row.assigned_user_ids).includes(actor.id) || ids(row.assigned_role_ids).some((id) => actor.roleIds.includes(id)),
  };
}

/** The values an action wrote, as its log entry keeps them (not the timestamps). */
const loggedValues = (values: Record<string, unknown>, saved: Row) =>
  Object.fromEntries(Object.keys(values).filter((k) => !k.endsWith('_at')).map((k) => [k, saved[k]]));

export function workflowParts<S extends string, A extends string, T extends WorkStatus<S>, Tb extends PgTable, R extends Row = RowOf<Tb>>(
  config: WorkflowConfig<S, A, T, Tb, R>,
): WorkflowParts<R> {
  const { workflow, table, messages } = config;
  const statusOf = config.status ?? ((row: R) => ({ state: row.state as S, holderId: (row.holder_id as string | null | undefined) ?? null }) as T);

  async function save(ctx: RequestContext, row: R, values: Record<string, unknown>): Promise<R> {
    try {
      return (await updateRow(ctx.db, table as PgTable, row.id as string | number, stamped(table as PgTable, values))) as R;
    } catch (err) {
      const unique = messages.inProgress;
      if (unique && dbErrorCode(err) === '23505' && dbConstraint(err) === unique.constraint) throw new ApiError(409, unique.code);
      throw err;
    }
  }

  async function refusalOf(ctx: RequestContext, row: R, action: A): Promise<Refusal | undefined> {
    const step = workflow.check(statusOf(row), action, whoOf(ctx, row));
    if (step.ok) return;
    switch (step.reason) {
      case 'state': {
        const code = typeof messages.state === 'function' ? messages.state(action) : messages.state;
        return conflictWith(code, { action: workflow.actionLabels[action][ctx.locale], state: workflow.stateLabels[row.state as S][ctx.locale] });
      }
      case 'own':
        if (messages.own) return conflictWith(messages.own);
        break;
      case 'holder':
        if (messages.holder) return forbid(messages.holder, { holder: await ctx.registry.userName(ctx, step.holder ?? null) });
        break;
      case 'assignee':
        if (messages.assignee) return forbid(messages.assignee);
        break;
    }
    const own = await config.refusal?.(ctx, row, step, action);
    if (own) return own;
    throw new Error(`The workflow refuses ${action} (${step.reason}) with no message for it`);
  }

  const policyOf = (action: A): Policy<[row: R]> => {
    const spec = workflow.spec(action);
    const forbids = (spec.holder === 'holder' && !!messages.holder) || (!!spec.assigneesOnly?.length && !!messages.assignee);
    return {
      refuses: {
        409: `The state does not offer ${action} (available_actions says which do)${spec.holder === 'other' ? ', or the user already holds the work' : ''}${config.refusal ? ', or the workflow’s own rules refuse it now (the message says why)' : ''}.`,
        ...(forbids ? { 403: 'Work in progress is the user holding it, an assigned record its assignees’ (the message names who).' } : {}),
      },
      check: (ctx, row) => refusalOf(ctx, row, action),
    };
  };

  function actionOf(action: A): RecordAction<R> {
    const spec = workflow.spec(action);
    const impl = config.actions[action];
    return {
      ...(spec.get ? { method: 'GET' as const } : {}),
      permission: spec.permission,
      contract: {
        summary: impl.summary,
        ...(impl.body ? { body: impl.body } : impl.options ? { body: optionsBody(impl.options, { flat: impl.flatOptions }) } : {}),
        ...(impl.response ? { response: impl.response } : {}),
        ...(impl.meta ? { meta: impl.meta } : {}),
      },
      async handler(ctx, row, body) {
        const options = impl.options ? readOptions(impl.options, body, { flat: impl.flatOptions }) : {};
        if (impl.run) return impl.run(ctx, row, body, options);
        const step = workflow.check(statusOf(row), action, whoOf(ctx, row));
        // The policy refused every other case before the handler runs.
        if (!step.ok) throw new ApiError(409, 'error.conflict');
        const values: Record<string, unknown> = { ...(await impl.values?.(ctx, row, body, options)), state: step.to };
        for (const by of [spec.stamps?.by ?? []].flat()) values[by] = ctx.actor.id;
        if (spec.stamps?.at) values[spec.stamps.at] = now();
        if (spec.holds) values.holder_id = spec.holds === 'actor' ? ctx.actor.id : null;
        Object.assign(values, config.values?.(ctx, row, action, step.to));
        if (config.vehicle && step.to === 'in_progress' && row.state !== 'in_progress') await config.vehicle(ctx, row);
        let saved = await save(ctx, row, values);
        const answer: ActionResult = {};
        for (const follow of [impl.after?.(ctx, saved, row, body, options), config.after?.(ctx, saved, row, action, body)]) Object.assign(answer, await follow);
        saved = (answer.row as R | undefined) ?? saved;
        return { log: loggedValues(values, saved), ...answer, row: saved };
      },
    };
  }

  async function documentEditable(ctx: RequestContext, documentId: unknown): Promise<Refusal | undefined> {
    if (typeof documentId !== 'string') return;
    const [document] = (await ctx.db.select({ state: column(table, 'state') }).from(table as PgTable).where(eq(column(table, 'id'), documentId))) as { state: S }[];
    if (document && !workflow.isEditable(document.state)) return conflictWith(messages.final);
  }
  const LINES_KEPT = { 409: 'The lines of a document its state keeps as it is are kept as they were.' };

  const linePolicies = <L extends Row>(foreignKey: string): Pick<Policies<L>, 'create' | 'edit' | 'delete'> => {
    const line: Policy<[row: L]> = { refuses: LINES_KEPT, check: (ctx, row) => documentEditable(ctx, row[foreignKey]) };
    return { create: { refuses: LINES_KEPT, check: (ctx, input) => documentEditable(ctx, input.values[foreignKey]) }, edit: line, delete: line };
  };

  const routes = workflow.actions.map((a) => [workflow.route(a), a] as const);
  return {
    actions: Object.fromEntries(routes.map(([route, a]) => [route, actionOf(a)])),
    policies: Object.fromEntries(routes.map(([route, a]) => [route, policyOf(a)])),
    editable: {
      refuses: { 409: 'The record’s state keeps it as it is.' },
      check(_ctx, row) {
        if (!workflow.isEditable(row.state as S)) return conflictWith(messages.final);
      },
    },
    linePolicies,
    lines(document, foreignKey) {
      const edit = [`edit ${document.permissions}` as Permission];
      return {
        permissions: document.permissions,
        alsoGrantedBy: { create: edit, delete: edit },
        tenancy: tenancy.ownedBy(document, foreignKey, { organization: true }),
        policies: linePolicies(foreignKey),
      };
    },
    availableActions: (a) => a.isVirtual((row, ctx) => workflow.available(statusOf(row as R), whoOf(ctx, row as Row))),
    listCount: { by: 'state', values: workflow.states },
  };
}
