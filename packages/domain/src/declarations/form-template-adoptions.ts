import { declare, rel } from '../declare/declare.ts';
import { adoptionAttributes, adoptionListing, adoptionOrganization } from './template-kit.ts';

/**
 * An organization's form adopted from a reseller's template (issue 27): which version it took, and
 * a newer version it chose not to take. The form is the organization's to adjust; a newer version
 * is offered with what changed, and taking it keeps the organization's own edits.
 */
export const formTemplateAdoptions = declare('form-template-adoptions', {
  attributes: adoptionAttributes(),
  relationships: {
    ...adoptionOrganization(),
    formTemplate: rel.toOne('form-templates', { readOnly: true }),
    inspectionForm: rel.toOne('inspection-forms', { readOnly: true }),
  },
  filters: ['formTemplate', 'inspectionForm'],
  ...adoptionListing,
});
