import { LOCALES, inspectionWorkflow as workflow, missingRequired, nameIn, scoreInspection, sectionGoodFills } from '@atelier/domain';
import { z } from 'zod';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError, ValidationErrors } from '../../jsonapi/errors.ts';
import { records } from '../../jsonapi/records.ts';
import { runAction } from '../../jsonapi/run-action.ts';
import { workflowMessages, workflowParts } from '../../jsonapi/workflow.ts';
import { assignAction } from '../admin/assignees.ts';
import { TAKE_OVER_BODY, checkTakeOver } from '../admin/take-over.ts';
import { cancelEstimationOfInspection } from '../estimations/estimations.actions.ts';
import { emitCallback } from '../settings/callbacks.ts';
import { answersOf, fieldsOfInspection, makeFields, rescore, scoredVehicle, versionById, type InspectionRow } from './inspection-scoring.ts';
import { inspections } from './inspections.table.ts';
import { freezeVersion } from './versions.ts';
import { SHARE_DAYS, SHARE_OPTIONS, createShare, revokeShares, shareUrl, type ShareOptions } from './report/shares.ts';
import { TEXTED_TO, TEXT_OUTCOME } from '../messaging/send-option.ts';
import { sendToCustomer } from '../messaging/texts.ts';
import { claimsVehicle } from '../vehicles/work-in-progress.ts';

// POST /inspections/{id}/<action>, GET for cancel (spec §7): the domain's inspectionWorkflow
// served by the engine's kit (jsonapi/workflow.ts: state, holder, assignees, who and when, the
// vehicle claimed on start); here only what an inspection adds.

/** What complete reads: the signature (else the one saved) and the reminders ticked (their ids). */
const COMPLETE_OPTIONS = z.object({
  signature: z.string().max(500_000).nullish(),
  checked_reminders: z.array(z.string()).nullish(),
});
type CompleteOptions = z.infer<typeof COMPLETE_OPTIONS>;

/** The section a reset or "all good" names. */
const SECTION_OPTIONS = z.object({ section_id: z.string().nullish() });

/**
 * Complete needs a signature, every reminder of the version ticked and every visible required
 * field answered (touched or not applicable): all the errors at once. A missing field's error
 * names it in the request's language and carries its ids in meta, so the screen links to it.
 */
async function checkComplete(ctx: RequestContext, row: InspectionRow, signature: string | null, reminders: CompleteOptions['checked_reminders']) {
  const errors = new ValidationErrors();
  if (!signature) errors.add('/data/attributes/signature', 'inspection.signature_required');
  const fields = await fieldsOfInspection(ctx.db, row.id);
  const version = await versionById(ctx.db, row.inspection_form_version_id);
  const ticked = new Set(reminders ?? []);
  if (!version.structure.reminders.every((r) => ticked.has(r.id))) errors.add('/data/attributes/checked_reminders', 'inspection.reminders_unchecked');
  const score = scoreInspection(version.compiled, answersOf(fields), await scoredVehicle(ctx.db, row));
  const rows = new Map(fields.map((f) => [f.field_id, f]));
  const frozen = fields.flatMap((f) => {
    const known = version.fields.get(f.field_id);
    return known ? [{ id: f.field_id, required: known.field.required, ...known }] : [];
  });
  for (const f of missingRequired(frozen, (id) => Boolean(score.fields[id]?.visible), (id) => rows.get(id))) {
    const row = rows.get(f.id)!;
    errors.add(
      `/data/relationships/inspectionFields/data/${row.position}`,
      'inspection.field_required',
      { fieldName: nameIn(f.field, ctx.locale) },
      { inspection_field_id: row.id, field_id: f.id, section_id: f.sectionId, sub_section_id: f.subSectionId },
    );
  }
  errors.throwIfAny();
}

