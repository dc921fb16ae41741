import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/** A verdict of an inspection form: the text shown with a vehicle score within [minimum, maximum]. */
export const inspectionFormNotes = declare('inspection-form-notes', {
  attributes: {
    minimum_value: attr.integer().isRequired().min(0).max(100),
    maximum_value: attr.integer().isRequired().min(0).max(100),
    text: attr.string().isRequired().max(500),
    /** The English text; the French one is shown when it is empty. */
    text_en: attr.string().max(500),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    inspectionForm: rel.toOne('inspection-forms', { required: true }),
  },
  filters: ['inspectionForm'],
  sorts: ['minimum_value', 'maximum_value', 'created_at', 'updated_at'],
  defaultSort: 'minimum_value',
});
