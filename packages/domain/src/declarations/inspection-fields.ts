import { attr, declare, rel, timestamps } from '../declare/declare.ts';
import { FIELD_ACTIONS, FIELD_ACTION_LABELS } from '../inspections/form-enums.ts';

/**
 * One field of an inspection (spec §3 Inspection field): the answer to a field of the form's
 * frozen version (inspectionFormSectionField names it by its id in the version), and its points.
 */
export const inspectionFields = declare('inspection-fields', {
  attributes: {
    /** The answer, by field type: true/false, an option's name, names, a number, { value, ... } for a widget, a text. */
    value: attr.json(),
    action: attr.enum(FIELD_ACTIONS, FIELD_ACTION_LABELS),
    touched: attr.boolean().isReadOnly(),
    images: attr.list<string>().notNull(),
    /** A short video of the finding (its upload's address), at most MAX_VIDEO_SECONDS. */
    video: attr.string().max(500),
    comment: attr.text().max(5000),
    not_applicable: attr.boolean(),
    points: attr.decimal().isReadOnly(),
    max_points: attr.decimal().isReadOnly(),
    score: attr.integer().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    inspection: rel.toOne('inspections', { readOnly: true }),
    inspectionFormSectionField: rel.toOne('inspection-form-section-fields', { readOnly: true }),
  },
  filters: ['inspection', 'touched'],
  sorts: ['created_at', 'updated_at'],
  defaultSort: 'created_at',
});
