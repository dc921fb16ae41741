import { APPROVAL_DAYS, ESTIMATION_PHASE_LABELS, LOCALES, PHASE_STATUS_LABELS, estimationStep, estimationWorkflow as workflow, repairWorkflow, type EstimationPhase } from '@atelier/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { records } from '../../jsonapi/records.ts';
import { runAction } from '../../jsonapi/run-action.ts';
import { workflowMessages, workflowParts } from '../../jsonapi/workflow.ts';
import { assignAction, userName } from '../admin/assignees.ts';
import { TAKE_OVER_BODY, checkTakeOver } from '../admin/take-over.ts';
import { emitCallback } from '../settings/callbacks.ts';
import { phaseColumns, phasesOf, type EstimationRow } from './estimation-lines.ts';
import { estimationItems, estimations } from './estimations.table.ts';
import { dropRepair, openRepair } from './repair-link.ts';
import { repairs } from '../repairs/repairs.table.ts';
import { TEXTED_TO, TEXT_OUTCOME } from '../messaging/send-option.ts';
import { APPROVAL_OPTIONS, sendApprovalLink, type ApprovalOptions } from './approval/approval-links.ts';
import { claimsVehicle } from '../vehicles/work-in-progress.ts';

// POST /estimations/{id}/<action>, GET for cancel (spec §7): the domain's estimationWorkflow (its
// check is the phases' rules of estimationStep) served by the engine's kit (jsonapi/workflow.ts:
// the policies, the state, who did it, the vehicle claimed when work starts). What follows from
// the new state is the same for every action: the phases as the domain leaves them, completing
// asks for approval (callback), being approved opens the repair (and approves the undecided items
// when the approval is skipped).

const now = () => sql`now()`;

/** A take-over of a phase: refused when the body names a holder seen who no longer holds it (admin/take-over.ts). */
const takeOver = (phase: EstimationPhase, summary: string) => ({
  summary,
  body: TAKE_OVER_BODY,
  async values(ctx: RequestContext, row: EstimationRow, body: unknown) {
    await checkTakeOver(ctx, body, phasesOf(row)[phase].holder, 'estimation.holder_changed', { phase: ESTIMATION_PHASE_LABELS[phase][ctx.locale] });
    return {};
  },
});

/** Skipping the item-by-item approval approves the items nobody decided. */
const APPROVES_UNDECIDED = new Set(['valid', 'by_pass']);

