import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * An inspection form template a reseller publishes to its organizations (issue 27): made from one
 * of its organizations' forms (the source), published as numbered versions of that form's
 * structure. Its organizations read the published ones and adopt them (form-template-adoptions).
 */
export const formTemplates = declare('form-templates', {
  attributes: {
    name: attr.string().isRequired().max(150),
    description: attr.text().max(2000),
    /** The latest published version's number (1 once created). */
    version: attr.integer().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    reseller: rel.toOne('resellers', { createOnly: true }),
    /** The form whose structure is published (one of the reseller's organizations'). */
    sourceForm: rel.toOne('inspection-forms', { createOnly: true }),
    versions: rel.toMany('form-template-versions', { readOnly: true }),
  },
  filters: ['search', 'reseller'],
  sorts: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
