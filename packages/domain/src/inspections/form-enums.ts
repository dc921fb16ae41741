import { defineEnum } from '../enums.ts';

// The enumerations of inspection forms (spec §3, issue 10). Stored values are stable identifiers;
// the labels are what users read.

export const [FIELD_TYPES, FIELD_TYPE_LABELS] = defineEnum('field_types', [
  'CHECK', 'SELECT_SINGLE', 'SELECT_MULTIPLE', 'NUMBER', 'RANGE_SLIDER', 'TEXT', 'STATE_WIDGET',
  'BATTERY_STATE_WIDGET', 'TIRE_STATE_WIDGET', 'GAS_BATTERY_STATE_WIDGET', 'DRUM_THICKNESS_WIDGET',
  'PAD_THICKNESS_WIDGET',
]);
export type FieldType = (typeof FIELD_TYPES)[number];

/** The widget types: their value is an object whose `value` member names one of the four states. */
export const WIDGET_FIELD_TYPES = [
  'STATE_WIDGET',
  'BATTERY_STATE_WIDGET',
  'TIRE_STATE_WIDGET',
  'GAS_BATTERY_STATE_WIDGET',
  'DRUM_THICKNESS_WIDGET',
  'PAD_THICKNESS_WIDGET',
] as const satisfies readonly FieldType[];
export type WidgetFieldType = (typeof WIDGET_FIELD_TYPES)[number];

/** The widget types whose first field in a sub-section is copied to the others of its type (spec §4). */
export const PROPAGATED_FIELD_TYPES = [
  'TIRE_STATE_WIDGET',
  'DRUM_THICKNESS_WIDGET',
  'PAD_THICKNESS_WIDGET',
] as const satisfies readonly WidgetFieldType[];

/** The types whose options are ranges written "min-max", both bounds inclusive. */
export const RANGE_FIELD_TYPES = ['NUMBER', 'RANGE_SLIDER'] as const satisfies readonly FieldType[];

/** The four states of every widget type, as stored in `points_threshold[].option` and in `value.value`. */
export const [WIDGET_OPTIONS, WIDGET_OPTION_LABELS] = defineEnum('widget_options', ['good', 'to_replace', 'bad', 'not_applicable']);
export type WidgetOption = (typeof WIDGET_OPTIONS)[number];

/** A CHECK field's options: "yes" (ticked), and optionally "no". */
export const [CHECK_OPTIONS, CHECK_OPTION_LABELS] = defineEnum('check_options', ['yes', 'no']);
export type CheckOption = (typeof CHECK_OPTIONS)[number];

export const [CONDITION_OPERATORS, CONDITION_OPERATOR_LABELS] = defineEnum('condition_operators', ['equals', 'different', 'superior', 'inferior']);
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const [CONDITION_RELATIONS, CONDITION_RELATION_LABELS] = defineEnum('condition_relations', ['and', 'or']);
export type ConditionRelation = (typeof CONDITION_RELATIONS)[number];

/** What an inspector asks for on a field (spec §3, per-field actions). */
export const [FIELD_ACTIONS, FIELD_ACTION_LABELS] = defineEnum('field_actions', [
  'replace', 'repair', 'schedule', 'verify', 'monitor', 'leakage', 'vibrations', 'rectify',
  'recommended_maintenance',
]);
export type FieldAction = (typeof FIELD_ACTIONS)[number];

/** A points multiplier scales the vehicle score; a repair-value one the repair values of the estimation. */
export const [MULTIPLIER_TYPES, MULTIPLIER_TYPE_LABELS] = defineEnum('multiplier_types', ['points', 'repair_value']);
export type MultiplierType = (typeof MULTIPLIER_TYPES)[number];

/** The vehicle attribute a multiplier compares. `model_year` and `year` both read the model year. */
export const [MULTIPLIER_FIELDS, MULTIPLIER_FIELD_LABELS] = defineEnum('multiplier_fields', [
  'make', 'model_year', 'odometer', 'model', 'year', 'style',
]);
export type MultiplierField = (typeof MULTIPLIER_FIELDS)[number];

export const [MULTIPLIER_OPERATIONS, MULTIPLIER_OPERATION_LABELS] = defineEnum('multiplier_operations', [
  'equals', 'greater_than', 'less_than', 'contains',
]);
export type MultiplierOperation = (typeof MULTIPLIER_OPERATIONS)[number];

/** A finding's video (issue 26): a short clip, checked by the server from its header, and before sending by the tablet. */
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export const MAX_VIDEO_SECONDS = 30;
