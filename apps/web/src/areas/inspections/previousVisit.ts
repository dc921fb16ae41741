import { FIELD_ACTIONS, WIDGET_FIELD_TYPES, type FieldType, isObject } from '@atelier/domain';
import type { JsonApiDocument } from '../../api/jsonapi.ts';

// The previous visit (issue 11): the last inspection carried to its end on the same vehicle with
// the same form, as the server answers it in meta.previousInspection. Each field shows its last
// answer discreetly, so the inspector sees what changed (a tire's depth since the last visit).

export interface PreviousAnswer {
  value: unknown;
  action: string | null;
  not_applicable: boolean;
  comment: string | null;
}

export interface PreviousVisit {
  id: string;
  code: string;
  completed_at: string | null;
  odometer: number | null;
  vehicle_score: number | null;
  fields: Map<string, PreviousAnswer>;
}


/** meta.previousInspection of `GET /inspections/{id}?add_data=previousInspection`, for that inspection; null when none. */
export function previousVisitOf(doc: Pick<JsonApiDocument, 'meta'> | null | undefined, inspectionId: string): PreviousVisit | null {
  const all = doc?.meta?.previousInspection;
  const p = isObject(all) && Object.hasOwn(all, inspectionId) ? all[inspectionId] : null;
  if (!isObject(p) || typeof p.id !== 'string') return null;
  const fields = new Map<string, PreviousAnswer>();
  if (isObject(p.fields))
    for (const [id, a] of Object.entries(p.fields))
      if (isObject(a))
        fields.set(id, { value: a.value ?? null, action: typeof a.action === 'string' ? a.action : null, not_applicable: a.not_applicable === true, comment: typeof a.comment === 'string' ? a.comment : null });
  return {
    id: p.id,
    code: typeof p.code === 'string' ? p.code : '',
    completed_at: typeof p.completed_at === 'string' ? p.completed_at : null,
    odometer: typeof p.odometer === 'number' ? p.odometer : null,
    vehicle_score: typeof p.vehicle_score === 'number' ? p.vehicle_score : null,
    fields,
  };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;
const WIDGETS: readonly string[] = WIDGET_FIELD_TYPES;
const MEASURES = ['depth_mm', 'pressure_psi', 'amps', 'volts', 'thickness_mm'] as const;

/**
 * A previous answer as one short line in the user's language: "Oui", "À remplacer · 3 mm · 32 psi",
 * "Vitres, Phares", "42"; the action follows. Null when the field was not answered then.
 */
export function previousAnswerText(fieldType: FieldType, a: PreviousAnswer | undefined, t: Translate, formatNumber: (n: number) => string): string | null {
  if (!a) return null;
  const parts: string[] = [];
  const v = a.value;
  if (a.not_applicable) parts.push(t('inspections:field.not_applicable'));
  else if (fieldType === 'CHECK' && typeof v === 'boolean') parts.push(t(v ? 'inspections:check.yes' : 'inspections:check.no'));
  else if (WIDGETS.includes(fieldType) && isObject(v)) {
    if (typeof v.value === 'string') parts.push(t(`inspections:states.${v.value}`));
    for (const m of MEASURES) if (typeof v[m] === 'number') parts.push(t(`inspections:previous.units.${m}`, { value: formatNumber(v[m]) }));
  } else if (typeof v === 'number') parts.push(formatNumber(v));
  else if (Array.isArray(v)) parts.push(v.filter((x) => typeof x === 'string').join(', '));
  else if (typeof v === 'string' && v.trim()) parts.push(v.length > 80 ? `${v.slice(0, 79)}…` : v);
  if (a.action && (FIELD_ACTIONS as readonly string[]).includes(a.action)) parts.push(t(`inspections:actions.${a.action}`));
  const shown = parts.filter(Boolean);
  return shown.length ? shown.join(' · ') : null;
}
