import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * A section of an inspection form, or a sub-section: a sub-section's `parent` is a top-level
 * section of the same form (no deeper nesting). Fields belong to sub-sections.
 */
export const inspectionFormSections = declare('inspection-form-sections', {
  attributes: {
    name: attr.string().isRequired().max(150),
    /** The English label; the French name is shown when it is empty. */
    name_en: attr.string().max(150),
    icon: attr.string().max(100),
    /** The weight of the section (or sub-section) in its parent's score; 1 when left out. */
    factor: attr.decimal().notNull().min(0).max(1000),
    /** Its place among its siblings; a new one goes last when left out. */
    order_number: attr.integer().notNull().min(0).max(100_000),
    ...timestamps(),
  },
  relationships: {
    // The form's organization, stamped by the server.
    organization: rel.toOne('organizations', { readOnly: true }),
    inspectionForm: rel.toOne('inspection-forms', { required: true, createOnly: true }),
    /** None for a section; a top-level section of the same form for a sub-section. */
    parent: rel.toOne('inspection-form-sections', { createOnly: true }),
    subSections: rel.toMany('inspection-form-sections', { readOnly: true }),
    fields: rel.toMany('inspection-form-section-fields', { readOnly: true }),
  },
  filters: ['inspectionForm', 'parent', 'top_level', 'search'],
  sorts: ['order_number', 'name', 'created_at', 'updated_at'],
  defaultSort: 'order_number',
});
