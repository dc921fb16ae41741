import { WIDGET_FIELD_TYPES, WIDGET_OPTIONS, declarations, finiteNumber, propagateAnswer, scoreInspection, type Answers, type FieldAnswer, type InspectionScore, inspectionWorkflow, isObject } from '@atelier/domain';
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
import { answerOf, lockForScoring, scoringPart, scoringStateRead, versionById, scoreWrites, type InspectionFieldRow, type LoadedVersion, type ScoringState } from './inspection-scoring.ts';
import { notHolder } from './inspections.policies.ts';
import { MAX_PHOTOS, inspectionsResource } from './inspections.resource.ts';
import { inspectionFields, inspections } from './inspections.table.ts';
import type { FrozenField } from './versions.ts';

// An inspection's answers (spec §3 Inspection field, §7 /inspection-fields): made with the
// inspection, changed one at a time by the user holding it while it is in progress.

/** Inspections already locked by a transaction, with their answers: the policy and both hooks of one answer read them once. */
const lockedBy = new WeakMap<object, Map<string, ScoringState>>();

/**
 * The field's inspection, locked, with what scores an answer: two answers to one inspection are
 * scored one after the other. A write reads it with the field in the engine's locked read
 * (`lockedWith` below) and keeps it for its policy and hooks; anything else reads it here once per
 * transaction (the lock holds until its end, and an answer's scoring keeps what it wrote there).
 */
async function lockedInspection(ctx: RequestContext, inspectionId: string): Promise<ScoringState> {
  // Only a transaction (Drizzle's have rollback) holds the lock: outside one, always read.
  if (!('rollback' in ctx.db)) return (await lockForScoring(ctx.db, inspectionId))!;
  const known = lockedBy.get(ctx.db)?.get(inspectionId);
  if (known) return known;
  return keepLocked(ctx, (await lockForScoring(ctx.db, inspectionId))!);
}

/** Keeps a locked inspection's scoring state for the rest of its transaction. */
function keepLocked(ctx: RequestContext, state: ScoringState) {
  let locked = lockedBy.get(ctx.db);
  if (!locked) lockedBy.set(ctx.db, (locked = new Map()));
  locked.set(state.inspection.id, state);
  return state;
}

const answerable: Policy<[row: InspectionFieldRow, input: WriteInput]> = {
  refuses: {
    403: 'Answers are written by the user holding the inspection (the message names them).',
    409: 'Answers are written only while the inspection is in progress.',
  },
  async check(ctx, row) {
    const { inspection } = await lockedInspection(ctx, row.inspection_id);
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

/** The members of an answer: a write giving one of them is scored. */
const ANSWER = ['value', 'action', 'not_applicable'] as const;

/** An answer's scoring, made before its write and written after it (the siblings' answers and the inspection's score). */
interface Scoring {
  state: ScoringState;
  version: LoadedVersion;
  answers: Answers;
  score: InspectionScore;
  siblings: string[];
}
const scoringOf = new WeakMap<WriteInput, Scoring>();
/** The sections' scores an answer wrote, by the answer's row (the one its PATCH answers with): add_data reads them here. */
const sectionsScoredWith = new WeakMap<Row, InspectionScore['sectionsScores']>();

/**
 * The answer is checked against the field's type in the inspection's version. An answer given is
 * touched (one emptied, with no value, action or N/A: an undo, is unanswered again), passed on to
 * the siblings that follow it (tires, drums, pads) and scored: the field's points are written with
 * its answer, in the engine's one statement.
 */
async function checkAnswer(ctx: RequestContext, input: WriteInput, existing: Row | null) {
  const row = existing as InspectionFieldRow;
  const state = await lockedInspection(ctx, row.inspection_id);
  const version = await versionById(ctx.db, state.inspection.inspection_form_version_id);
  const field = version.fields.get(row.field_id)!.field;
  const errors = new ValidationErrors();
  if (input.present.has('value')) {
    const problem = valueProblem(field, input.values.value);
    if (problem) errors.add(attributePointer('value'), problem);
  }
  if (input.values.not_applicable === true && !field.enable_na) errors.add(attributePointer('not_applicable'), 'inspection.na_not_allowed');
  errors.throwIfAny();
  if (!ANSWER.some((n) => input.present.has(n))) return;
  // The siblings follow the first tire when they still say what it said before this answer.
  const before = { ...state.answers, [row.field_id]: answerOf(row) };
  const change = Object.fromEntries(ANSWER.filter((n) => input.present.has(n)).map((n) => [n, input.values[n]]));
  const { answers, changed } = propagateAnswer(version.compiled, before, row.field_id, change);
  const score = scoreInspection(version.compiled, answers, state.vehicle);
  input.values.touched = answers[row.field_id]!.touched;
  const own = Object.hasOwn(score.fields, row.field_id) ? score.fields[row.field_id] : undefined;
  if (own) Object.assign(input.values, { points: String(own.points), max_points: String(own.max_points), score: own.score });
  scoringOf.set(input, { state, version, answers, score, siblings: changed.filter((id) => id !== row.field_id) });
}

/**
 * After the write: the siblings the answer was passed on to, and the inspection's scores, written
 * with the answer's activity-log entry (nothing reads them before the commit but this answer, from
 * what it keeps here).
 */
function scoreAnswer(ctx: RequestContext, row: InspectionFieldRow, input: WriteInput) {
  const scoring = scoringOf.get(input);
  if (!scoring) return;
  const { state, version, answers, score, siblings } = scoring;
  // A later answer in this transaction scores from what this one left.
  state.answers = answers as Record<string, FieldAnswer>;
  sectionsScoredWith.set(row, score.sectionsScores);
  return scoreWrites(ctx.db, state.inspection, version, answers, score, siblings);
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
  // An answer's PATCH: the scores it wrote to its inspection's score_data, held by its locked inspection until its commit.
  const written = rows.length === 1 ? sectionsScoredWith.get(rows[0]) : undefined;
  if (written) return written;
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
  // An answer's write locks the field and its inspection, read with its answers, in one statement.
  lockedWith: { part: scoringPart, locked: (ctx, rows) => keepLocked(ctx, scoringStateRead(rows)) },
  // An answer, its scores, log and notices change nobody's access: sessions stay cached.
  accessNeutral: true,
  // The answer's hooks write its siblings and its inspection, never its own row after the UPDATE.
  answersWrittenRow: true,
  addData: {
    inspectionSectionScores: {
      read: sectionScores,
      description:
        'the sections’ scores of the records’ inspection, by section id (score_data.sectionsScores). On a list, its records must all be of one inspection (filter[inspection]=id): records of several answer 400 inspection.section_scores_one_inspection.',
    },
  },
});
