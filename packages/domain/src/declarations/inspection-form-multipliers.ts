import { attr, declare, rel, timestamps } from '../declare/declare.ts';
import {
  MULTIPLIER_FIELDS,
  MULTIPLIER_FIELD_LABELS,
  MULTIPLIER_OPERATIONS,
  MULTIPLIER_OPERATION_LABELS,
  MULTIPLIER_TYPES,
  MULTIPLIER_TYPE_LABELS,
} from '../inspections/form-enums.ts';

/**
 * A multiplier of an inspection form: when the vehicle's `field` compares to `value` by
 * `operation`, the score (points) or the repair values (repair_value) are multiplied.
 */
export const inspectionFormMultipliers = declare('inspection-form-multipliers', {
  attributes: {
    type: attr.enum(MULTIPLIER_TYPES, MULTIPLIER_TYPE_LABELS).isRequired(),
    field: attr.enum(MULTIPLIER_FIELDS, MULTIPLIER_FIELD_LABELS).isRequired(),
    operation: attr.enum(MULTIPLIER_OPERATIONS, MULTIPLIER_OPERATION_LABELS).isRequired(),
    value: attr.string().isRequired().max(100),
    multiplier: attr.decimal().isRequired().min(0).max(100),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    inspectionForm: rel.toOne('inspection-forms', { required: true }),
  },
  filters: ['inspectionForm', 'type'],
  sorts: ['type', 'field', 'created_at', 'updated_at'],
  defaultSort: 'created_at',
});
