import { declarations, initialInspectionState, inspectionWorkflow } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import { assignmentStorage, workDocumentStorage } from '../admin/assignees.ts';
import { tenancy, toUuidArray } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Row, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ValidationErrors, relationshipPointer } from '../../jsonapi/errors.ts';
import { column, filter, uuidList } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { pictureList } from '../files/picture-list.ts';
import { requests } from '../requests/requests.table.ts';
import { inspectionForms } from './inspection-forms.table.ts';
import { raiseVehicleOdometer } from '../vehicles/odometer.ts';
import { answersOf, fieldsOfInspection, makeFields, rescore } from './inspection-scoring.ts';
import { inspectionFlow } from './inspections.actions.ts';
import { inspections } from './inspections.table.ts';

import { previousInspections } from './previous.ts';
import { freezeVersion } from './versions.ts';
import { activeShares } from './report/shares.ts';

type InspectionRow = typeof inspections.$inferSelect;

/** Photos of an inspection, and of each of its answers. */
export const MAX_PHOTOS = 50;

/**
 * Inspections (spec §3, issue 11). Made from a frozen version of their form: POST freezes it and
 * makes one untouched field per field of the version, scored at once, in the request's transaction.
 * Answers are written at /inspection-fields; the workflow is the actions (inspections.actions.ts).
 */
export const inspectionsResource = defineResource(declarations.inspections, {
  table: inspections,
  permissions: 'inspections',
  tenancy: tenancy.organization(),
  attributes: {
    images: pictureList(MAX_PHOTOS, 'inspection.images_url'),
  },
  // Photos of the whole inspection (its summary), until it is completed (the edit policy).
  uploads: { images: { kinds: ['image'] } },
  relationships: {
    ...workDocumentStorage(),
    request: rel.belongsTo('request_id'),
    inspectionForm: rel.belongsTo('inspection_form_id'),
    inspectionFormVersion: rel.belongsTo('inspection_form_version_id'),
    inspectionFields: rel.hasMany('inspection_id', { order: 'position' }),
    ...assignmentStorage(inspectionWorkflow.permissions.assign, 'inspection.forbidden_assign'),
    startedBy: rel.belongsTo('started_by_id'),
    holder: rel.belongsTo('holder_id'),
    completedBy: rel.belongsTo('completed_by_id'),
    approvedBy: rel.belongsTo('approved_by_id'),
    // The approver (spec §3) is named like the assignees, by whoever may assign. Approving stays the
    // approve permission's (spec §6): the approver is who is expected to, not a right of its own.
    approver: rel.belongsTo('approver_id', { guard: { permission: inspectionWorkflow.permissions.assign, refusal: 'inspection.forbidden_approver' } }),
    canceledBy: rel.belongsTo('canceled_by_id'),
    estimation: rel.belongsTo('estimation_id'),
    repair: rel.belongsTo('repair_id'),
  },
  filters: {
    state: filter.in('state'),
    vehicle: filter.ids('vehicle_id', 'vehicle'),
    inspectionForm: filter.ids('inspection_form_id', 'inspectionForm'),
    request: filter.ids('request_id', 'request'),
    customer: filter.ids('customer_id', 'customer'),
    creator: filter.ids('creator_id', 'creator'),
    holder: filter.ids('holder_id', 'holder'),
    approver: filter.ids('approver_id', 'approver'),
    // Whose work it is: the user holding it, or one of its assigned users.
    inspector: filter.custom((value, _ctx, table) => {
      const ids = uuidList('inspector', value);
      if (!ids.length) return undefined;
      return sql`(${column(table, 'holder_id')} = ANY(${toUuidArray(ids)}) OR ${column(table, 'assigned_user_ids')} && ${toUuidArray(ids)})`;
    }),
    tags: filter.overlaps('tag_ids', 'tags'),
    search: filter.search(['code', 'comments']),
    vehicle_score_min: filter.bound('vehicle_score', 'vehicle_score_min', 'min'),
    vehicle_score_max: filter.bound('vehicle_score', 'vehicle_score_max', 'max'),
    created_from: filter.since('created_at', 'created_from', 'from'),
    created_to: filter.since('created_at', 'created_to', 'to'),
  },
  addData: {
    // meta.previousInspection: per inspection, the last one completed on its vehicle with its form, and its answers.
    previousInspection: previousInspections,
    // meta.shares: the links to the report still open (never their tokens), for whoever may share.
    shares: async (ctx, rows) => (ctx.actor.permissions.has(inspectionWorkflow.permissions.share) && rows.length ? activeShares(ctx.db, rows.map((r) => r.id as string)) : []),
  },
  hooks: { beforeWrite, afterWrite },
  // Its actions, their policies, available_actions, the edit policy and GET /inspections/list/count.
  workflow: inspectionFlow,
  notify: {
    assignees: (row) => [...row.assigned_user_ids, row.holder_id],
    label: (row) => String(row.code ?? ''),
  },
});

async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: Row | null) {
  if (existing) return;
  const v = input.values;
  const [form] = await ctx.db.select({ is_active: inspectionForms.is_active }).from(inspectionForms).where(eq(inspectionForms.id, v.inspection_form_id as string));
  if (form && !form.is_active) {
    const errors = new ValidationErrors();
    errors.add(relationshipPointer('inspectionForm'), 'inspection.form_inactive');
    errors.throwIfAny();
  }
  // Made from a request: its vehicle and customer unless the document names others.
  if (v.request_id) {
    const [request] = await ctx.db.select({ vehicle_id: requests.vehicle_id, customer_id: requests.customer_id }).from(requests).where(eq(requests.id, v.request_id as string));
    if (!input.present.has('vehicle')) v.vehicle_id = request?.vehicle_id ?? null;
    if (!input.present.has('customer')) v.customer_id = request?.customer_id ?? null;
  }
  const assigned = ((v.assigned_user_ids as string[] | undefined)?.length ?? 0) + ((v.assigned_role_ids as string[] | undefined)?.length ?? 0) > 0;
  const version = await freezeVersion(ctx.db, v.inspection_form_id as string);
  Object.assign(v, {
    creator_id: ctx.actor.id,
    state: initialInspectionState(assigned),
    inspection_form_version_id: version.id,
    form_version: version.number,
    ...(assigned ? { assigned_by_id: ctx.actor.id, assigned_at: sql`now()` } : {}),
  });
}

/** A new inspection gets one untouched field per field of its version, and its scores. */
async function afterWrite(ctx: RequestContext, row: InspectionRow, input: WriteInput, existing: InspectionRow | null) {
  if (input.present.has('odometer')) await raiseVehicleOdometer(ctx, row);
  if (!existing) return makeFields(ctx.db, row);
  // The odometer read at the inspection is what the points multipliers compare.
  if (input.present.has('odometer')) await rescore(ctx.db, row, answersOf(await fieldsOfInspection(ctx.db, row.id)), []);
}
