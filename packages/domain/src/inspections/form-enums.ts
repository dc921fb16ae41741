import { defineEnum } from '../enums.ts';

// The enumerations of inspection forms (spec §3, issue 10). Stored values are stable identifiers;
// the labels are what users read.

export const [FIELD_TYPES, FIELD_TYPE_LABELS] = defineEnum({
  CHECK: { fr: 'Case à cocher', en: 'Checkbox' },
  SELECT_SINGLE: { fr: 'Choix unique', en: 'Single choice' },
  SELECT_MULTIPLE: { fr: 'Choix multiple', en: 'Multiple choice' },
  NUMBER: { fr: 'Nombre', en: 'Number' },
  RANGE_SLIDER: { fr: 'Curseur', en: 'Range slider' },
  TEXT: { fr: 'Texte', en: 'Text' },
  STATE_WIDGET: { fr: 'État', en: 'State' },
  BATTERY_STATE_WIDGET: { fr: 'État de la batterie', en: 'Battery state' },
  TIRE_STATE_WIDGET: { fr: 'État du pneu', en: 'Tire state' },
  GAS_BATTERY_STATE_WIDGET: { fr: 'État de la batterie (essence)', en: 'Gas battery state' },
  DRUM_THICKNESS_WIDGET: { fr: 'Épaisseur du tambour', en: 'Drum thickness' },
  PAD_THICKNESS_WIDGET: { fr: 'Épaisseur des plaquettes', en: 'Pad thickness' },
});
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
export const [WIDGET_OPTIONS, WIDGET_OPTION_LABELS] = defineEnum({
  good: { fr: 'Bon', en: 'Good' },
  to_replace: { fr: 'À remplacer', en: 'To replace' },
  bad: { fr: 'Mauvais', en: 'Bad' },
  not_applicable: { fr: 'Non applicable', en: 'Not applicable' },
});
export type WidgetOption = (typeof WIDGET_OPTIONS)[number];

/** A CHECK field's options: "yes" (ticked), and optionally "no". */
export const [CHECK_OPTIONS, CHECK_OPTION_LABELS] = defineEnum({
  yes: { fr: 'Oui', en: 'Yes' },
  no: { fr: 'Non', en: 'No' },
});
export type CheckOption = (typeof CHECK_OPTIONS)[number];

export const [CONDITION_OPERATORS, CONDITION_OPERATOR_LABELS] = defineEnum({
  equals: { fr: 'Égal à', en: 'Equals' },
  different: { fr: 'Différent de', en: 'Different from' },
  superior: { fr: 'Supérieur à', en: 'Greater than' },
  inferior: { fr: 'Inférieur à', en: 'Less than' },
});
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const [CONDITION_RELATIONS, CONDITION_RELATION_LABELS] = defineEnum({
  and: { fr: 'Toutes les conditions', en: 'All conditions' },
  or: { fr: 'Au moins une condition', en: 'Any condition' },
});
export type ConditionRelation = (typeof CONDITION_RELATIONS)[number];

/** What an inspector asks for on a field (spec §3, per-field actions). */
export const [FIELD_ACTIONS, FIELD_ACTION_LABELS] = defineEnum({
  replace: { fr: 'Remplacer', en: 'Replace' },
  repair: { fr: 'Réparer', en: 'Repair' },
  schedule: { fr: 'Planifier', en: 'Schedule' },
  verify: { fr: 'Vérifier', en: 'Verify' },
  monitor: { fr: 'Surveiller', en: 'Monitor' },
  leakage: { fr: 'Fuite', en: 'Leakage' },
  vibrations: { fr: 'Vibrations', en: 'Vibrations' },
  rectify: { fr: 'Rectifier', en: 'Rectify' },
  recommended_maintenance: { fr: 'Entretien recommandé', en: 'Recommended maintenance' },
});
export type FieldAction = (typeof FIELD_ACTIONS)[number];

/** A points multiplier scales the vehicle score; a repair-value one the repair values of the estimation. */
export const [MULTIPLIER_TYPES, MULTIPLIER_TYPE_LABELS] = defineEnum({
  points: { fr: 'Points', en: 'Points' },
  repair_value: { fr: 'Valeur de réparation', en: 'Repair value' },
});
export type MultiplierType = (typeof MULTIPLIER_TYPES)[number];

/** The vehicle attribute a multiplier compares. `model_year` and `year` both read the model year. */
export const [MULTIPLIER_FIELDS, MULTIPLIER_FIELD_LABELS] = defineEnum({
  make: { fr: 'Marque', en: 'Make' },
  model_year: { fr: 'Année modèle', en: 'Model year' },
  odometer: { fr: 'Odomètre', en: 'Odometer' },
  model: { fr: 'Modèle', en: 'Model' },
  year: { fr: 'Année', en: 'Year' },
  style: { fr: 'Style', en: 'Style' },
});
export type MultiplierField = (typeof MULTIPLIER_FIELDS)[number];

export const [MULTIPLIER_OPERATIONS, MULTIPLIER_OPERATION_LABELS] = defineEnum({
  equals: { fr: 'Égal à', en: 'Equals' },
  greater_than: { fr: 'Plus grand que', en: 'Greater than' },
  less_than: { fr: 'Plus petit que', en: 'Less than' },
  contains: { fr: 'Contient', en: 'Contains' },
});
export type MultiplierOperation = (typeof MULTIPLIER_OPERATIONS)[number];
