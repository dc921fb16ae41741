import {
  compileInspectionForm,
  scoreInspection,
  type Answers,
  type CompiledInspectionForm,
  type FieldAnswer,
  type InspectionScore,
  type InspectionScoreData,
  type ScoredVehicle,
} from '@atelier/domain';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../jsonapi/define-resource.ts';
import { partRef, type Planned } from '../../jsonapi/select.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { inspectionFormVersions } from './inspection-forms.table.ts';
import { inspectionFields, inspections } from './inspections.table.ts';
import type { FormStructure, FrozenField } from './versions.ts';

// What an inspection's scores are made of: its form's frozen version, its fields' answers and its
// vehicle. A version never changes, so its compiled form is kept (a few hundred at most in memory).

export interface LoadedVersion {
  structure: FormStructure;
  compiled: CompiledInspectionForm;
  /** Each field's definition and its top-level section's and sub-section's ids, by the field's id in the version. */
  fields: Map<string, { field: FrozenField; sectionId: string; subSectionId: string }>;
}

const CACHE_SIZE = 200;
const cache = new Map<string, LoadedVersion>();

export function loadedVersion(versionId: string, structure: FormStructure): LoadedVersion {
  const known = cache.get(versionId);
  if (known) return known;
  const fields: LoadedVersion['fields'] = new Map();
  for (const section of structure.sections)
    for (const sub of section.subSections) for (const field of sub.fields) fields.set(field.id, { field, sectionId: section.id, subSectionId: sub.id });
  const loaded = { structure, compiled: compileInspectionForm(structure), fields };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(versionId, loaded);
  return loaded;
}

export async function versionById(db: Db, versionId: string): Promise<LoadedVersion> {
  const known = cache.get(versionId);
  if (known) return known;
  const [row] = await db.select({ structure: inspectionFormVersions.structure }).from(inspectionFormVersions).where(eq(inspectionFormVersions.id, versionId));
  return loadedVersion(versionId, row.structure as FormStructure);
}

export type InspectionRow = typeof inspections.$inferSelect;
export type InspectionFieldRow = typeof inspectionFields.$inferSelect;

export const fieldsOfInspection = (db: Db, inspectionId: string): Promise<InspectionFieldRow[]> =>
  db.select().from(inspectionFields).where(eq(inspectionFields.inspection_id, inspectionId)).orderBy(asc(inspectionFields.position));

export const answerOf = (f: Pick<InspectionFieldRow, 'value' | 'action' | 'touched' | 'not_applicable'>): FieldAnswer => ({
  value: f.value,
  action: f.action,
  touched: f.touched,
  not_applicable: f.not_applicable,
});

export function answersOf(rows: readonly InspectionFieldRow[]): Record<string, FieldAnswer> {
  return Object.fromEntries(rows.map((f) => [f.field_id, answerOf(f)]));
}

/** What the points multipliers compare: the vehicle, with the odometer read at the inspection. */
const withOdometer = (inspection: Pick<InspectionRow, 'odometer'>, vehicle: Omit<ScoredVehicle, 'year'> | undefined): ScoredVehicle => ({
  ...vehicle,
  odometer: inspection.odometer ?? vehicle?.odometer ?? null,
});

export async function scoredVehicle(db: Db, inspection: Pick<InspectionRow, 'vehicle_id' | 'odometer'>): Promise<ScoredVehicle> {
  const [vehicle] = inspection.vehicle_id
    ? await db
        .select({ make: vehicles.make, model: vehicles.model, model_year: vehicles.model_year, style: vehicles.style, odometer: vehicles.odometer })
        .from(vehicles)
        .where(eq(vehicles.id, inspection.vehicle_id))
    : [];
  return withOdometer(inspection, vehicle);
}

/** An inspection, locked, with what scoring an answer reads: its answers by form field and its vehicle. */
export interface ScoringState {
  inspection: InspectionRow;
  answers: Record<string, FieldAnswer>;
  vehicle: ScoredVehicle;
}

/** What scoring reads besides the inspection's row, as columns of a select of `inspections`: its answers by form field and its vehicle. */
const scoringColumns = {
  answers: sql<Record<string, FieldAnswer>>`(SELECT coalesce(json_object_agg(f.field_id, json_build_object('value', f.value, 'action', f.action, 'touched', f.touched, 'not_applicable', f.not_applicable)), '{}')
          FROM ${inspectionFields} f WHERE f.inspection_id = inspections.id)`,
  vehicle: sql<Omit<ScoredVehicle, 'year'> | null>`(SELECT json_build_object('make', v.make, 'model', v.model, 'model_year', v.model_year, 'style', v.style, 'odometer', v.odometer)
          FROM ${vehicles} v WHERE v.id = inspections.vehicle_id)`,
};

const scoringStateOf = (inspection: InspectionRow, answers: Record<string, FieldAnswer>, vehicle: Omit<ScoredVehicle, 'year'> | null): ScoringState => ({
  inspection,
  answers,
  vehicle: withOdometer(inspection, vehicle ?? undefined),
});

/**
 * Locks the inspection and reads it with its answers and its vehicle, in one statement (an answer
 * is the hot path of an inspection: the embedded database runs one statement at a time).
 */
export async function lockForScoring(db: Db, inspectionId: string): Promise<ScoringState | undefined> {
  const [row] = await db.select({ inspection: inspections, ...scoringColumns }).from(inspections).where(eq(inspections.id, inspectionId)).for('update');
  return row && scoringStateOf(row.inspection, row.answers, row.vehicle);
}

