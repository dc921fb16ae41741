import { declare, rel } from '../declare/declare.ts';
import { templateAttributes, templateListing } from './template-kit.ts';

/**
 * An inspection form template a reseller publishes to its organizations (issue 27): made from one
 * of its organizations' forms (the source), published as numbered versions of that form's
 * structure. Its organizations read the published ones and adopt them (form-template-adoptions).
 */
export const formTemplates = declare('form-templates', {
  attributes: templateAttributes(),
  relationships: {
    reseller: rel.toOne('resellers', { createOnly: true }),
    /** The form whose structure is published (one of the reseller's organizations'). */
    sourceForm: rel.toOne('inspection-forms', { createOnly: true }),
    versions: rel.toMany('form-template-versions', { readOnly: true }),
  },
  ...templateListing,
});
