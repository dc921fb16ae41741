import type { FieldType } from '@atelier/domain';

/**
 * The inspection form as the answer screens read it: sections, their sub-sections and fields in
 * order, with what scoring needs (points, conditions, factors) and what the screen shows (names,
 * icons, what a field allows). Built from the JSON:API records by `adapter.ts` only, in the reader's
 * language: names, option labels, notes and reminders are the English ones for an English reader.
 */
export interface PointsOption {
  /** The stored value, what an answer holds. */
  option: string;
  points: number;
  /** What the screen shows: the option in the reader's language (its English label for English readers). */
  label: string;
  /** Whether the form marks picking it a finding (true), never one (false), or leaves it to the default rule (null). */
  failing: boolean | null;
}

export interface FieldCondition {
  field: string;
  operator: string;
  value: string;
}

export interface FormField {
  id: string;
  name: string;
  field_type: FieldType;
  points_threshold: PointsOption[];
  order_number: number;
  icon: string | null;
  coefficient: number;
  can_upload_image: boolean;
  can_add_comment: boolean;
  enable_na: boolean;
  /** Failing, it caps the vehicle score and shows in red (the domain's findings). */
  safety_critical: boolean;
  /** Must be answered to complete (a version frozen before the flag: true). */
  required: boolean;
  conditions: FieldCondition[];
  condition_relation: 'and' | 'or';
}

export interface FormSubSection {
  id: string;
  name: string;
  factor: number;
  order_number: number;
  fields: FormField[];
}

export interface FormSection {
  id: string;
  name: string;
  icon: string | null;
  factor: number;
  order_number: number;
  subSections: FormSubSection[];
}

export interface FormMultiplier {
  id: string;
  type: string;
  field: string;
  operation: string;
  value: string;
  multiplier: number;
}

export interface FormNote {
  id: string;
  minimum_value: number;
  maximum_value: number;
  text: string;
}

export interface InspectionFormModel {
  id: string;
  name: string;
  sections: FormSection[];
  multipliers: FormMultiplier[];
  notes: FormNote[];
}

/** The vehicle a preview scores against, for the points multipliers (make, model, year, odometer, style). */
export interface SampleVehicle {
  make: string;
  model: string;
  model_year: number | null;
  odometer: number | null;
  style: string;
}

export const EMPTY_VEHICLE: SampleVehicle = { make: '', model: '', model_year: null, odometer: null, style: '' };

/** A widget's value: the state it names plus the measures taken beside it (spec §3, issue 10). */
export interface WidgetValue {
  value: string | null;
  depth_mm?: number | null;
  pressure_psi?: number | null;
  amps?: number | null;
  volts?: number | null;
  thickness_mm?: number | null;
}

export type AnswerValue = boolean | string | string[] | number | WidgetValue | null;

/** One field's answer as an inspection field stores it (spec §3 Inspection field). */
export interface Answer {
  value: AnswerValue;
  action: string | null;
  comment: string;
  not_applicable: boolean;
  touched: boolean;
}

export const UNTOUCHED: Answer = { value: null, action: null, comment: '', not_applicable: false, touched: false };

export function allFields(form: InspectionFormModel): FormField[] {
  return form.sections.flatMap((s) => s.subSections.flatMap((sub) => sub.fields));
}
