import type { FormField, FormProblem } from '@atelier/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { ApiError, ValidationErrors, type ErrorItem } from '../../jsonapi/errors.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { inspectionFormSectionFields, inspectionFormSections, inspectionForms } from './inspection-forms.table.ts';

// What the resources of a form share: the form locked for a structural change, its fields as the
// domain's rules read them, and the rules' problems as JSON:API errors.

type Db = RequestContext['db'];
export type FormRow = typeof inspectionForms.$inferSelect;
export type SectionRow = typeof inspectionFormSections.$inferSelect;
export type FieldRow = typeof inspectionFormSectionFields.$inferSelect;

/**
 * Locks a form for a change of its structure: two writers of one form take turns, so the checks
 * that read the whole form (conditions' cycles, notes' ranges) see what the other wrote.
 */
export async function lockForm(db: Db, formId: string): Promise<FormRow | undefined> {
  const [form] = await db.select().from(inspectionForms).where(eq(inspectionForms.id, formId)).for('update');
  return form;
}

export async function sectionById(db: Db, id: string): Promise<SectionRow | undefined> {
  const [section] = await db.select().from(inspectionFormSections).where(eq(inspectionFormSections.id, id));
  return section;
}

/** The fields of a form, in no particular order. */
export const fieldsOfForm = (db: Db, formId: string): Promise<FieldRow[]> =>
  db.select().from(inspectionFormSectionFields).where(eq(inspectionFormSectionFields.inspection_form_id, formId));

/** The sections and sub-sections of a form, by order. */
export const sectionsOfForm = (db: Db, formId: string): Promise<SectionRow[]> =>
  db
    .select()
    .from(inspectionFormSections)
    .where(eq(inspectionFormSections.inspection_form_id, formId))
    .orderBy(asc(inspectionFormSections.order_number), asc(inspectionFormSections.id));

/** A field row as the domain's rules and scoring read it. */
export const asFormField = (f: Pick<FieldRow, 'id' | 'field_type' | 'points_threshold' | 'order_number' | 'conditional_field' | 'conditions' | 'condition_relation' | 'coefficient' | 'enable_na' | 'safety_critical' | 'is_copy' | 'copied_field_id'>): FormField => ({
  id: f.id,
  field_type: f.field_type,
  points_threshold: f.points_threshold,
  order_number: f.order_number,
  conditional_field: f.conditional_field,
  conditions: f.conditions,
  condition_relation: f.condition_relation,
  coefficient: f.coefficient,
  enable_na: f.enable_na,
  safety_critical: f.safety_critical,
  is_copy: f.is_copy,
  copiedField: f.copied_field_id,
});

/** The next place at the end of a list (siblings' highest order_number + 1). */
export async function nextOrder(db: Db, table: typeof inspectionFormSections | typeof inspectionFormSectionFields, where: ReturnType<typeof sql>) {
  const [last] = (await db
    .select({ n: sql<number>`coalesce(max(${table.order_number}) + 1, 0)::int` })
    .from(table)
    .where(where)) as { n: number }[];
  return last.n;
}

/** The translation key of a problem of the domain's form rules. */
export const problemKey = (p: FormProblem) => `inspection_form.${p.code}` as MessageKey;

/**
 * A problem's pointer (relative to one record: `/points_threshold/2/option`, `/copiedField`) in
 * the record's document: its first segment is an attribute or a relationship of `def`.
 */
export function documentPointer(def: { relationships?: object }, pointer: string): string {
  const name = pointer.split('/')[1] ?? '';
  return Object.hasOwn(def.relationships ?? {}, name) ? `/data/relationships${pointer}` : `/data/attributes${pointer}`;
}

/** Adds the problems, pointed into the record's document, to `errors`. */
export function addProblems(errors: ValidationErrors, def: { relationships?: object }, problems: readonly FormProblem[]) {
  for (const p of problems) errors.add(documentPointer(def, p.pointer), problemKey(p), p.params);
}

/** A 422 of the given problems, pointed by `at` (a list's problems into the form's document). */
export function throwProblems(problems: readonly FormProblem[], at: (pointer: string) => string) {
  if (!problems.length) return;
  throw ApiError.many(problems.map((p): ErrorItem => ({ status: 422, code: problemKey(p), params: p.params, source: { pointer: at(p.pointer) } })));
}
