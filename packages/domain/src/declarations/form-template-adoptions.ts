import { templateAdoption } from './template-kit.ts';

/**
 * An organization's form adopted from a reseller's template (issue 27): which version it took, and
 * a newer version it chose not to take. The form is the organization's to adjust; a newer version
 * is offered with what changed, and taking it keeps the organization's own edits.
 */
export const formTemplateAdoptions = templateAdoption('form-template-adoptions', ['formTemplate', 'form-templates'], ['inspectionForm', 'inspection-forms']);
