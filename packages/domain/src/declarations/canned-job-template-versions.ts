import { attr } from '../declare/declare.ts';
import { templateVersion } from './template-kit.ts';

/** A published version of a canned job template: the source job's content then, never changed once written. */
export const cannedJobTemplateVersions = templateVersion('canned-job-template-versions', ['cannedJobTemplate', 'canned-job-templates'], {
  /** `{ name, code, notes, items: [lines without ids, a part number for a product], triggers: [{ field (a form template's key), field_name, field_name_en, value }] }`. */
  content: attr.json<Record<string, unknown>>().isReadOnly(),
});
