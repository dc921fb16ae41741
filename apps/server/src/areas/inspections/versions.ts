import { createHash } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  inspectionFormMultipliers,
  inspectionFormNotes,
  inspectionFormReminders,
  inspectionFormVersions,
  inspectionForms,
} from './inspection-forms.table.ts';
import { fieldsOfForm, lockForm, sectionsOfForm, type FieldRow, type SectionRow } from './structure.ts';

// Versions of a form (docs/decisions.md "Inspection form versions"). An inspection is made from a
// version, not from the live form: freezeVersion answers the version matching the form's structure
// now, made only when the structure changed since the last one. Editing the form afterwards
// changes the live records, never a version, so an inspection's fields, answers and scores keep
// the definitions they were made with.

/** A field as frozen: the definition an inspection's field points to (by its id in the structure). */
export interface FrozenField {
  id: string;
  name: string;
  name_en: string | null;
  field_type: string;
  points_threshold: FieldRow['points_threshold'];
  order_number: number;
  can_upload_image: boolean;
  can_add_comment: boolean;
  enable_na: boolean;
  /** Written only when true: a form's versions made before the flag keep their hash. */
  safety_critical?: true;
  /** Missing in versions frozen before it existed: read as true (requiredField). */
  required: boolean;
  is_copy: boolean;
  copiedField: string | null;
  icon: string | null;
  coefficient: string;
  conditional_field: boolean;
  conditions: FieldRow['conditions'];
  condition_relation: string;
}
export interface FrozenSubSection {
  id: string;
  name: string;
  name_en: string | null;
  factor: string;
  order_number: number;
  fields: FrozenField[];
}
export interface FrozenSection extends Omit<FrozenSubSection, 'fields'> {
  icon: string | null;
  subSections: FrozenSubSection[];
}
/**
 * A form's structure: what scores an inspection and what it shows. It is the scoring engine's
 * input as is (InspectionFormInput of the domain), with names, icons and reminders beside.
 */
export interface FormStructure {
  sections: FrozenSection[];
  multipliers: { type: string; field: string; operation: string; value: string; multiplier: string }[];
  notes: { minimum_value: number; maximum_value: number; text: string; text_en: string | null }[];
  /** The reminders to tick before completing, by the live reminder's id. */
  reminders: { id: string; text: string; text_en: string | null; order_number: number }[];
}

export interface FormVersion {
  id: string;
  inspection_form_id: string;
  number: number;
  structure: FormStructure;
  hash: string;
  created_at: string;
}

// Keys are written in a fixed order: the structure's JSON, and so its hash, depend only on its content.
/**
 * A field's members as a structure carries them (a version, a template's copy, the sheet's sync):
 * the one list, in the order versions are hashed in (a form's versions keep their hash).
 */
const FIELD_MEMBERS = ['name', 'name_en', 'field_type', 'points_threshold', 'order_number', 'can_upload_image', 'can_add_comment', 'enable_na', 'safety_critical', 'required', 'is_copy', 'copiedField', 'icon', 'coefficient', 'conditional_field', 'conditions', 'condition_relation'] as const;
/** Those read apart: the marks, the safety flag, the copy's field and the conditions; the others are the row's columns as they are. */
const READ_APART = ['points_threshold', 'safety_critical', 'copiedField', 'conditions'] as const;
type FieldColumn = Exclude<(typeof FIELD_MEMBERS)[number], (typeof READ_APART)[number]>;
const FIELD_COLUMNS = FIELD_MEMBERS.filter((m): m is FieldColumn => !(READ_APART as readonly string[]).includes(m));

/** The columns of a field (a row, or a frozen field) a structure carries as they are. */
export const fieldColumns = <F extends Record<FieldColumn, unknown>>(f: F): Pick<F, FieldColumn> => Object.fromEntries(FIELD_COLUMNS.map((c) => [c, f[c]])) as Pick<F, FieldColumn>;

const frozenField = (f: FieldRow): FrozenField => {
  const apart: Record<(typeof READ_APART)[number], unknown> = {
    // A mark is written only when given: versions made before the marks keep their hash.
    points_threshold: f.points_threshold.map((o) => ({ option: o.option, points: o.points, option_en: o.option_en ?? null, ...(typeof o.failing === 'boolean' ? { failing: o.failing } : {}) })),
    // Written only when true.
    safety_critical: f.safety_critical ? true : undefined,
    copiedField: f.copied_field_id,
    conditions: f.conditions.map((c) => ({ field: c.field, operator: c.operator, value: c.value })),
  };
  const columns: Record<string, unknown> = fieldColumns(f);
  const members = FIELD_MEMBERS.flatMap((m) => {
    const value = Object.hasOwn(apart, m) ? apart[m as keyof typeof apart] : columns[m];
    return value === undefined ? [] : [[m, value] as const];
  });
  return Object.fromEntries([['id', f.id], ...members]) as unknown as FrozenField;
};

