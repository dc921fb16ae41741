import { CHECK_OPTIONS, CONDITION_OPERATORS, CONDITION_RELATIONS, FIELD_TYPES, RANGE_FIELD_TYPES, WIDGET_FIELD_TYPES, WIDGET_OPTIONS } from './form-enums.ts';
import { finiteNumber, parseRangeOption } from './options.ts';
import type { FormField, FormMultiplier, FormNote, InspectionFormInput } from './scoring.ts';

// The structural rules of an inspection form (issue 10, spec §5), one definition for the server's
// 422 and the web editor's checks. Each problem is a message code both sides translate and a JSON
// pointer into the form as given (lists in the order received, not by order_number).

export const FORM_PROBLEM_CODES = [
  'options_required',
  'options_not_allowed',
  'option_name_required',
  'option_duplicate',
  'option_points',
  'check_option',
  'check_yes_required',
  'range_format',
  'range_order',
  'range_overlap',
  'widget_option_unknown',
  'widget_option_missing',
  'condition_field_unknown',
  'condition_field_self',
  'condition_operator',
  'condition_value_number',
  'condition_relation',
  'condition_cycle',
  'copied_field_required',
  'copied_field_unknown',
  'copied_field_self',
  'factor',
  'coefficient',
  'note_range',
  'note_order',
  'note_overlap',
  'multiplier_value_number',
  'multiplier_factor',
] as const;
export type FormProblemCode = (typeof FORM_PROBLEM_CODES)[number];

export interface FormProblem {
  /** JSON pointer: into the form for `formProblems`, into the field or the notes for the others. */
  pointer: string;
  code: FormProblemCode;
  /** Values the message names: `option`, `other` (the option or note it collides with), `field`. */
  params?: Record<string, string | number>;
}

const has = (list: readonly string[], v: unknown) => typeof v === 'string' && list.includes(v);
const weightProblem = (v: unknown) => v !== null && v !== undefined && v !== '' && !((finiteNumber(v) ?? -1) >= 0);

function optionProblems(field: FormField): FormProblem[] {
  const problems: FormProblem[] = [];
  const type = field.field_type;
  const options = field.points_threshold ?? [];
  if (!has(FIELD_TYPES, type)) return problems;
  if (type === 'TEXT') {
    if (options.length > 0) problems.push({ pointer: '/points_threshold', code: 'options_not_allowed' });
    return problems;
  }
  if (options.length === 0 && !has(WIDGET_FIELD_TYPES, type) && type !== 'CHECK') problems.push({ pointer: '/points_threshold', code: 'options_required' });

  const seen = new Set<string>();
  const ranges: { i: number; option: string; min: number; max: number }[] = [];
  options.forEach((o, i) => {
    const at = `/points_threshold/${i}`;
    const option = typeof o?.option === 'string' ? o.option : '';
    const points = finiteNumber(o?.points);
    if (points === null || points < 0) problems.push({ pointer: `${at}/points`, code: 'option_points' });
    if (option.trim() === '') {
      problems.push({ pointer: `${at}/option`, code: 'option_name_required' });
      return;
    }
    if (seen.has(option)) {
      problems.push({ pointer: `${at}/option`, code: 'option_duplicate', params: { option } });
      return;
    }
    seen.add(option);
    if (type === 'CHECK' && !has(CHECK_OPTIONS, option)) problems.push({ pointer: `${at}/option`, code: 'check_option', params: { option } });
    if (has(WIDGET_FIELD_TYPES, type) && !has(WIDGET_OPTIONS, option)) problems.push({ pointer: `${at}/option`, code: 'widget_option_unknown', params: { option } });
    if (has(RANGE_FIELD_TYPES, type)) {
      const r = parseRangeOption(option);
      if (!r) problems.push({ pointer: `${at}/option`, code: 'range_format', params: { option } });
      else if (r.min > r.max) problems.push({ pointer: `${at}/option`, code: 'range_order', params: { option } });
      else {
        // Both bounds are inclusive: 0-5 and 5-10 share 5.
        const other = ranges.find((x) => x.min <= r.max && r.min <= x.max);
        if (other) problems.push({ pointer: `${at}/option`, code: 'range_overlap', params: { option, other: other.option } });
        ranges.push({ i, option, ...r });
      }
    }
  });
  if (type === 'CHECK' && !seen.has('yes')) problems.push({ pointer: '/points_threshold', code: 'check_yes_required' });
  if (has(WIDGET_FIELD_TYPES, type))
    for (const option of WIDGET_OPTIONS) if (!seen.has(option)) problems.push({ pointer: '/points_threshold', code: 'widget_option_missing', params: { option } });
  return problems;
}

/**
 * The problems of one field, pointers relative to the field (`/points_threshold/2/option`).
 * `fieldIds`: the ids of every field of its form, for its conditions and its copy.
 */
