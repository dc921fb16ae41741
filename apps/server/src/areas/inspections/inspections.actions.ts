import {
  INSPECTION_ACTION_PERMISSIONS,
  LOCALES,
  missingRequired,
  nameIn,
  inspectionActionRoute,
  inspectionTransition,
  scoreInspection,
  sectionGoodFills,
  type InspectionAction,
} from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import { actionAttributes } from '../../jsonapi/action-body.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { ActionDefinition, ActionResult, Row } from '../../jsonapi/define-resource.ts';
import { ApiError, ValidationErrors } from '../../jsonapi/errors.ts';
import { dbConstraint, dbErrorCode } from '../../jsonapi/write.ts';
import { followUp } from '../../jsonapi/follow-up.ts';
import { readRecord } from '../../jsonapi/includes.ts';
import { parseQuery } from '../../jsonapi/query.ts';
import { renderDocument } from '../../jsonapi/router.ts';
import { assigneesOf } from '../admin/assignees.ts';
import { TAKE_OVER_BODY, checkTakeOver } from '../admin/take-over.ts';
import { cancelEstimationOfInspection } from '../estimations/estimations.actions.ts';
import { emitCallback } from '../settings/callbacks.ts';
import { claimVehicle } from '../vehicles/work-in-progress.ts';
import { answersOf, fieldsOfInspection, makeFields, rescore, scoredVehicle, versionById, type InspectionRow } from './inspection-scoring.ts';
import { inspections } from './inspections.table.ts';
import { freezeVersion } from './versions.ts';
import { SHARE_DAYS, createShare, revokeShares, shareOptions, shareUrl } from './report/shares.ts';

// POST /inspections/{id}/<action>, GET for cancel (spec §7). The router loads and locks the record
// and runs its policy (inspections.policies.ts: the state, the holder, the assignees) first.

const nextState = (row: InspectionRow, action: InspectionAction) => inspectionTransition(row.state, action)!;

const attributesOf = (body: unknown): Record<string, unknown> => actionAttributes(body, { flat: true });

/** Writes the action's columns; a second in-progress inspection of the vehicle is a 409 (the database's unique index). */
async function save(ctx: RequestContext, row: InspectionRow, values: Record<string, unknown>): Promise<ActionResult> {
  try {
    const [saved] = (await ctx.db
      .update(inspections)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(inspections.id, row.id))
      .returning()) as Row[];
    const log = Object.fromEntries(Object.keys(values).filter((k) => !k.endsWith('_at')).map((k) => [k, saved[k]]));
    return { row: saved, log };
  } catch (err) {
    if (dbErrorCode(err) === '23505' && dbConstraint(err) === 'inspections_vehicle_in_progress_unique') throw new ApiError(409, 'inspection.vehicle_in_progress');
    throw err;
  }
}

/** The signature sent with complete ({ signature } or data.attributes.signature), else the one saved. */
function signatureOf(row: InspectionRow, body: unknown): string | null {
  const given = attributesOf(body).signature;
  if (given !== undefined && given !== null && (typeof given !== 'string' || given.length > 500_000))
    throw new ApiError(422, 'validation.string', undefined, { pointer: '/data/attributes/signature' });
  return (typeof given === 'string' && given.trim()) || row.signature || null;
}

/** The reminders ticked, sent with complete (checked_reminders: their ids). */
function checkedReminders(body: unknown): Set<string> {
  const list = attributesOf(body).checked_reminders;
  return new Set(Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : []);
}

/**
 * Complete needs a signature, every reminder of the version ticked and every visible required
 * field answered (touched or not applicable): all the errors at once. A missing field's error
 * names it in the request's language and carries its ids in meta, so the screen links to it.
 */
