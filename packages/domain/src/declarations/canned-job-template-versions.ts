import { attr, declare, rel } from '../declare/declare.ts';
import { publishedBy, versionAttributes, versionListing } from './template-kit.ts';

/** A published version of a canned job template: the source job's content then, never changed once written. */
export const cannedJobTemplateVersions = declare('canned-job-template-versions', {
  attributes: {
    ...versionAttributes(),
    /** `{ name, code, notes, items: [lines without ids, a part number for a product], triggers: [{ field (a form template's key), field_name, field_name_en, value }] }`. */
    content: attr.json<Record<string, unknown>>().isReadOnly(),
  },
  relationships: { cannedJobTemplate: rel.toOne('canned-job-templates', { readOnly: true }), ...publishedBy() },
  filters: ['cannedJobTemplate'],
  ...versionListing,
});
