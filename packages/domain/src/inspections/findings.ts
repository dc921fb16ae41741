import { FIELD_ACTIONS, WIDGET_FIELD_TYPES, type FieldAction, type WidgetOption } from './form-enums.ts';
import { pickedOptions, widgetState, type PointsOption } from './options.ts';
import { findingUrgency, type Urgency } from './urgency.ts';

// What an inspection found (issue 20 point 4; docs/decisions.md "Findings"): an answer in a failing
// state, or any answer the inspector gave an action. Decided here once: the report's recommended
// work, the shared page, the estimate drafted from the inspection and the verdict's cap read it.
// The form may mark an option failing or not (`failing` on the option); unmarked, the default rule decides.

/** The widget states that fail: the part is found worn out or defective. */
export const FAILING_STATES: readonly WidgetOption[] = ['to_replace', 'bad'];

/** The action a failing answer asks for when the inspector picked none (they may change it). */
export const STATE_ACTION: Readonly<Partial<Record<WidgetOption, FieldAction>>> = { to_replace: 'replace', bad: 'repair' };
/** Any other failing answer (a failing option, range or marked state) asks for a closer look. */
export const DEFAULT_FINDING_ACTION: FieldAction = 'verify';

/**
 * With a safety-critical field failing (brakes, tires, steering, lights), the vehicle score is at
 * most this: just below the "good" colour (80), so no "Excellent état" with 2 mm pads.
 */
export const CRITICAL_SCORE_CAP = 79;

const WIDGETS: readonly string[] = WIDGET_FIELD_TYPES;
export const isFieldAction = (a: unknown): a is FieldAction => typeof a === 'string' && (FIELD_ACTIONS as readonly string[]).includes(a);

/** A field as the findings read it: its type, its options (and how the form marks them), whether it is safety-critical. */
export interface FindingField {
  field_type: string;
  points_threshold?: readonly PointsOption[] | null;
  safety_critical?: boolean | null;
}

/**
 * The default rule, for an option the form does not mark: a widget's state "to replace" or "bad";
 * any other answer (a check box, an option, a range) worth less than half the field's best points.
 * A text never fails. `state`: a widget's state, else unused.
 */
export function failsByDefault(fieldType: string, state: string | null, points: number, maxPoints: number): boolean {
  if (WIDGETS.includes(fieldType)) return FAILING_STATES.includes(state as WidgetOption);
  if (fieldType === 'TEXT') return false;
  return maxPoints > 0 && points * 2 < maxPoints;
}

/**
 * What the form says of an answer through the options it picks: true when one of them is marked
 * failing, false when each is marked not failing, null otherwise (nothing marked, or a multiple
 * choice mixing marked and unmarked options that none marks failing: the default rule decides).
 */
export function markedFailing(field: FindingField, value: unknown): boolean | null {
  const options = field.points_threshold ?? [];
  // Forms and versions made before the flag mark nothing.
  if (!options.some((o) => typeof o.failing === 'boolean')) return null;
  const marks = pickedOptions(field.field_type, options, value).map((o) => o.failing);
  if (marks.includes(true)) return true;
  return marks.length > 0 && marks.every((m) => m === false) ? false : null;
}

/** Whether an answer fails: as the form marks the options it picks, else by the default rule (failsByDefault). */
export function isFailingAnswer(field: FindingField, value: unknown, points: number, maxPoints: number): boolean {
  return markedFailing(field, value) ?? failsByDefault(field.field_type, widgetState(field.field_type, value), points, maxPoints);
}

export interface FindingAnswer {
  value?: unknown;
  action?: string | null;
  touched?: boolean | null;
  not_applicable?: boolean | null;
}

export interface Finding {
  /** The inspector's action, else the one the failing state asks for. */
  action: FieldAction;
  /** Whether the inspector picked the action (else it is the default of the state). */
  chosen: boolean;
  failing: boolean;
  /** A safety-critical field in a failing state: it comes first, in red, and caps the verdict. */
  critical: boolean;
  urgency: Urgency;
}

/**
 * The finding of one answered field, or null: an answer given (not N/A) that fails or has an
 * action. `score` is the field's scoring (points, maximum, percent).
 */
export function findingOf(field: FindingField, answer: FindingAnswer | undefined, score: { points: number; max_points: number; score: number }): Finding | null {
  if (!answer || answer.touched !== true || answer.not_applicable === true) return null;
  const failing = isFailingAnswer(field, answer.value, score.points, score.max_points);
  const chosen = isFieldAction(answer.action);
  if (!chosen && !failing) return null;
  const state = widgetState(field.field_type, answer.value) as WidgetOption | null;
  const action = chosen ? (answer.action as FieldAction) : ((state && STATE_ACTION[state]) ?? DEFAULT_FINDING_ACTION);
  const critical = failing && field.safety_critical === true;
  return { action, chosen, failing, critical, urgency: critical ? 'urgent' : findingUrgency(action, score.score) };
}
