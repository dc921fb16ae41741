import { APPROVAL_DAYS, LOCALES, ESTIMATION_ACTION_PERMISSIONS, isRepairCancelable, ESTIMATION_PHASE_LABELS, estimationActionRoute, estimationStep, type EstimationAction, type EstimationPhase } from '@atelier/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { ActionDefinition, ActionResult, JsonSchema, Row } from '../../jsonapi/define-resource.ts';
import { writeLog } from '../../jsonapi/audit.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { dbConstraint, dbErrorCode } from '../../jsonapi/write.ts';
import { readRecord } from '../../jsonapi/includes.ts';
import { parseQuery } from '../../jsonapi/query.ts';
import { renderDocument } from '../../jsonapi/router.ts';
import { assigneesOf } from '../admin/assignees.ts';
import { TAKE_OVER_BODY, checkTakeOver } from '../admin/take-over.ts';
import { emitCallback } from '../settings/callbacks.ts';
import { claimVehicle } from '../vehicles/work-in-progress.ts';
import { phaseColumns, phasesOf, refreshEstimationTotals, type EstimationRow } from './estimation-lines.ts';
import { estimationItems, estimations } from './estimations.table.ts';
import { dropRepair, openRepair } from './repair-link.ts';
import { repairs } from '../repairs/repairs.table.ts';
import { sendApprovalLink } from './approval/approval-links.ts';

// POST /estimations/{id}/<action>, GET for cancel (spec §7). The router loads and locks the record
// and runs its policy (estimations.policies.ts: the domain's estimationStep) first; each action
// then writes the state and phases the domain answers, and who did it. What follows from the new
// state is the same for every action: going in progress claims the vehicle, completing asks for
// approval (callback), being approved approves the undecided items when the approval is skipped.

const now = () => sql`now()`;

/** Writes the action's columns; a second estimate in progress on the vehicle is a 409 (the database's unique index). */
async function save(ctx: RequestContext, row: EstimationRow, values: Record<string, unknown>): Promise<Row> {
  try {
    const [saved] = (await ctx.db
      .update(estimations)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(estimations.id, row.id))
      .returning()) as Row[];
    return saved;
  } catch (err) {
    if (dbErrorCode(err) === '23505' && dbConstraint(err) === 'estimations_vehicle_in_progress_unique') throw new ApiError(409, 'estimation.vehicle_in_progress');
    throw err;
  }
}

/** The columns an action writes besides the state and phases: who did it, and what it carries. */
type Stamps = (ctx: RequestContext, row: EstimationRow, body: unknown) => Record<string, unknown> | Promise<Record<string, unknown>>;

interface Transition {
  summary: string;
  body?: JsonSchema;
  stamps?: Stamps;
  /** Skipping the item-by-item approval approves the items nobody decided. */
  approvesUndecided?: boolean;
  /** What the answer carries in its meta besides the estimate (the approval link, shown this once). */
  meta?: { schema: JsonSchema; make: (ctx: RequestContext, saved: EstimationRow, body: unknown) => Promise<Record<string, unknown>> };
}

const by = (column: string): Stamps => (ctx) => ({ [column]: ctx.actor.id });

/** A take-over of a phase: refused when the body names a holder seen who no longer holds it (admin/take-over.ts). */
const takeOver =
  (phase: EstimationPhase): Stamps =>
  async (ctx, row, body) => {
    await checkTakeOver(ctx, body, phasesOf(row)[phase].holder, 'estimation.holder_changed', { phase: ESTIMATION_PHASE_LABELS[phase][ctx.locale] });
    return {};
  };

