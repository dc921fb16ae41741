import { attr, declare, doneBy, rel } from '../declare/declare.ts';

/** A published version of a form template: the source form's structure then, never changed once written. */
export const formTemplateVersions = declare('form-template-versions', {
  attributes: {
    number: attr.integer().isReadOnly(),
    /** The structure, as inspection-form-versions hold it (its parts' ids are the template's keys). */
    structure: attr.json<Record<string, unknown>>().isReadOnly(),
    /** What changed since the version before: `[{ kind, level, key, parent, name, name_en, properties }]`. */
    changes: attr.json<Record<string, unknown>[]>().isReadOnly(),
    created_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    formTemplate: rel.toOne('form-templates', { readOnly: true }),
    publishedBy: doneBy(),
  },
  filters: ['formTemplate'],
  sorts: ['number', 'created_at'],
  defaultSort: '-number',
});
