import { attr, declare, rel } from '../declare/declare.ts';
import { publishedBy, versionAttributes, versionListing } from './template-kit.ts';

/** A published version of a form template: the source form's structure then, never changed once written. */
export const formTemplateVersions = declare('form-template-versions', {
  attributes: {
    ...versionAttributes(),
    /** The structure, as inspection-form-versions hold it (its parts' ids are the template's keys). */
    structure: attr.json<Record<string, unknown>>().isReadOnly(),
  },
  relationships: { formTemplate: rel.toOne('form-templates', { readOnly: true }), ...publishedBy() },
  filters: ['formTemplate'],
  ...versionListing,
});