const TRANSITIONS: Record<EstimationAction, Transition> = {
  assign: {
    summary: 'Assigns the estimate to users and/or roles of its organization (to do before work starts)',
    body: { description: '{ data: { relationships: { assignedToUsers: { data: [{ type: "users", id }] }, assignedToRoles: { data: [{ type: "roles", id }] } } } }', type: 'object', properties: { data: { type: 'object' } } },
    stamps: async (ctx, row, body) => ({ ...(await assigneesOf(ctx, row.organization_id, body, 'estimation.assignee_required')), assigned_by_id: ctx.actor.id, assigned_at: now() }),
  },
  start_components: { summary: 'Starts (or reopens) the parts: the user holds the phase; the estimate is in progress (one per vehicle, else 409)', stamps: by('components_started_by_id') },
  end_components: { summary: 'Ends the parts (their holder); with the labour done, the estimate is complete and goes to approval', stamps: by('components_ended_by_id') },
  take_over_components: { summary: 'Takes over the parts from the user holding them', body: TAKE_OVER_BODY, stamps: takeOver('components') },
  start_times: { summary: 'Starts (or reopens) the labour: the user holds the phase; the estimate is in progress (one per vehicle, else 409)', stamps: by('times_started_by_id') },
  end_times: { summary: 'Ends the labour (its holder); with the parts done, the estimate is complete and goes to approval', stamps: by('times_ended_by_id') },
  take_over_times: { summary: 'Takes over the labour from the user holding it', body: TAKE_OVER_BODY, stamps: takeOver('times') },
  start_approve: { summary: 'Starts the approval of the complete estimate: the user decides item by item', stamps: by('approval_started_by_id') },
  send_client_approve: {
    summary: `Sends the estimate to the customer for approval: a new version, sent now (the approval is started if needed), and a link to the customer's page, e-mailed to the customer (or to data.attributes.email) in their language (or data.attributes.locale), valid ${APPROVAL_DAYS.default} days (or expires_in_days, up to ${APPROVAL_DAYS.max}); with send_email false nothing is e-mailed (the link is handed over another way); the link is in meta.approval, this once`,
    body: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            attributes: {
              type: 'object',
              properties: {
                email: { type: 'string' },
                locale: { enum: [...LOCALES] },
                expires_in_days: { type: 'integer', minimum: 1, maximum: APPROVAL_DAYS.max },
                send_email: { type: 'boolean', default: true, description: 'false: the link is made but not e-mailed (meta.approval.email is null); an email is then refused' },
              },
            },
          },
        },
      },
    },
    stamps: (ctx, row) => ({ version: row.version + 1, sent_at: now(), ...(row.approval_status === 'in_progress' ? {} : { approval_started_by_id: ctx.actor.id }) }),
    meta: {
      schema: {
        type: 'object',
        required: ['approval'],
        properties: {
          approval: {
            type: 'object',
            description: 'The customer’s link (url) and where it was e-mailed (email, null when no address is known or send_email was false: hand the link over another way).',
            required: ['url', 'email', 'locale', 'expires_at'],
            properties: { url: { type: 'string' }, email: { type: ['string', 'null'] }, locale: { enum: [...LOCALES] }, expires_at: { type: 'string', format: 'date-time' } },
            additionalProperties: false,
          },
        },
      },
      async make(ctx, saved, body) {
        const { url, email, locale, expires_at } = await sendApprovalLink(ctx, saved, body);
        return { approval: { url, email, locale, expires_at } };
      },
    },
  },
  end_approve: { summary: 'Ends the approval (its holder): the estimate is approved with the decisions taken on its items', stamps: by('approval_ended_by_id') },
  valid: { summary: 'Validates the whole estimate at once: approved, its undecided items approved', stamps: (ctx) => ({ validated_by_id: ctx.actor.id, approval_ended_by_id: ctx.actor.id }), approvesUndecided: true },
  review: { summary: 'Sends the estimate back to the estimators for revision', stamps: by('reviewed_by_id') },
  deny: { summary: 'Denies the estimate', stamps: (ctx) => ({ denied_by_id: ctx.actor.id, approval_ended_by_id: ctx.actor.id }) },
  redo_approve: { summary: 'Reopens the approval of an approved or denied estimate (held by the user)', stamps: (ctx) => ({ approval_started_by_id: ctx.actor.id, approved_at: null }) },
  by_pass: { summary: 'Skips the estimate: every phase done, approved with its undecided items (the repair is opened from it)', approvesUndecided: true },
  cancel: { summary: 'Cancels the estimate (GET, as older clients call it); phases in progress are released', stamps: (ctx) => ({ canceled_by_id: ctx.actor.id, canceled_at: now() }) },
};

