import { templateKind } from './template-kit.ts';

/**
 * An inspection form template a reseller publishes to its organizations (issue 27): made from one
 * of its organizations' forms (the source), published as numbered versions of that form's
 * structure. Its organizations read the published ones and adopt them (form-template-adoptions).
 */
export const formTemplates = templateKind('form-templates', ['sourceForm', 'inspection-forms'], 'form-template-versions');