export function fieldProblems(field: FormField, fieldIds: ReadonlySet<string>): FormProblem[] {
  const problems = optionProblems(field);
  if (weightProblem(field.coefficient)) problems.push({ pointer: '/coefficient', code: 'coefficient' });
  const conditions = field.conditional_field === false ? [] : (field.conditions ?? []);
  conditions.forEach((c, k) => {
    const at = `/conditions/${k}`;
    if (c?.field === field.id) problems.push({ pointer: `${at}/field`, code: 'condition_field_self' });
    else if (typeof c?.field !== 'string' || !fieldIds.has(c.field)) problems.push({ pointer: `${at}/field`, code: 'condition_field_unknown' });
    if (!has(CONDITION_OPERATORS, c?.operator)) problems.push({ pointer: `${at}/operator`, code: 'condition_operator' });
    else if ((c.operator === 'superior' || c.operator === 'inferior') && finiteNumber(c.value) === null)
      problems.push({ pointer: `${at}/value`, code: 'condition_value_number' });
  });
  if (conditions.length > 0 && !has(CONDITION_RELATIONS, field.condition_relation ?? 'and'))
    problems.push({ pointer: '/condition_relation', code: 'condition_relation' });
  if (field.is_copy === true) {
    if (!field.copiedField) problems.push({ pointer: '/copiedField', code: 'copied_field_required' });
    else if (field.copiedField === field.id) problems.push({ pointer: '/copiedField', code: 'copied_field_self' });
    else if (!fieldIds.has(field.copiedField)) problems.push({ pointer: '/copiedField', code: 'copied_field_unknown' });
  }
  return problems;
}

/** The problems of a form's notes (the verdicts by score), pointers relative to the list (`/1/maximum_value`). */
export function noteProblems(notes: readonly FormNote[]): FormProblem[] {
  const problems: FormProblem[] = [];
  const valid: { i: number; min: number; max: number }[] = [];
  notes.forEach((n, i) => {
    const min = finiteNumber(n?.minimum_value);
    const max = finiteNumber(n?.maximum_value);
    const outside = (v: number | null) => v === null || v < 0 || v > 100;
    if (outside(min)) problems.push({ pointer: `/${i}/minimum_value`, code: 'note_range' });
    if (outside(max)) problems.push({ pointer: `/${i}/maximum_value`, code: 'note_range' });
    if (outside(min) || outside(max)) return;
    if (min! > max!) {
      problems.push({ pointer: `/${i}/maximum_value`, code: 'note_order' });
      return;
    }
    const other = valid.find((x) => x.min <= max! && min! <= x.max);
    if (other) problems.push({ pointer: `/${i}/minimum_value`, code: 'note_overlap', params: { other: other.i } });
    valid.push({ i, min: min!, max: max! });
  });
  return problems;
}

/** The problems of a form's multipliers, pointers relative to the list. */
export function multiplierProblems(multipliers: readonly FormMultiplier[]): FormProblem[] {
  const problems: FormProblem[] = [];
  multipliers.forEach((m, i) => {
    if (finiteNumber(m?.multiplier) === null) problems.push({ pointer: `/${i}/multiplier`, code: 'multiplier_factor' });
    if ((m?.operation === 'greater_than' || m?.operation === 'less_than') && finiteNumber(m.value) === null)
      problems.push({ pointer: `/${i}/value`, code: 'multiplier_value_number' });
  });
  return problems;
}

/**
 * Fields whose conditions lead back to themselves, each with the index of its first condition on the
 * cycle (the editor asks it of a form with a condition it is about to add).
 */
export function conditionCycles(fields: readonly FormField[]): Map<string, number> {
  const reads = new Map<string, string[]>();
  for (const f of fields) reads.set(f.id, f.conditional_field === false ? [] : (f.conditions ?? []).map((c) => c?.field));
  const reaches = (from: string, to: string) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const id = stack.pop()!;
      if (id === to) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(reads.get(id) ?? []));
    }
    return false;
  };
  const found = new Map<string, number>();
  for (const f of fields) {
    // A condition on the field itself is refused as such (condition_field_self).
    const k = (reads.get(f.id) ?? []).findIndex((t) => t !== f.id && reads.has(t) && reaches(t, f.id));
    if (k >= 0) found.set(f.id, k);
  }
  return found;
}

/** Every problem of a form: its sections, sub-sections, fields, notes and multipliers. */
export function formProblems(form: InspectionFormInput): FormProblem[] {
  const problems: FormProblem[] = [];
  const fields = form.sections.flatMap((s) => s.subSections.flatMap((b) => b.fields));
  const ids = new Set(fields.map((f) => f.id));
  const onCycle = conditionCycles(fields);
  form.sections.forEach((section, s) => {
    if (weightProblem(section.factor)) problems.push({ pointer: `/sections/${s}/factor`, code: 'factor' });
    section.subSections.forEach((sub, b) => {
      const at = `/sections/${s}/subSections/${b}`;
      if (weightProblem(sub.factor)) problems.push({ pointer: `${at}/factor`, code: 'factor' });
      sub.fields.forEach((field, k) => {
        const base = `${at}/fields/${k}`;
        for (const p of fieldProblems(field, ids)) problems.push({ ...p, pointer: base + p.pointer });
        const c = onCycle.get(field.id);
        if (c !== undefined) problems.push({ pointer: `${base}/conditions/${c}/field`, code: 'condition_cycle', params: { field: field.conditions![c].field } });
      });
    });
  });
  for (const p of noteProblems(form.notes ?? [])) problems.push({ ...p, pointer: `/notes${p.pointer}` });
  for (const p of multiplierProblems(form.multipliers ?? [])) problems.push({ ...p, pointer: `/multipliers${p.pointer}` });
  return problems;
}