function actionOf(action: EstimationAction, t: Transition): ActionDefinition<EstimationRow> {
  return {
    ...(action === 'cancel' ? { method: 'GET' as const } : {}),
    permission: ESTIMATION_ACTION_PERMISSIONS[action],
    contract: {
      summary: t.summary,
      ...(t.body ? { body: t.body } : {}),
      ...(t.meta
        ? {
            response: {
              type: 'object',
              properties: {
                jsonapi: { $ref: '#/components/schemas/jsonapi' },
                data: { $ref: '#/components/schemas/estimations' },
                included: { $ref: '#/components/schemas/estimations.included' },
                meta: t.meta.schema,
              },
              required: ['jsonapi', 'data', 'meta'],
              additionalProperties: false,
            },
          }
        : {}),
    },
    async handler(ctx, record, body): Promise<ActionResult> {
      const row = record!;
      const step = estimationStep(row.state, phasesOf(row), action, ctx.actor.id);
      // The policy refused every other case before the handler runs.
      if (!step.ok) throw new ApiError(409, 'error.conflict');
      const values: Record<string, unknown> = { ...(await t.stamps?.(ctx, row, body)), state: step.state, ...phaseColumns(step.phases) };
      if (step.state === 'in_progress' && row.state !== 'in_progress') await claimVehicle(ctx.db, row.vehicle_id, { kind: 'estimation', id: row.id });
      const completes = step.state === 'completed' && row.state === 'in_progress';
      if (completes) Object.assign(values, { completed_by_id: ctx.actor.id, completed_at: now() });
      const approves = step.state === 'approved' && row.state !== 'approved';
      if (approves) Object.assign(values, { approved_by_id: ctx.actor.id, approved_at: now() });
      // Redoing the approval cancels the repair first: refused (409) when its work is done.
      if (action === 'redo_approve') await dropRepair(ctx, row);
      let saved = await save(ctx, row, values);
      if (approves && t.approvesUndecided) {
        await ctx.db
          .update(estimationItems)
          .set({ state: 'approved', updated_at: sql`now()` })
          .where(and(eq(estimationItems.estimation_id, row.id), isNull(estimationItems.state)));
        await refreshEstimationTotals(ctx.db, row.id);
      }
      if (approves) await openRepair(ctx, saved as EstimationRow, { evenEmpty: action === 'by_pass' });
      if (approves || action === 'redo_approve') [saved] = (await ctx.db.select().from(estimations).where(eq(estimations.id, row.id))) as Row[];
      const def = ctx.registry.resource('estimations');
      if (completes) await emitCallback(ctx, 'estimation.pending_approval', def, row.id, ['vehicle', 'customer', 'items']);
      if (approves) await emitCallback(ctx, 'estimation.approved', def, row.id, ['vehicle', 'customer', 'items']);
      const log = Object.fromEntries(Object.keys(values).filter((k) => !k.endsWith('_at')).map((k) => [k, saved[k]]));
      if (!t.meta) return { row: saved, log };
      // The estimate's document as any action answers it, with what the action made in meta.
      const meta = await t.meta.make(ctx, saved as EstimationRow, body);
      const q = parseQuery(ctx.registry, def, ctx.query, { list: false });
      const read = await readRecord(ctx, def, row.id, q.include);
      return { row: saved, log, body: await renderDocument(ctx, def, read.row, q, meta, read.doc) };
    },
  };
}

export const estimationActions: Record<string, ActionDefinition<EstimationRow>> = Object.fromEntries(
  (Object.entries(TRANSITIONS) as [EstimationAction, Transition][]).map(([action, t]) => [estimationActionRoute(action), actionOf(action, t)]),
);

/**
 * Redoing an inspection cancels the estimate made from it and the repair that estimate opened
 * (spec §4), as the actions would: an approved or denied estimate has its approval redone first
 * (which cancels its repair), then it is canceled; each step logged on the estimate. A repair whose
 * work is done keeps its estimate: the work happened, the records stay as they are.
 */
export async function cancelEstimationOfInspection(ctx: RequestContext, estimationId: string) {
  const def = ctx.registry.resource('estimations');
  const read = async () => (await ctx.db.select().from(estimations).where(eq(estimations.id, estimationId)).for('update'))[0];
  let row = await read();
  if (!row) return;
  if (row.state === 'approved' || row.state === 'denied') {
    const [repair] = row.repair_id ? await ctx.db.select({ state: repairs.state }).from(repairs).where(eq(repairs.id, row.repair_id)) : [];
    if (repair && !isRepairCancelable(repair.state) && repair.state !== 'canceled') return;
    const redone = await estimationActions['redo-approve'].handler(ctx, row, {});
    if (redone) await writeLog(ctx, def, redone.row ?? row, 'redo_approve', { attributes: redone.log ?? {} });
    row = await read();
  }
  if (!estimationStep(row.state, phasesOf(row), 'cancel', ctx.actor.id).ok) return;
  const result = await estimationActions.cancel.handler(ctx, row, {});
  if (result) await writeLog(ctx, def, result.row ?? row, 'cancel', { attributes: result.log ?? {} });
}
