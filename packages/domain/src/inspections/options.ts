import { CHECK_OPTIONS, RANGE_FIELD_TYPES, WIDGET_FIELD_TYPES } from './form-enums.ts';

// A field's options (`points_threshold`) and the answers that pick them: read by the scoring
// engine, the form rules and the findings (findings.ts), none of which this module needs.

/** A number as either side holds it: a number, or the text a numeric column gives. */
export type Numeric = number | string | null | undefined;

/** The longest option name or English label a field takes (the API's and the sync's limit). */
export const MAX_OPTION_LENGTH = 100;

/** One option of a field: its name, points and, when the form says so, whether picking it is a finding. */
export interface PointsOption {
  option: string;
  points: Numeric;
  /** true: picking it is a finding; false: it never is; left out or null: the default rule (findings.ts). */
  failing?: boolean | null;
}

/** A finite number from a number or a numeric text; null otherwise (an empty text is no number). */
export function finiteNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

const RANGE = /^\s*(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)\s*$/;

/** A NUMBER or RANGE_SLIDER option "min-max" (decimals allowed), or null when it is not one. */
export function parseRangeOption(option: string): { min: number; max: number } | null {
  const m = RANGE.exec(option);
  return m ? { min: Number(m[1]), max: Number(m[2]) } : null;
}

const RANGES: readonly string[] = RANGE_FIELD_TYPES;
const WIDGETS: readonly string[] = WIDGET_FIELD_TYPES;

/** A widget's state (the option its answer names), or null. */
export function widgetState(fieldType: string, value: unknown): string | null {
  if (!WIDGETS.includes(fieldType) || typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const state = (value as { value?: unknown }).value;
  return typeof state === 'string' ? state : null;
}

/**
 * The options an answer picks, as the scoring engine counts their points: a check box's "yes" when
 * ticked and its "no" otherwise, the option named, each option named by a multiple choice, the range
 * holding the number, a widget's state. Only options of the field (the first of a name); none for a
 * text or no answer.
 */
export function pickedOptions<O extends { option: string }>(fieldType: string, options: readonly O[], value: unknown): O[] {
  const named = (name: unknown) => (typeof name === 'string' ? options.find((o) => o.option === name) : undefined);
  const found = (o: O | undefined): O[] => (o ? [o] : []);
  if (fieldType === 'CHECK') return found(named(value === true ? CHECK_OPTIONS[0] : CHECK_OPTIONS[1]));
  if (fieldType === 'SELECT_SINGLE') return found(named(value));
  if (fieldType === 'SELECT_MULTIPLE') return Array.isArray(value) ? [...new Set(value)].flatMap((name) => found(named(name))) : [];
  if (RANGES.includes(fieldType)) {
    const n = finiteNumber(value);
    return n === null ? [] : found(options.find((o) => {
      const r = parseRangeOption(o.option);
      return r !== null && n >= r.min && n <= r.max;
    }));
  }
  if (WIDGETS.includes(fieldType)) return found(named(widgetState(fieldType, value)));
  return [];
}
