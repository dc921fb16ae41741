import { defineEnum } from '../enums.ts';
import type { FieldAction } from './form-enums.ts';

// How soon what an inspection found should be done: one scale for the report's recommended work
// and for the items of an estimate drafted from the inspection, so the customer reads the same
// urgency on both (docs/decisions.md "The inspection report", "Estimate items from an inspection").

export const [URGENCIES, URGENCY_LABELS] = defineEnum('urgencies', ['urgent', 'soon', 'monitor']);
export type Urgency = (typeof URGENCIES)[number];

/**
 * How urgent each field action is: what is worn out, broken or leaking is needed now; what needs
 * a closer look or an appointment is planned; what is only watched or routine maintenance is monitored.
 */
export const FIELD_ACTION_URGENCY: Readonly<Record<FieldAction, Urgency>> = {
  replace: 'urgent',
  repair: 'urgent',
  rectify: 'urgent',
  leakage: 'urgent',
  verify: 'soon',
  vibrations: 'soon',
  schedule: 'soon',
  monitor: 'monitor',
  recommended_maintenance: 'monitor',
};

/** Below this score (percent) a finding's urgency is raised one step: the part was found in poor shape. */
export const POOR_FIELD_SCORE = 50;

/** The urgency of a field's action, one step higher when the field scored poorly. */
export function findingUrgency(action: FieldAction, score: number | null | undefined): Urgency {
  const base = URGENCIES.indexOf(FIELD_ACTION_URGENCY[action]);
  const poor = typeof score === 'number' && Number.isFinite(score) && score < POOR_FIELD_SCORE;
  return URGENCIES[Math.max(0, base - (poor ? 1 : 0))];
}
