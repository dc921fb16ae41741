import { REQUEST_PRIORITIES, REQUEST_PRIORITY_LABELS, REQUEST_TYPE_LABELS, type Labels, type Locale, requestWorkflow } from '@atelier/domain';
import { currentLocale } from '../../i18n/index.ts';

/**
 * The request enumerations with the domain package's fr/en labels, for the badges, the dashboard
 * and the quick form (the forms and lists take theirs from the declarations).
 */
export interface Option {
  value: string;
  label: string;
  raw: true;
}

function optionsOf<T extends string | number>(values: readonly T[], labels: Labels<T>, locale: Locale = currentLocale()): Option[] {
  return values.map((v) => ({ value: String(v), label: labels[v][locale], raw: true }));
}

/** The label of a stored value in the current language; the value itself when unknown. */
function labelOf<T extends string | number>(labels: Labels<T>, value: unknown, locale: Locale = currentLocale()): string {
  if (value === null || value === undefined || value === '') return '';
  // Own keys only: a stored 'constructor' is a value, not Object.prototype's.
  const key = String(value);
  return Object.hasOwn(labels, key) ? (labels as Record<string, Record<Locale, string>>)[key]![locale] : key;
}

export const requestEnums = {
  states: () => optionsOf(requestWorkflow.states, requestWorkflow.stateLabels),
  priorities: () => optionsOf(REQUEST_PRIORITIES, REQUEST_PRIORITY_LABELS),
  type: (v: unknown) => labelOf(REQUEST_TYPE_LABELS, v),
  state: (v: unknown) => labelOf(requestWorkflow.stateLabels, v),
  priority: (v: unknown) => labelOf(REQUEST_PRIORITY_LABELS, v),
};

/** Badge colours: states by how far along they are, priorities from calm to urgent. */
export const PRIORITY_COLORS: Record<string, string> = { '10': 'gray', '20': 'yellow', '30': 'red' };

/** Open states: what is still someone's work (the dashboard's assigned work). */
export const OPEN_REQUEST_STATES = requestWorkflow.states.filter((s) => s !== 'completed' && s !== 'canceled');
