import { attr, declare, organizationRecord, rel, timestamps } from '../declare/declare.ts';

/**
 * An inspection form (spec §3): what a dealership configures once and its inspectors fill. Its
 * top-level sections are records of their own (inspection-form-sections, read here); its
 * multipliers, notes and reminders are written inside its document (child collections).
 */
export const inspectionForms = declare('inspection-forms', {
  attributes: {
    name: attr.string().isRequired().max(150),
    description: attr.text().max(2000),
    is_active: attr.boolean(),
    /** The number of the latest frozen version (0: no inspection was made from it yet). */
    version: attr.integer().isReadOnly(),
    /** How many inspections, not canceled, were made from it. */
    inspections_count: attr.integer().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    ...organizationRecord(),
    /** The top-level sections, in order. */
    sections: rel.toMany('inspection-form-sections', { readOnly: true }),
    multipliers: rel.toMany('inspection-form-multipliers'),
    notes: rel.toMany('inspection-form-notes'),
    reminders: rel.toMany('inspection-form-reminders'),
  },
  filters: ['search', 'tags', 'is_active'],
  sorts: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
