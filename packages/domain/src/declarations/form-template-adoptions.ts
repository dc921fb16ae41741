import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * An organization's form adopted from a reseller's template (issue 27): which version it took, and
 * a newer version it chose not to take. The form is the organization's to adjust; a newer version
 * is offered with what changed, and taking it keeps the organization's own edits.
 */
export const formTemplateAdoptions = declare('form-template-adoptions', {
  attributes: {
    /** The template's version the form was made from, or last updated to. */
    version: attr.integer().isReadOnly(),
    /** A later version the organization chose not to take (it is offered again when a newer one comes). */
    skipped_version: attr.integer().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    formTemplate: rel.toOne('form-templates', { readOnly: true }),
    inspectionForm: rel.toOne('inspection-forms', { readOnly: true }),
  },
  filters: ['formTemplate', 'inspectionForm'],
  sorts: ['created_at', 'updated_at'],
  defaultSort: '-created_at',
});