/** The top-level section named by the body ({ section_id } or data.attributes.section_id) and its fields. */
async function sectionFields(ctx: RequestContext, row: InspectionRow, sectionId: string | null | undefined) {
  if (!sectionId) throw new ApiError(422, 'inspection.section_required', undefined, { pointer: '/data/attributes/section_id' });
  const version = await versionById(ctx.db, row.inspection_form_version_id);
  const section = version.structure.sections.find((s) => s.id === sectionId);
  if (!section) throw new ApiError(422, 'inspection.section_unknown', undefined, { pointer: '/data/attributes/section_id' });
  return { version, fields: section.subSections.flatMap((s) => s.fields) };
}

export const inspectionFlow = workflowParts({
  workflow,
  table: inspections,
  vehicle: claimsVehicle('inspection'),
  messages: {
    ...workflowMessages('inspection'),
    holder: 'inspection.not_holder',
    own: 'inspection.already_holder',
    assignee: 'inspection.not_assignee',
    inProgress: { constraint: 'inspections_vehicle_in_progress_unique', code: 'inspection.vehicle_in_progress' },
  },
  actions: {
    assign: assignAction('Assigns the inspection to users and/or roles of its organization (it becomes to do)', 'inspection.assignee_required'),
    start: { summary: 'Starts the inspection: the user holds it (one inspection in progress per vehicle, else 409)' },
    take_over: {
      summary: 'Takes over the inspection in progress from the user holding it',
      body: TAKE_OVER_BODY,
      async values(ctx, row, body) {
        await checkTakeOver(ctx, body, row.holder_id, 'inspection.holder_changed');
        return {};
      },
    },
    complete: {
      summary: 'Completes the inspection: needs a signature (sent or saved), every reminder ticked and every visible field filled in; the request it answers is completed with it',
      options: COMPLETE_OPTIONS,
      async values(ctx, row, _body, options) {
        const { signature: given, checked_reminders } = options as CompleteOptions;
        const signature = given?.trim() || row.signature || null;
        await checkComplete(ctx, row, signature, checked_reminders);
        return { signature };
      },
      async after(ctx, saved) {
        // The request the inspection answers is done with it.
        if (saved.request_id) await runAction(ctx, 'requests', saved.request_id, 'complete', {}, { cause: { type: 'inspections', id: saved.id, organizationId: saved.organization_id } });
        await emitCallback(ctx, 'inspection.completed', ctx.registry.resource('inspections'), saved.id, ['vehicle', 'customer']);
      },
    },
    approve: { summary: 'Approves (validates) the completed inspection' },
    cancel: { summary: 'Cancels the inspection (GET, as older clients call it)' },
    redo: {
      summary: 'Cancels the inspection and answers a fresh draft of the same vehicle, from the form as it is now',
      async after(ctx, old) {
        if (old.estimation_id) await cancelEstimationOfInspection(ctx, old.estimation_id, old);
        const version = await freezeVersion(ctx.db, old.inspection_form_id);
        // The fresh draft, logged as made by the redo; its fields are made and scored from its version.
        const [made] = (await records(ctx, 'inspections').create(
          [
            {
              organization_id: old.organization_id,
              inspection_form_id: old.inspection_form_id,
              inspection_form_version_id: version.id,
              form_version: version.number,
              state: 'draft',
              customer_id: old.customer_id,
              request_id: old.request_id,
              vehicle_id: old.vehicle_id,
              creator_id: ctx.actor.id,
              assigned_user_ids: old.assigned_user_ids,
              assigned_role_ids: old.assigned_role_ids,
              assigned_by_id: old.assigned_by_id,
              approver_id: old.approver_id,
              odometer: old.odometer,
              location_ids: old.location_ids,
              tag_ids: old.tag_ids,
            },
          ],
          { cause: { type: 'inspections', id: old.id } },
        )) as InspectionRow[];
        await makeFields(ctx.db, made);
        return { recordId: made.id, log: { state: 'canceled', redone_as: made.id } };
      },
    },
    reset_section: {
      summary: 'Clears the answers of a section ({ section_id }): its fields are untouched again',
      options: SECTION_OPTIONS,
      async run(ctx, row, _body, { section_id }) {
        const { fields } = await sectionFields(ctx, row, section_id as string | null);
        const answers = answersOf(await fieldsOfInspection(ctx.db, row.id));
        for (const f of fields) if (Object.hasOwn(answers, f.id)) answers[f.id] = { value: null, action: null, touched: false, not_applicable: false };
        await rescore(ctx.db, row, answers, fields.map((f) => f.id));
        return { log: { reset_section: section_id } };
      },
    },
    set_section_good: {
      summary:
        'Answers each visible field of a section ({ section_id }) nobody answered yet with its best option, touched; answered and N/A fields (their comments, photos, actions) stay, and measures and texts are not invented',
      options: SECTION_OPTIONS,
      async run(ctx, row, _body, { section_id }) {
        const { version, fields } = await sectionFields(ctx, row, section_id as string | null);
        const answers = answersOf(await fieldsOfInspection(ctx.db, row.id));
        const scores = scoreInspection(version.compiled, answers, await scoredVehicle(ctx.db, row)).fields;
        const fills = sectionGoodFills(
          fields.filter((f) => Object.hasOwn(answers, f.id)),
          answers,
          (id) => Object.hasOwn(scores, id) && scores[id].visible,
        );
        for (const { id, value } of fills) answers[id] = { ...answers[id], value, touched: true };
        await rescore(ctx.db, row, answers, fills.map((f) => f.id));
        return { log: { set_section_good: section_id } };
      },
    },
    share: {
      summary: `Makes a public link to the report (${SHARE_DAYS.default} days unless expires_in_days says 1 to ${SHARE_DAYS.max}; in the customer’s language unless locale says): the inspection’s document, the link in meta.share (its token is shown this once); send_email e-mails it to the customer (or to email), send_sms texts it under their consent to transactional texts`,
      options: SHARE_OPTIONS,
      meta: {
        share: {
          type: 'object',
          description: 'The link: url opens the public page; token opens GET /public/inspection-reports/{token}. Neither is shown again.',
          properties: {
            id: { type: 'string' },
            url: { type: 'string' },
            token: { type: 'string' },
            locale: { enum: [...LOCALES] },
            expires_at: { type: 'string', format: 'date-time' },
            email: { type: ['string', 'null'], description: 'Where the link was e-mailed (send_email), else null.' },
            sms: TEXTED_TO,
            text: TEXT_OUTCOME,
          },
          required: ['id', 'url', 'token', 'locale', 'expires_at'],
          additionalProperties: false,
        },
      },
      values: () => ({ shared: true }),
      async after(ctx, saved, _row, _body, options) {
        const { token, share } = await createShare(ctx.db, saved, ctx.actor.id, options as ShareOptions);
        const url = shareUrl(ctx.config.appUrl, token);
        // Sent as asked (e-mail, text under consent); text is completed once the share has committed.
        const { email, sms, text } = await sendToCustomer(
          ctx,
          { organizationId: saved.organization_id, customerId: saved.customer_id, subject: { type: 'inspections', id: saved.id }, mail: { subject: 'mail.inspection_report.subject', body: 'mail.inspection_report.body' }, template: 'inspection_report', params: { url }, noEmail: 'share.no_email' },
          { ...(options as ShareOptions), locale: share.locale },
        );
        return {
          meta: { share: { id: share.id, url, token, locale: share.locale, expires_at: share.expires_at, email, sms, text } },
          // The token is never logged: whoever reads the log must not open the link.
          log: { shared: true, share_id: share.id, locale: share.locale, expires_at: share.expires_at },
        };
      },
    },
    unshare: {
      summary: 'Revokes every active link to the report: they answer 410 from now on',
      values: () => ({ shared: false }),
      async after(ctx, saved) {
        return { log: { shared: false, revoked: await revokeShares(ctx.db, saved.id) } };
      },
    },
  },
});