const byOrder = <T extends { order_number: number; id: string }>(a: T, b: T) => a.order_number - b.order_number || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The live structure of a form, in order (from its sections' and fields' rows when read already). */
export async function formStructure(db: Db, formId: string, read?: { sections: SectionRow[]; fields: FieldRow[] }): Promise<FormStructure> {
  const sections = read?.sections ?? (await sectionsOfForm(db, formId));
  const fields = [...(read?.fields ?? (await fieldsOfForm(db, formId)))].sort(byOrder);
  const fieldsOf = (sub: SectionRow) => fields.filter((f) => f.section_id === sub.id).map(frozenField);
  const subSectionsOf = (section: SectionRow) =>
    sections
      .filter((s) => s.parent_id === section.id)
      .map((s) => ({ id: s.id, name: s.name, name_en: s.name_en, factor: s.factor, order_number: s.order_number, fields: fieldsOf(s) }));
  const multipliers = await db.select().from(inspectionFormMultipliers).where(eq(inspectionFormMultipliers.inspection_form_id, formId)).orderBy(asc(inspectionFormMultipliers.id));
  const notes = await db.select().from(inspectionFormNotes).where(eq(inspectionFormNotes.inspection_form_id, formId)).orderBy(asc(inspectionFormNotes.minimum_value), asc(inspectionFormNotes.id));
  const reminders = await db
    .select()
    .from(inspectionFormReminders)
    .where(eq(inspectionFormReminders.inspection_form_id, formId))
    .orderBy(asc(inspectionFormReminders.order_number), asc(inspectionFormReminders.id));
  return {
    sections: sections
      .filter((s) => !s.parent_id)
      .map((s) => ({ id: s.id, name: s.name, name_en: s.name_en, icon: s.icon, factor: s.factor, order_number: s.order_number, subSections: subSectionsOf(s) })),
    multipliers: multipliers.map((m) => ({ type: m.type, field: m.field, operation: m.operation, value: m.value, multiplier: m.multiplier })),
    notes: notes.map((n) => ({ minimum_value: n.minimum_value, maximum_value: n.maximum_value, text: n.text, text_en: n.text_en })),
    reminders: reminders.map((r) => ({ id: r.id, text: r.text, text_en: r.text_en, order_number: r.order_number })),
  };
}

export const structureHash = (structure: FormStructure) => createHash('sha256').update(JSON.stringify(structure)).digest('hex');

/**
 * The version of the form's current structure: the latest one when nothing changed since, else a
 * new one numbered after it (the form's `version` follows). The form is locked meanwhile, so two
 * inspections made together from a changed form share one new version. Call it in the
 * transaction that makes the inspection.
 */
export async function freezeVersion(db: Db, formId: string): Promise<FormVersion> {
  const form = await lockForm(db, formId);
  if (!form) throw new Error(`freezeVersion: no inspection form ${formId}`);
  const structure = await formStructure(db, formId);
  const hash = structureHash(structure);
  const [latest] = await db
    .select()
    .from(inspectionFormVersions)
    .where(eq(inspectionFormVersions.inspection_form_id, formId))
    .orderBy(desc(inspectionFormVersions.number))
    .limit(1);
  if (latest?.hash === hash) return latest as FormVersion;
  const number = (latest?.number ?? 0) + 1;
  const [made] = await db
    // direct write: a form's frozen version, made when it is published (bulk copy of its structure)
    .insert(inspectionFormVersions)
    .values({ organization_id: form.organization_id, inspection_form_id: formId, number, structure, hash })
    .returning();
  // The form's content did not change: its updated_at stays.
  // direct write: the form's version number, kept with its new version
  await db.update(inspectionForms).set({ version: number, updated_at: form.updated_at }).where(eq(inspectionForms.id, formId));
  return made as FormVersion;
}

/** One version of a form, by number. */
export async function formVersion(db: Db, formId: string, number: number): Promise<FormVersion | undefined> {
  const [found] = await db
    .select()
    .from(inspectionFormVersions)
    .where(and(eq(inspectionFormVersions.inspection_form_id, formId), eq(inspectionFormVersions.number, number)));
  return found as FormVersion | undefined;
}
