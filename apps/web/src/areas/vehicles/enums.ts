import {
  DRIVETRAINS,
  DRIVETRAIN_LABELS,
  FUEL_TYPES,
  FUEL_TYPE_LABELS,
  ODOMETER_UNITS,
  ODOMETER_UNIT_LABELS,
  REQUEST_PRIORITIES,
  REQUEST_PRIORITY_LABELS,
  REQUEST_STATES,
  REQUEST_STATE_LABELS,
  REQUEST_TYPES,
  REQUEST_TYPE_LABELS,
  TRANSMISSIONS,
  TRANSMISSION_LABELS,
  VEHICLE_CLASS_CODES,
  VEHICLE_CLASS_CODE_LABELS,
  type Labels,
  type Locale,
} from '@atelier/domain';
import { currentLocale } from '../../i18n/index.ts';

/**
 * The enumerations of spec §9 with the domain package's fr/en labels: one source for the server's
 * messages and the web's selects, badges and filters (so the two never disagree).
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
  const l = (labels as Record<string, Record<Locale, string>>)[String(value)];
  return l ? l[locale] : String(value);
}

export const vehicleEnums = {
  fuelTypes: () => optionsOf(FUEL_TYPES, FUEL_TYPE_LABELS),
  transmissions: () => optionsOf(TRANSMISSIONS, TRANSMISSION_LABELS),
  drivetrains: () => optionsOf(DRIVETRAINS, DRIVETRAIN_LABELS),
  odometerUnits: () => optionsOf(ODOMETER_UNITS, ODOMETER_UNIT_LABELS),
  classCodes: () => optionsOf(VEHICLE_CLASS_CODES, VEHICLE_CLASS_CODE_LABELS),
  fuelType: (v: unknown) => labelOf(FUEL_TYPE_LABELS, v),
  transmission: (v: unknown) => labelOf(TRANSMISSION_LABELS, v),
  drivetrain: (v: unknown) => labelOf(DRIVETRAIN_LABELS, v),
  odometerUnit: (v: unknown) => labelOf(ODOMETER_UNIT_LABELS, v),
};

export const requestEnums = {
  types: () => optionsOf(REQUEST_TYPES, REQUEST_TYPE_LABELS),
  states: () => optionsOf(REQUEST_STATES, REQUEST_STATE_LABELS),
  priorities: () => optionsOf(REQUEST_PRIORITIES, REQUEST_PRIORITY_LABELS),
  type: (v: unknown) => labelOf(REQUEST_TYPE_LABELS, v),
  state: (v: unknown) => labelOf(REQUEST_STATE_LABELS, v),
  priority: (v: unknown) => labelOf(REQUEST_PRIORITY_LABELS, v),
};

/** Badge colours: states by how far along they are, priorities from calm to urgent. */
export const STATE_COLORS: Record<string, string> = {
  draft: 'gray',
  assigned: 'blue',
  approved: 'violet',
  completed: 'teal',
  canceled: 'red',
};
export const PRIORITY_COLORS: Record<string, string> = { '10': 'gray', '20': 'yellow', '30': 'red' };

/** Open states: what is still someone's work (the dashboard's assigned work). */
export const OPEN_REQUEST_STATES = REQUEST_STATES.filter((s) => s !== 'completed' && s !== 'canceled');
