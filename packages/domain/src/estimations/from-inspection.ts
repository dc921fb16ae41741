import type { FieldAction } from '../inspections/form-enums.ts';
import { productCents, type DecimalInput } from '../lines/decimal.ts';
import { findingOf } from '../inspections/findings.ts';
import type { PointsOption } from '../inspections/options.ts';
import type { Urgency } from '../inspections/urgency.ts';
import type { ItemCondition } from './items.ts';

// An estimate made from a completed inspection (issue 12): every finding of the inspection (a
// visible field failing or given an action, findings.ts) becomes a draft item, for the estimators to price (docs/decisions.md "Estimate items
// from an inspection").

/** What the inspector asked for, as what the estimate proposes. */
export const CONDITION_OF_ACTION: Readonly<Record<FieldAction, ItemCondition>> = {
  replace: 'to_replace',
  repair: 'to_repair',
  rectify: 'to_repair',
  verify: 'to_verify',
  leakage: 'to_verify',
  vibrations: 'to_verify',
  monitor: 'to_monitor',
  schedule: 'to_schedule',
  recommended_maintenance: 'to_schedule',
};

/** A field of the completed inspection as the estimate reads it. */
export interface InspectedField {
  /** The inspection field's id: the item keeps it, with its photos. */
  id: string;
  /** The form field's name ("Plaquettes avant"). */
  name: string;
  field_type: string;
  /** Its options, as the form marks them failing or not. */
  points_threshold?: readonly PointsOption[] | null;
  safety_critical?: boolean | null;
  value?: unknown;
  touched?: boolean | null;
  action: FieldAction | string | null | undefined;
  comment?: string | null;
  images?: readonly string[] | null;
  /** Its scoring: points, maximum, percent (0-100). */
  scoring: { points: number; max_points: number; score: number };
  /** Hidden by a condition: not part of the inspection. */
  visible?: boolean;
  not_applicable?: boolean;
}

export interface DraftEstimationItem {
  detail: string;
  condition: ItemCondition;
  urgency: Urgency;
  /** The inspection's photos of the field. */
  images: string[];
  inspection_field_id: string;
  /** Its place in the estimate: the form's order. */
  position: number;
  quantity: number;
  /** Cents per hour: the default rate scaled by the form's repair-value multipliers. */
  hourly_rate: number;
}

/** The field's name, then what the inspector wrote. */
export function itemDetail(name: string, comment: string | null | undefined): string {
  const n = name.trim();
  const c = comment?.trim() ?? '';
  return c ? `${n} — ${c}` : n;
}

/**
 * The draft items of an estimate made from an inspection: one per finding of a visible field
 * (in the fields' order; the action the inspector picked or the one its failing state asks for), priced at the default hourly rate times the form's repair-value
 * multiplier (scoring.ts repairValueMultiplier); parts and times are left to the estimators.
 */
export function draftItemsFromInspection(
  fields: readonly InspectedField[],
  pricing: { defaultHourlyRate: DecimalInput; repairValueMultiplier: DecimalInput },
): DraftEstimationItem[] {
  const hourlyRate = Math.max(0, productCents(pricing.defaultHourlyRate, pricing.repairValueMultiplier));
  const items: DraftEstimationItem[] = [];
  for (const f of fields) {
    const finding = f.visible === false ? null : findingOf(f, f, f.scoring);
    if (!finding) continue;
    items.push({
      detail: itemDetail(f.name, f.comment),
      condition: CONDITION_OF_ACTION[finding.action],
      urgency: finding.urgency,
      images: [...(f.images ?? [])],
      inspection_field_id: f.id,
      position: items.length,
      quantity: 1,
      hourly_rate: hourlyRate,
    });
  }
  return items;
}
