import { FIELD_TYPES, isRequiredField, labelIn, type FieldType, type Locale, type RecordOf } from '@atelier/domain';
import type {
  FieldCondition,
  FormField,
  FormSection,
  FormSubSection,
  InspectionFormModel,
  PointsOption,
} from './model.ts';

/**
 * The JSON:API include that loads everything a form is answered with. The one place, with
 * `formOfRecord`, that knows the server's names of relationships and attributes.
 */
export const FORM_INCLUDE = 'sections.subSections.fields,multipliers,notes';

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const num = (v: unknown, fallback: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
};
/**
 * The members of a form as this file reads them: a live record (typed by its declaration) and the
 * frozen version's plain JSON have the same names, so this file reads both alike: JSON objects, checked.
 */
type Json = Readonly<Record<string, unknown>>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null;
const records = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isJson) : []);
const byOrder = <T extends { order_number: number }>(list: T[]): T[] => [...list].sort((a, b) => a.order_number - b.order_number);

/** A label in the reader's language: the English member (name_en, text_en, option_en) for English, when filled in. */
const inLocale = (r: Json, member: string, locale: Locale) => labelIn(text(r[member]), text(r[`${member}_en`]), locale);

function pointsOf(v: unknown, locale: Locale): PointsOption[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((o): o is Record<string, unknown> => Boolean(o) && typeof o === 'object')
    .map((o) => ({ option: text(o.option).trim(), points: num(o.points, 0), label: inLocale(o, 'option', locale).trim(), failing: typeof o.failing === 'boolean' ? o.failing : null }))
    .filter((o) => o.option !== '');
}

function conditionsOf(v: unknown): FieldCondition[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((c): c is Record<string, unknown> => Boolean(c) && typeof c === 'object')
    .map((c) => ({ field: text(c.field), operator: text(c.operator), value: text(c.value) }))
    .filter((c) => c.field !== '');
}

const isFieldType = (v: unknown): v is FieldType => (FIELD_TYPES as readonly unknown[]).includes(v);

function fieldOf(r: Json, locale: Locale): FormField | null {
  // A type this screen does not know cannot be answered: leaving it out is better than guessing.
  if (!isFieldType(r.field_type)) return null;
  const conditions = r.conditional_field === false ? [] : conditionsOf(r.conditions);
  return {
    id: text(r.id),
    name: inLocale(r, 'name', locale),
    field_type: r.field_type,
    points_threshold: pointsOf(r.points_threshold, locale),
    order_number: num(r.order_number, 0),
    icon: text(r.icon) || null,
    coefficient: num(r.coefficient, 1),
    can_upload_image: r.can_upload_image === true,
    can_add_comment: r.can_add_comment === true,
    enable_na: r.enable_na === true,
    safety_critical: r.safety_critical === true,
    required: isRequiredField({ required: typeof r.required === 'boolean' ? r.required : null }),
    conditions,
    condition_relation: r.condition_relation === 'or' ? 'or' : 'and',
  };
}

function subSectionOf(r: Json, locale: Locale): FormSubSection {
  return {
    id: text(r.id),
    name: inLocale(r, 'name', locale),
    factor: num(r.factor, 1),
    order_number: num(r.order_number, 0),
    fields: byOrder(records(r.fields).map((f) => fieldOf(f, locale)).filter((f): f is FormField => f !== null)),
  };
}

function sectionOf(s: Json, locale: Locale): FormSection {
  return {
    id: text(s.id),
    name: inLocale(s, 'name', locale),
    icon: text(s.icon) || null,
    factor: num(s.factor, 1),
    order_number: num(s.order_number, 0),
    subSections: byOrder(records(s.subSections).map((sub) => subSectionOf(sub, locale))),
  };
}

function linesOf(multipliers: unknown, notes: unknown, locale: Locale): Pick<InspectionFormModel, 'multipliers' | 'notes'> {
  return {
    multipliers: records(multipliers).map((m, i) => ({
      // A frozen multiplier has no id of its own: its place names it.
      id: typeof m.id === 'string' ? m.id : `m${i}`,
      type: text(m.type),
      field: text(m.field),
      operation: text(m.operation),
      value: text(m.value),
      multiplier: num(m.multiplier, 1),
    })),
    notes: records(notes)
      .map((n, i) => ({ id: typeof n.id === 'string' ? n.id : `n${i}`, minimum_value: num(n.minimum_value, 0), maximum_value: num(n.maximum_value, 100), text: inLocale(n, 'text', locale) }))
      .sort((a, b) => a.minimum_value - b.minimum_value),
  };
}

/** A deserialised `inspection-forms` record (with FORM_INCLUDE) as the answer screens read it: the live form (the preview). */
export function formOfRecord(record: Pick<RecordOf<'inspection-forms'>, 'id' | 'name' | 'sections' | 'multipliers' | 'notes'>, locale: Locale = 'fr'): InspectionFormModel {
  const sections = record.sections ?? [];
  // The form's `sections` may list its sub-sections too (they belong to the form as well): a
  // section is top level when it has no parent and no other section lists it as a sub-section.
  const nested = new Set(sections.flatMap((s) => (s.subSections ?? []).map((sub) => sub.id)));
  const top = sections.filter((s) => !nested.has(s.id) && !s.parent);
  return { id: record.id, name: text(record.name), sections: byOrder(top.map((s) => sectionOf(s, locale))), ...linesOf(record.multipliers, record.notes, locale) };
}

type Version = Pick<RecordOf<'inspection-form-versions'>, 'id' | 'structure'>;

/** The structure of an `inspection-form-versions` record (plain JSON), or an empty one. */
const structureOf = (version: Version | null | undefined): Json => (isJson(version?.structure) ? version.structure : {});

/**
 * An inspection's form: the frozen version it was made from (`include=inspectionFormVersion`),
 * never the live form, so that a form edited since changes neither what is shown nor the scores.
 * The structure's members have the names of the live records' attributes.
 */
export function formOfVersion(version: Version, name: string, locale: Locale = 'fr'): InspectionFormModel {
  const structure = structureOf(version);
  return { id: version.id, name, sections: byOrder(records(structure.sections).map((s) => sectionOf(s, locale))), ...linesOf(structure.multipliers, structure.notes, locale) };
}

/** The reminders of a frozen version, in their order, by the id complete expects in `checked_reminders`. */
export function remindersOfVersion(version: Version | null | undefined, locale: Locale = 'fr'): { id: string; text: string }[] {
  return byOrder(records(structureOf(version).reminders).map((r) => ({ id: text(r.id), text: inLocale(r, 'text', locale), order_number: num(r.order_number, 0) })))
    .filter((r) => r.id !== '')
    .map(({ id, text: t }) => ({ id, text: t }));
}
