import { WIDGET_FIELD_TYPES, WIDGET_OPTIONS, declarations, finiteNumber, isEmptyAnswer, propagateAnswer, type FieldAnswer, inspectionWorkflow, isObject } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Policy, type Row, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ValidationErrors, attributePointer, badRequest } from '../../jsonapi/errors.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { filter } from '../../jsonapi/filters.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { pictureList } from '../files/picture-list.ts';
import { answerOf, answersOf, fieldsOfInspection, rescore, versionById, type InspectionFieldRow, type InspectionRow } from './inspection-scoring.ts';
import { notHolder } from './inspections.policies.ts';
import { MAX_PHOTOS, inspectionsResource } from './inspections.resource.ts';
import { inspectionFields, inspections } from './inspections.table.ts';
import type { FrozenField } from './versions.ts';

// An inspection's answers (spec §3 Inspection field, §7 /inspection-fields): made with the
// inspection, changed one at a time by the user holding it while it is in progress.

/** Inspections already locked by a transaction: the policy and both hooks of one answer read the row once. */
const lockedBy = new WeakMap<object, Map<string, InspectionRow>>();

/**
 * The field's inspection, locked: two answers to one inspection are scored one after the other.
 * Read once per transaction (the lock holds until its end, and nothing of one answer changes the
 * row before scoreAnswer reads it).
 */
async function lockedInspection(ctx: RequestContext, inspectionId: string): Promise<InspectionRow> {
  // Only a transaction (Drizzle's have rollback) holds the lock: outside one, always read.
  if (!('rollback' in ctx.db)) return (await ctx.db.select().from(inspections).where(eq(inspections.id, inspectionId)).for('update'))[0];
  let locked = lockedBy.get(ctx.db);
  if (!locked) lockedBy.set(ctx.db, (locked = new Map()));
  const known = locked.get(inspectionId);
  if (known) return known;
  const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, inspectionId)).for('update');
  locked.set(inspectionId, row);
  return row;
}

const answerable: Policy<[row: InspectionFieldRow, input: WriteInput]> = {
  refuses: {
    403: 'Answers are written by the user holding the inspection (the message names them).',
    409: 'Answers are written only while the inspection is in progress.',
  },
  async check(ctx, row) {
    const inspection = await lockedInspection(ctx, row.inspection_id);
    if (inspection.state !== 'in_progress') return conflictWith('inspection.not_in_progress', { state: inspectionWorkflow.stateLabels[inspection.state][ctx.locale] });
    return notHolder(ctx, inspection);
  },
};

const WIDGETS: readonly string[] = WIDGET_FIELD_TYPES;
const STATES: readonly unknown[] = WIDGET_OPTIONS;

/** What is wrong with a value for the field's type (null and absent are no answer), or nothing. */
export function valueProblem(field: FrozenField, value: unknown): MessageKey | undefined {
  if (value === null || value === undefined) return;
  const options = new Set(field.points_threshold.map((o) => o.option));
  switch (field.field_type) {
    case 'CHECK':
      return typeof value === 'boolean' ? undefined : 'inspection.value_boolean';
    case 'SELECT_SINGLE':
      return typeof value === 'string' && options.has(value) ? undefined : 'inspection.value_option';
    case 'SELECT_MULTIPLE':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && options.has(v)) ? undefined : 'inspection.value_options';
    case 'NUMBER':
    case 'RANGE_SLIDER':
      return typeof value === 'number' && finiteNumber(value) !== null ? undefined : 'inspection.value_number';
    case 'TEXT':
      return typeof value === 'string' && value.length <= 5000 ? undefined : 'inspection.value_text';
    default:
      if (WIDGETS.includes(field.field_type)) return isObject(value) && STATES.includes(value.value) && JSON.stringify(value).length <= 5000 ? undefined : 'inspection.value_widget';
      return 'inspection.value_text';
  }
}

