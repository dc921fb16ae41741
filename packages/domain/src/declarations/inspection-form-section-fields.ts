import { attr, declare, rel, timestamps } from '../declare/declare.ts';
import {
  CONDITION_RELATIONS,
  CONDITION_RELATION_LABELS,
  FIELD_TYPES,
  FIELD_TYPE_LABELS,
  type ConditionOperator,
} from '../inspections/form-enums.ts';

/** One option of a field and the points it gives ("yes", "good", "0-10", an option's name). */
export interface PointsThreshold {
  /** The stored value (what an answer holds) and the French label. */
  option: string;
  points: number;
  /** The English label of a SELECT option; the French one when left out. */
  option_en?: string | null;
  /** Whether picking it is a finding: true, false, or left out for the default rule (findings.ts). */
  failing?: boolean | null;
}

/** A condition of a conditional field: another field of the form, compared to a value. */
export interface FieldConditionRecord {
  field: string;
  operator: ConditionOperator;
  value: string;
}

/** A field of a sub-section (spec §3 Section field): its type, options and points, conditions, copy. */
export const inspectionFormSectionFields = declare('inspection-form-section-fields', {
  attributes: {
    name: attr.string().isRequired().max(255),
    /** The English label; the French name is shown when it is empty. */
    name_en: attr.string().max(255),
    field_type: attr.enum(FIELD_TYPES, FIELD_TYPE_LABELS).isRequired(),
    /** The options and their points; their form depends on the field type (see form-rules.ts). */
    points_threshold: attr.list<PointsThreshold>().notNull(),
    /** Its place in its sub-section; a new one goes last when left out. */
    order_number: attr.integer().notNull().min(0).max(100_000),
    can_upload_image: attr.boolean(),
    can_add_comment: attr.boolean(),
    enable_na: attr.boolean(),
    /** Brakes, tires, steering, lights: failing, it comes first in red and caps the vehicle score. */
    safety_critical: attr.boolean(),
    /** Must be answered (or not applicable) to complete; when left out, true except for TEXT (requiredByDefault). */
    required: attr.boolean(),
    /** A copy of another field of the form (copiedField). */
    is_copy: attr.boolean(),
    icon: attr.string().max(100),
    /** The weight of its points in its sub-section; 1 when left out. */
    coefficient: attr.decimal().notNull().min(0).max(1000),
    /** Whether the conditions apply (the editor keeps them when switched off). */
    conditional_field: attr.boolean(),
    conditions: attr.list<FieldConditionRecord>().notNull(),
    condition_relation: attr.enum(CONDITION_RELATIONS, CONDITION_RELATION_LABELS).notNull(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    /** A sub-section (a section with a parent). */
    section: rel.toOne('inspection-form-sections', { required: true }),
    /** The form of its section, stamped by the server. */
    inspectionForm: rel.toOne('inspection-forms', { readOnly: true }),
    copiedField: rel.toOne('inspection-form-section-fields'),
  },
  filters: ['section', 'inspectionForm', 'field_type', 'search'],
  sorts: ['order_number', 'name', 'field_type', 'created_at', 'updated_at'],
  defaultSort: 'order_number',
});
