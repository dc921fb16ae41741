import { CHECK_OPTIONS, WIDGET_FIELD_TYPES } from './form-enums.ts';
import { finiteNumber, type PointsOption } from './options.ts';
import { isObject } from '../is-object.ts';

const WIDGETS: readonly string[] = WIDGET_FIELD_TYPES;

/** The option worth the most points among those the field can take (the first on a tie), or null. */
function bestOption(options: readonly PointsOption[], allowed?: readonly string[]): string | null {
  let best: { option: string; points: number } | null = null;
  for (const o of options) {
    const points = finiteNumber(o.points) ?? 0;
    if (allowed && !allowed.includes(o.option)) continue;
    if (!best || points > best.points) best = { option: o.option, points };
  }
  return best?.option ?? null;
}

/**
 * The answer "all good" gives a field (set-section-good): its best option. A widget keeps its own
 * measures; a number, a range or a text has no option to choose (measures are not invented): undefined.
 */
export function bestValue(field: { field_type: string; points_threshold?: readonly PointsOption[] | null }, current: unknown): unknown {
  const options = field.points_threshold ?? [];
  if (field.field_type === 'CHECK') return (bestOption(options, CHECK_OPTIONS) ?? 'yes') === 'yes';
  const best = bestOption(options);
  if (best === null) return undefined;
  if (field.field_type === 'SELECT_SINGLE') return best;
  if (field.field_type === 'SELECT_MULTIPLE') return [best];
  if (WIDGETS.includes(field.field_type)) return { ...(isObject(current) ? current : {}), value: best };
  return undefined;
}

/** An answer as "all good" reads it: only a field nobody answered (untouched, not N/A) is filled. */
const untouched = (a: { touched?: boolean | null; not_applicable?: boolean | null } | undefined) => a?.touched !== true && a?.not_applicable !== true;

/**
 * What "all good" (set-section-good) writes in a section: each visible field nobody answered yet
 * gets its best value; an answer given (with its comment, photos, action) or N/A is never
 * overwritten. The server writes these and the screen counts them before (and undoes them after).
 */
export function sectionGoodFills(
  fields: readonly { id: string; field_type: string; points_threshold?: readonly PointsOption[] | null }[],
  answers: Readonly<Record<string, { value?: unknown; touched?: boolean | null; not_applicable?: boolean | null } | undefined>>,
  visible: (fieldId: string) => boolean,
): { id: string; value: unknown }[] {
  return fields.flatMap((f) => {
    const a = Object.hasOwn(answers, f.id) ? answers[f.id] : undefined;
    if (!untouched(a) || !visible(f.id)) return [];
    const value = bestValue(f, a?.value);
    return value === undefined ? [] : [{ id: f.id, value }];
  });
}

/** The answers a reset clears: those given or N/A in the section (the confirmation names how many). */
export function answeredCount(fieldIds: readonly string[], answers: Readonly<Record<string, { touched?: boolean | null; not_applicable?: boolean | null } | undefined>>): number {
  return fieldIds.filter((id) => !untouched(Object.hasOwn(answers, id) ? answers[id] : undefined)).length;
}

/** The change that takes an answer back to unanswered (the undo of "all good"): sent through the normal answer path (isEmptyAnswer). */
export const CLEARED_ANSWER = { value: null, action: null, not_applicable: false } as const;
