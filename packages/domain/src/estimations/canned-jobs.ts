// Canned jobs from findings (issue 27): which of a finding's answers a trigger names. Pure, so the
// server's draft and the trigger editor's choices agree.

import { WIDGET_FIELD_TYPES, WIDGET_OPTIONS, type FieldType } from '../inspections/form-enums.ts';

/**
 * The answers of a form's field a trigger may name: "true"/"false" of a check box, a select's
 * options, a widget's four states; none for a number or a text (no answer of theirs is a finding).
 */
export function triggerValues(field: { field_type: FieldType; points_threshold?: readonly { option: string }[] | null }): string[] {
  if (field.field_type === 'CHECK') return ['true', 'false'];
  if (field.field_type === 'SELECT_SINGLE' || field.field_type === 'SELECT_MULTIPLE') return (field.points_threshold ?? []).map((p) => p.option);
  if ((WIDGET_FIELD_TYPES as readonly string[]).includes(field.field_type)) return [...WIDGET_OPTIONS];
  return [];
}

/** The answers a trigger may name for one answer: an option's value, a widget's state, "true"/"false" of a check box. */
export function answerValues(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'boolean') return [String(value)];
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(answerValues);
  if (typeof value === 'object' && Object.hasOwn(value, 'value')) return answerValues((value as { value: unknown }).value);
  return [];
}

export interface CannedJobTrigger {
  /** The form's field (its id, as the inspection's frozen version keeps it). */
  field_id: string;
  value: string;
  canned_job_id: string;
}

/**
 * The canned jobs an inspected field's answer calls for, in the triggers' order, each once; none when
 * no trigger names its field and one of its answers. Values compare without regard to case.
 */
export function jobsForAnswer(fieldId: string, value: unknown, triggers: readonly CannedJobTrigger[]): string[] {
  const answers = new Set(answerValues(value).map((v) => v.toLowerCase()));
  const jobs: string[] = [];
  for (const t of triggers) if (t.field_id === fieldId && answers.has(t.value.toLowerCase()) && !jobs.includes(t.canned_job_id)) jobs.push(t.canned_job_id);
  return jobs;
}
