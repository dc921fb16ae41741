import { attr, declare, rel, serverWritten } from '../declare/declare.ts';

/**
 * A frozen version of an inspection form (issue 10, 11): the structure an inspection was made from
 * (sections, sub-sections, fields with their options, conditions and copies, multipliers, notes,
 * reminders), never changed once written. Read only: the server writes one when an inspection is
 * made from a form whose structure changed. The inspection screen reads it, not the live form.
 */
export const inspectionFormVersions = declare('inspection-form-versions', {
  attributes: serverWritten({
    number: attr.integer(),
    /** The form as it was: `{ sections: [{ …, subSections: [{ …, fields: [...] }] }], multipliers, notes, reminders }`. */
    structure: attr.json<Record<string, unknown>>(),
    created_at: attr.datetime(),
  }),
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    inspectionForm: rel.toOne('inspection-forms', { readOnly: true }),
  },
  filters: ['inspectionForm'],
  sorts: ['number', 'created_at'],
  defaultSort: '-number',
});