export const estimationFlow = workflowParts({
  workflow,
  table: estimations,
  status: (row) => ({ state: row.state, phases: phasesOf(row) }),
  vehicle: claimsVehicle('estimation'),
  messages: {
    ...workflowMessages('estimation'),
    inProgress: { constraint: 'estimations_vehicle_in_progress_unique', code: 'estimation.vehicle_in_progress' },
  },
  // The phases' refusals: not where the action needs them, held by someone else (named, a take-over offered), already the user's.
  async refusal(ctx, row, step, action) {
    const phase = step.phase as EstimationPhase | undefined;
    const label = phase ? ESTIMATION_PHASE_LABELS[phase][ctx.locale] : '';
    if (step.reason === 'phase') return conflictWith('estimation.cannot_phase', { action: workflow.actionLabels[action][ctx.locale], phase: label, status: PHASE_STATUS_LABELS[phasesOf(row)[phase!].status][ctx.locale] });
    if (step.reason === 'held') return conflictWith('estimation.held', { holder: await userName(ctx, step.holder ?? null), phase: label });
    if (step.reason === 'own') return conflictWith('estimation.already_holder', { phase: label });
  },
  values(ctx, row, action) {
    const step = estimationStep(row.state, phasesOf(row), action, ctx.actor.id);
    if (!step.ok) return {};
    const values: Record<string, unknown> = phaseColumns(step.phases);
    if (step.state === 'completed' && row.state === 'in_progress') Object.assign(values, { completed_by_id: ctx.actor.id, completed_at: now() });
    if (step.state === 'approved' && row.state !== 'approved') Object.assign(values, { approved_by_id: ctx.actor.id, approved_at: now() });
    return values;
  },
  async after(ctx, saved, row, action) {
    const def = ctx.registry.resource('estimations');
    const approves = saved.state === 'approved' && row.state !== 'approved';
    if (approves && APPROVES_UNDECIDED.has(action)) {
      const undecided = await ctx.db.select({ id: estimationItems.id }).from(estimationItems).where(and(eq(estimationItems.estimation_id, row.id), isNull(estimationItems.state)));
      // Through the record service: the estimate's totals follow from its items, the change is logged.
      await records(ctx, 'estimation-items').update(undecided.map((i) => i.id), { state: 'approved' }, { cause: { type: 'estimations', id: row.id } });
    }
    if (approves) await openRepair(ctx, saved, { evenEmpty: action === 'by_pass' });
    if (saved.state === 'completed' && row.state === 'in_progress') await emitCallback(ctx, 'estimation.pending_approval', def, row.id, ['vehicle', 'customer', 'items']);
    if (approves) await emitCallback(ctx, 'estimation.approved', def, row.id, ['vehicle', 'customer', 'items']);
    // Opening or dropping the repair linked it: the answer's row is the estimate as it is now.
    if (approves || action === 'redo_approve') return { row: (await ctx.db.select().from(estimations).where(eq(estimations.id, row.id)))[0] };
  },
  actions: {
    assign: assignAction('Assigns the estimate to users and/or roles of its organization (to do before work starts)', 'estimation.assignee_required'),
    start_components: { summary: 'Starts (or reopens) the parts: the user holds the phase; the estimate is in progress (one per vehicle, else 409)' },
    end_components: { summary: 'Ends the parts (their holder); with the labour done, the estimate is complete and goes to approval' },
    take_over_components: takeOver('components', 'Takes over the parts from the user holding them'),
    start_times: { summary: 'Starts (or reopens) the labour: the user holds the phase; the estimate is in progress (one per vehicle, else 409)' },
    end_times: { summary: 'Ends the labour (its holder); with the parts done, the estimate is complete and goes to approval' },
    take_over_times: takeOver('times', 'Takes over the labour from the user holding it'),
    start_approve: { summary: 'Starts the approval of the complete estimate: the user decides item by item' },
    send_client_approve: {
      summary: `Sends the estimate to the customer for approval: a new version, sent now (the approval is started if needed), and a link to the customer's page, e-mailed to the customer (or to data.attributes.email) in their language (or data.attributes.locale), valid ${APPROVAL_DAYS.default} days (or expires_in_days, up to ${APPROVAL_DAYS.max}); with send_email false nothing is e-mailed (the link is handed over another way); the link is in meta.approval, this once`,
      options: APPROVAL_OPTIONS,
      flatOptions: false,
      meta: {
        approval: {
          type: 'object',
          description: 'The customer’s link (url) and where it was e-mailed (email, null when no address is known or send_email was false: hand the link over another way).',
          required: ['url', 'email', 'sms', 'text', 'locale', 'expires_at'],
          properties: { url: { type: 'string' }, email: { type: ['string', 'null'] }, sms: TEXTED_TO, text: TEXT_OUTCOME, locale: { enum: [...LOCALES] }, expires_at: { type: 'string', format: 'date-time' } },
          additionalProperties: false,
        },
      },
      values: (ctx, row) => ({ version: row.version + 1, sent_at: now(), ...(row.approval_status === 'in_progress' ? {} : { approval_started_by_id: ctx.actor.id }) }),
      async after(ctx, saved, _row, _body, options) {
        const { url, email, sms, text, locale, expires_at } = await sendApprovalLink(ctx, saved, options as ApprovalOptions);
        // text: completed in place once the send has committed and Twilio answered (sendText).
        return { meta: { approval: { url, email, sms, text, locale, expires_at } } };
      },
    },
    end_approve: { summary: 'Ends the approval (its holder): the estimate is approved with the decisions taken on its items' },
    valid: { summary: 'Validates the whole estimate at once: approved, its undecided items approved' },
    review: { summary: 'Sends the estimate back to the estimators for revision' },
    deny: { summary: 'Denies the estimate' },
    redo_approve: {
      summary: 'Reopens the approval of an approved or denied estimate (held by the user)',
      async values(ctx, row) {
        // Redoing the approval cancels the repair first: refused (409) when its work is done.
        await dropRepair(ctx, row);
        return { approved_at: null };
      },
    },
    by_pass: { summary: 'Skips the estimate: every phase done, approved with its undecided items (the repair is opened from it)' },
    cancel: { summary: 'Cancels the estimate (GET, as older clients call it); phases in progress are released' },
  },
});

/**
 * Redoing an inspection cancels the estimate made from it and the repair that estimate opened
 * (spec §4), by their own actions (the inspection their cause): an approved or denied estimate
 * has its approval redone first (which cancels its repair), then it is canceled. A repair whose
 * work is done keeps its estimate: the work happened, the records stay as they are.
 */
export async function cancelEstimationOfInspection(ctx: RequestContext, estimationId: string, inspection: { id: string; organization_id: string }) {
  const cause = { type: 'inspections', id: inspection.id, organizationId: inspection.organization_id };
  const [row] = await ctx.db.select().from(estimations).where(eq(estimations.id, estimationId)).for('update');
  if (!row) return;
  if (row.state === 'approved' || row.state === 'denied') {
    const [repair] = row.repair_id ? await ctx.db.select({ state: repairs.state }).from(repairs).where(eq(repairs.id, row.repair_id)) : [];
    if (repair && !repairWorkflow.transition(repair.state, 'cancel') && repair.state !== 'canceled') return;
    await runAction(ctx, 'estimations', estimationId, 'redo-approve', {}, { cause });
  }
  await runAction(ctx, 'estimations', estimationId, 'cancel', {}, { cause });
}