async function checkComplete(ctx: RequestContext, row: InspectionRow, signature: string | null, body: unknown) {
  const errors = new ValidationErrors();
  if (!signature) errors.add('/data/attributes/signature', 'inspection.signature_required');
  const fields = await fieldsOfInspection(ctx.db, row.id);
  const version = await versionById(ctx.db, row.inspection_form_version_id);
  const ticked = checkedReminders(body);
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
async function sectionFields(ctx: RequestContext, row: InspectionRow, body: unknown) {
  const sectionId = attributesOf(body).section_id;
  if (typeof sectionId !== 'string' || !sectionId) throw new ApiError(422, 'inspection.section_required', undefined, { pointer: '/data/attributes/section_id' });
  const version = await versionById(ctx.db, row.inspection_form_version_id);
  const section = version.structure.sections.find((s) => s.id === sectionId);
  if (!section) throw new ApiError(422, 'inspection.section_unknown', undefined, { pointer: '/data/attributes/section_id' });
  return { version, fields: section.subSections.flatMap((s) => s.fields) };
}

const sectionBody = {
  type: 'object',
  properties: { section_id: { type: 'string' }, data: { type: 'object', properties: { attributes: { type: 'object' } } } },
};

const actions: Record<InspectionAction, ActionDefinition<InspectionRow>> = {
  assign: {
    permission: INSPECTION_ACTION_PERMISSIONS.assign,
    contract: {
      summary: 'Assigns the inspection to users and/or roles of its organization (it becomes to do)',
      body: { description: '{ data: { relationships: { assignedToUsers: { data: [{ type: "users", id }] }, assignedToRoles: { data: [{ type: "roles", id }] } } } }', type: 'object', properties: { data: { type: 'object' } } },
    },
    async handler(ctx, row, body) {
      const who = await assigneesOf(ctx, row!.organization_id, body, 'inspection.assignee_required');
      return save(ctx, row!, { state: nextState(row!, 'assign'), ...who, assigned_by_id: ctx.actor.id, assigned_at: sql`now()` });
    },
  },
  start: {
    permission: INSPECTION_ACTION_PERMISSIONS.start,
    contract: { summary: 'Starts the inspection: the user holds it (one inspection in progress per vehicle, else 409)' },
    async handler(ctx, row) {
      await claimVehicle(ctx.db, row!.vehicle_id, { kind: 'inspection', id: row!.id });
      return save(ctx, row!, { state: nextState(row!, 'start'), started_by_id: ctx.actor.id, started_at: sql`now()`, holder_id: ctx.actor.id });
    },
  },
  take_over: {
    permission: INSPECTION_ACTION_PERMISSIONS.take_over,
    contract: { summary: 'Takes over the inspection in progress from the user holding it', body: TAKE_OVER_BODY },
    async handler(ctx, row, body) {
      await checkTakeOver(ctx, body, row!.holder_id, 'inspection.holder_changed');
      return save(ctx, row!, { holder_id: ctx.actor.id });
    },
  },
  complete: {
    permission: INSPECTION_ACTION_PERMISSIONS.complete,
    contract: {
      summary: 'Completes the inspection: needs a signature (sent or saved), every reminder ticked and every visible field filled in; the request it answers is completed with it',
      body: { type: 'object', properties: { signature: { type: 'string' }, checked_reminders: { type: 'array', items: { type: 'string' } }, data: { type: 'object', properties: { attributes: { type: 'object' } } } } },
    },
    async handler(ctx, row, body) {
      const signature = signatureOf(row!, body);
      await checkComplete(ctx, row!, signature, body);
      const result = await save(ctx, row!, { state: nextState(row!, 'complete'), signature, completed_by_id: ctx.actor.id, completed_at: sql`now()` });
      // The request the inspection answers is done with it.
      if (row!.request_id) await followUp(ctx, 'requests', row!.request_id, 'complete', { type: 'inspections', id: row!.id, organizationId: row!.organization_id });
      await emitCallback(ctx, 'inspection.completed', ctx.registry.resource('inspections'), row!.id, ['vehicle', 'customer']);
      return result;
    },
  },
  approve: {
    permission: INSPECTION_ACTION_PERMISSIONS.approve,
    contract: { summary: 'Approves (validates) the completed inspection' },
    handler: (ctx, row) => save(ctx, row!, { state: nextState(row!, 'approve'), approved_by_id: ctx.actor.id, approved_at: sql`now()` }),
  },
  cancel: {
    method: 'GET',
    permission: INSPECTION_ACTION_PERMISSIONS.cancel,
    contract: { summary: 'Cancels the inspection (GET, as older clients call it)' },
    handler: (ctx, row) => save(ctx, row!, { state: nextState(row!, 'cancel'), canceled_by_id: ctx.actor.id, canceled_at: sql`now()`, holder_id: null }),
  },
  redo: {
    permission: INSPECTION_ACTION_PERMISSIONS.redo,
    contract: { summary: 'Cancels the inspection and answers a fresh draft of the same vehicle, from the form as it is now' },
    async handler(ctx, row) {
      const old = row!;
      await save(ctx, old, { state: nextState(old, 'redo'), canceled_by_id: ctx.actor.id, canceled_at: sql`now()`, holder_id: null });
      if (old.estimation_id) await cancelEstimationOfInspection(ctx, old.estimation_id);
      const version = await freezeVersion(ctx.db, old.inspection_form_id);
      const [made] = await ctx.db
        .insert(inspections)
        .values({
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
        })
        .returning();
      await makeFields(ctx.db, made);
      return { recordId: made.id, log: { state: 'canceled', redone_as: made.id } };
    },
  },
  reset_section: {
    permission: INSPECTION_ACTION_PERMISSIONS.reset_section,
    contract: { summary: 'Clears the answers of a section ({ section_id }): its fields are untouched again', body: sectionBody },
    async handler(ctx, row, body) {
      const { fields } = await sectionFields(ctx, row!, body);
      const answers = answersOf(await fieldsOfInspection(ctx.db, row!.id));
      for (const f of fields) if (Object.hasOwn(answers, f.id)) answers[f.id] = { value: null, action: null, touched: false, not_applicable: false };
      await rescore(ctx.db, row!, answers, fields.map((f) => f.id));
      return { log: { reset_section: attributesOf(body).section_id } };
    },
  },
  set_section_good: {
    permission: INSPECTION_ACTION_PERMISSIONS.set_section_good,
    contract: {
      summary:
        'Answers each visible field of a section ({ section_id }) nobody answered yet with its best option, touched; answered and N/A fields (their comments, photos, actions) stay, and measures and texts are not invented',
      body: sectionBody,
    },
    async handler(ctx, row, body) {
      const { version, fields } = await sectionFields(ctx, row!, body);
      const answers = answersOf(await fieldsOfInspection(ctx.db, row!.id));
      const scores = scoreInspection(version.compiled, answers, await scoredVehicle(ctx.db, row!)).fields;
      const fills = sectionGoodFills(
        fields.filter((f) => Object.hasOwn(answers, f.id)),
        answers,
        (id) => Object.hasOwn(scores, id) && scores[id].visible,
      );
      for (const { id, value } of fills) answers[id] = { ...answers[id], value, touched: true };
      await rescore(ctx.db, row!, answers, fills.map((f) => f.id));
      return { log: { set_section_good: attributesOf(body).section_id } };
    },
  },
  share: {
    permission: INSPECTION_ACTION_PERMISSIONS.share,
    contract: {
      summary: `Makes a public link to the report (${SHARE_DAYS.default} days unless expires_in_days says 1 to ${SHARE_DAYS.max}; in the customer’s language unless locale says): the inspection’s document, the link in meta.share (its token is shown this once)`,
      body: {
        type: 'object',
        properties: {
          expires_in_days: { type: 'integer', minimum: 1, maximum: SHARE_DAYS.max },
          locale: { enum: [...LOCALES] },
          data: { type: 'object', properties: { attributes: { type: 'object' } } },
        },
      },
      response: {
        type: 'object',
        properties: {
          jsonapi: { $ref: '#/components/schemas/jsonapi' },
          data: { $ref: '#/components/schemas/inspections' },
          included: { $ref: '#/components/schemas/inspections.included' },
          meta: {
            type: 'object',
            properties: {
              share: {
                type: 'object',
                description: 'The link: url opens the public page; token opens GET /public/inspection-reports/{token}. Neither is shown again.',
                properties: { id: { type: 'string' }, url: { type: 'string' }, token: { type: 'string' }, locale: { enum: [...LOCALES] }, expires_at: { type: 'string', format: 'date-time' } },
                required: ['id', 'url', 'token', 'locale', 'expires_at'],
                additionalProperties: false,
              },
            },
            required: ['share'],
          },
        },
        required: ['jsonapi', 'data', 'meta'],
        additionalProperties: false,
      },
    },
    async handler(ctx, row, body) {
      const options = shareOptions(body);
      const { token, share } = await createShare(ctx.db, row!, ctx.actor.id, options);
      const saved = await save(ctx, row!, { shared: true });
      // The inspection's document as any action answers it, with the link (this once) in meta.
      const def = ctx.registry.find('inspections')!;
      const q = parseQuery(ctx.registry, def, ctx.query, { list: false });
      const read = await readRecord(ctx, def, row!.id, q.include);
      const link = { id: share.id, url: shareUrl(ctx.config.appUrl, token), token, locale: share.locale, expires_at: share.expires_at };
      return {
        row: saved.row,
        body: await renderDocument(ctx, def, read.row, q, { share: link }, read.doc),
        // The token is never logged: whoever reads the log must not open the link.
        log: { shared: true, share_id: share.id, locale: share.locale, expires_at: share.expires_at },
      };
    },
  },
  unshare: {
    permission: INSPECTION_ACTION_PERMISSIONS.unshare,
    contract: { summary: 'Revokes every active link to the report: they answer 410 from now on' },
    async handler(ctx, row) {
      const revoked = await revokeShares(ctx.db, row!.id);
      const saved = await save(ctx, row!, { shared: false });
      return { row: saved.row, log: { shared: false, revoked } };
    },
  },
};

export const inspectionActions: Record<string, ActionDefinition<InspectionRow>> = Object.fromEntries(
  Object.entries(actions).map(([action, definition]) => [inspectionActionRoute(action as InspectionAction), definition]),
);