/** The answer is checked against the field's type in the inspection's version; an answer given is touched. */
async function checkAnswer(ctx: RequestContext, input: WriteInput, existing: Row | null) {
  const row = existing as InspectionFieldRow;
  const inspection = await lockedInspection(ctx, row.inspection_id);
  const version = await versionById(ctx.db, inspection.inspection_form_version_id);
  const field = version.fields.get(row.field_id)!.field;
  const errors = new ValidationErrors();
  if (input.present.has('value')) {
    const problem = valueProblem(field, input.values.value);
    if (problem) errors.add(attributePointer('value'), problem);
  }
  if (input.values.not_applicable === true && !field.enable_na) errors.add(attributePointer('not_applicable'), 'inspection.na_not_allowed');
  errors.throwIfAny();
  // An answer given is touched; one emptied (no value, action or N/A: an undo) is unanswered again.
  if (['value', 'action', 'not_applicable'].some((n) => input.present.has(n))) input.values.touched = !isEmptyAnswer({ ...answerOf(row), ...pick(input, ['value', 'action', 'not_applicable']) });
}

/** The members of the answer this write gives. */
const pick = (input: WriteInput, names: readonly string[]) => Object.fromEntries(names.filter((n) => input.present.has(n)).map((n) => [n, input.values[n]]));

/** After the write: the tire, drum and pad propagation to the siblings, then the scores. */
async function scoreAnswer(ctx: RequestContext, row: InspectionFieldRow, input: WriteInput, existing: InspectionFieldRow | null) {
  if (!['value', 'action', 'not_applicable'].some((n) => input.present.has(n))) return;
  const inspection = await lockedInspection(ctx, row.inspection_id);
  const version = await versionById(ctx.db, inspection.inspection_form_version_id);
  const change: FieldAnswer = answerOf(row);
  const before = answersOf(await fieldsOfInspection(ctx.db, inspection.id));
  // The siblings follow the first tire when they still say what it said before this answer.
  if (existing) before[row.field_id] = answerOf(existing);
  const { answers, changed } = propagateAnswer(version.compiled, before, row.field_id, change);
  await rescore(ctx.db, inspection, answers, changed);
}

/**
 * meta.inspectionSectionScores: the sections' scores of the records' inspection, by section id (spec
 * §7 asks them of one field). Records of several inspections have no one answer: a 400 says to
 * filter the list on one inspection rather than answering the first one's alone.
 */
async function sectionScores(ctx: RequestContext, rows: Row[]) {
  if (!rows.length) return {};
  const inspectionId = rows[0].inspection_id as string;
  if (rows.some((r) => r.inspection_id !== inspectionId)) throw badRequest('inspection.section_scores_one_inspection', undefined, 'add_data');
  const [inspection] = await ctx.db.select({ score_data: inspections.score_data }).from(inspections).where(eq(inspections.id, inspectionId));
  return inspection?.score_data?.sectionsScores ?? {};
}

export const inspectionFieldsResource = defineResource(declarations['inspection-fields'], {
  table: inspectionFields,
  permissions: 'inspections',
  tenancy: tenancy.ownedBy(inspectionsResource, 'inspection_id', { organization: true }),
  // Made with their inspection, one per field of its version; never added or removed alone.
  operations: { create: false, delete: false },
  notServed: 'error.inspection_fields_not_served',
  relationships: {
    organization: rel.belongsTo('organization_id'),
    inspection: rel.belongsTo('inspection_id'),
    inspectionFormSectionField: rel.belongsTo('field_id'),
  },
  filters: {
    inspection: filter.ids('inspection_id', 'inspection'),
    touched: filter.boolean('touched'),
  },
  attributes: { images: pictureList(MAX_PHOTOS, 'inspection.images_url') },
  hooks: { beforeWrite: checkAnswer, afterWrite: scoreAnswer },
  // Photos are taken by whoever may answer (the answerable policy: the holder, in progress).
  uploads: { images: { kinds: ['image'] }, video: { kinds: ['video'] } },
  policies: { edit: answerable },
  addData: {
    inspectionSectionScores: {
      read: sectionScores,
      description:
        'the sections’ scores of the records’ inspection, by section id (score_data.sectionsScores). On a list, its records must all be of one inspection (filter[inspection]=id): records of several answer 400 inspection.section_scores_one_inspection.',
    },
  },
});
