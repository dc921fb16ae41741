import { attr } from '../declare/declare.ts';
import { templateVersion } from './template-kit.ts';

/** A published version of a form template: the source form's structure then, never changed once written. */
export const formTemplateVersions = templateVersion('form-template-versions', ['formTemplate', 'form-templates'], {
  /** The structure, as inspection-form-versions hold it (its parts' ids are the template's keys). */
  structure: attr.json<Record<string, unknown>>().isReadOnly(),
});