/**
 * lockForScoring as a part of the engine's locked read of an inspection's field (its partRef(0)):
 * the field and its inspection locked, and what scores an answer read, in one statement.
 */
export const scoringPart = (): Planned => ({
  table: inspections,
  extraNames: ['answers', 'vehicle'],
  fragments: [],
  build: () => ({
    table: inspections,
    where: sql`${inspections.id} IN (SELECT inspection_id FROM ${partRef(0)})`,
    tail: sql`for update`,
    extra: sql`${scoringColumns.answers} AS "answers", ${scoringColumns.vehicle} AS "vehicle"`,
  }),
});

/** The scoring state of the inspection scoringPart read. */
export function scoringStateRead([row]: Row[]): ScoringState {
  const { answers, vehicle, ...inspection } = row as unknown as InspectionRow & { answers: Record<string, FieldAnswer>; vehicle: Omit<ScoredVehicle, 'year'> | null };
  return scoringStateOf(inspection, answers, vehicle);
}

const scoreDataOf = (score: InspectionScore): InspectionScoreData => ({
  vehicle_score: score.vehicle_score,
  note: score.note,
  sectionsScores: score.sectionsScores,
});

/** What an inspection stores of its score: one row read gives its lists' scores and points. */
export const scoreColumns = (score: InspectionScore) => ({
  score_data: scoreDataOf(score),
  vehicle_score: score.vehicle_score,
  points: String(score.points),
  max_points: String(score.max_points),
});

/** The top-level sections where a field was answered. */
export function touchedSections(version: LoadedVersion, answers: Answers): string[] {
  const sections = new Set<string>();
  for (const [id, answer] of Object.entries(answers)) if (answer?.touched) sections.add(version.fields.get(id)?.sectionId ?? '');
  sections.delete('');
  return [...sections];
}

/**
 * Scores the inspection from its stored answers (and the changes given, not yet stored), writes the
 * points of the fields named in `changed`, the score data and touched sections. Answers the score.
 */
export async function rescore(db: Db, inspection: InspectionRow, answers: Answers, changed: Iterable<string>): Promise<InspectionScore> {
  const version = await versionById(db, inspection.inspection_form_version_id);
  const score = scoreInspection(version.compiled, answers, await scoredVehicle(db, inspection));
  await writeScores(db, inspection, version, answers, score, changed);
  return score;
}

/** Writes a score (scoreWrites), one statement after the other. */
export async function writeScores(db: Db, inspection: InspectionRow, version: LoadedVersion, answers: Answers, score: InspectionScore, changed: Iterable<string>) {
  for (const write of scoreWrites(db, inspection, version, answers, score, changed)) await db.execute(write);
}

/**
 * The writes of a score: the answers and points of the fields named in `changed` (one statement
 * for them all), then the inspection's score columns and touched sections. Neither reads what the
 * other writes: an answer sends them with its activity-log entry.
 */
export function scoreWrites(db: Db, inspection: InspectionRow, version: LoadedVersion, answers: Answers, score: InspectionScore, changed: Iterable<string>): SQL[] {
  const rows = [];
  for (const fieldId of new Set(changed)) {
    const s = Object.hasOwn(score.fields, fieldId) ? score.fields[fieldId] : undefined;
    const a = Object.hasOwn(answers, fieldId) ? answers[fieldId] : undefined;
    if (!s || !a) continue;
    rows.push({
      field_id: fieldId,
      value: a.value ?? null,
      action: a.action ?? null,
      touched: a.touched === true,
      not_applicable: a.not_applicable === true,
      points: s.points,
      max_points: s.max_points,
      score: s.score,
    });
  }
  const writes: SQL[] = [];
  if (rows.length)
    // direct write: an inspection's fields rescored in one statement (bulk path; the answer's write is logged)
    writes.push(sql`
      UPDATE ${inspectionFields} f
         SET value = r.value, action = r.action, touched = r.touched, not_applicable = r.not_applicable,
             points = r.points, max_points = r.max_points, score = r.score, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             AS r(field_id uuid, value jsonb, action text, touched boolean, not_applicable boolean, points numeric, max_points numeric, score integer)
       WHERE f.inspection_id = ${inspection.id} AND f.field_id = r.field_id`);
  writes.push(
    db
      // direct write: the inspection's score columns, derived from its answers by the scoring (bulk path)
      .update(inspections)
      .set({ ...scoreColumns(score), touched_sections: touchedSections(version, answers), updated_at: sql`now()` })
      .where(eq(inspections.id, inspection.id))
      .getSQL(),
  );
  return writes;
}

/** A new inspection's fields: one untouched field per field of its version, scored, and its score data. */
export async function makeFields(db: Db, row: InspectionRow): Promise<void> {
  const version = await versionById(db, row.inspection_form_version_id);
  const score = scoreInspection(version.compiled, {}, await scoredVehicle(db, row));
  const fields = version.compiled.fields.map((f, position) => {
    const s = score.fields[f.id];
    return { organization_id: row.organization_id, inspection_id: row.id, field_id: f.id, position, points: String(s.points), max_points: String(s.max_points), score: s.score };
  });
  // Large forms in slices: a statement's parameters are limited.
  // direct write: an inspection's fields made from its form's version, 500 per statement (bulk path)
  for (let k = 0; k < fields.length; k += 500) await db.insert(inspectionFields).values(fields.slice(k, k + 500));
  // direct write: the inspection's score columns, derived from its answers by the scoring (bulk path)
  await db.update(inspections).set(scoreColumns(score)).where(eq(inspections.id, row.id));
}
