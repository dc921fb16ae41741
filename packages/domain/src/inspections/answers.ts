import { CHECK_OPTIONS, WIDGET_FIELD_TYPES } from './form-enums.ts';
import { finiteNumber, type PointsOption } from './scoring.ts';

const WIDGETS: readonly string[] = WIDGET_FIELD_TYPES;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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
