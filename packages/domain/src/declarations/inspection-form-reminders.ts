import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/** A reminder of an inspection form: an item of the checklist ticked before an inspection is sent. */
export const inspectionFormReminders = declare('inspection-form-reminders', {
  attributes: {
    text: attr.string().isRequired().max(500),
    /** The English text; the French one is shown when it is empty. */
    text_en: attr.string().max(500),
    /** Its place in the form's list, kept by the server from the list's order. */
    order_number: attr.integer().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    inspectionForm: rel.toOne('inspection-forms', { required: true }),
  },
  filters: ['inspectionForm', 'search'],
  sorts: ['order_number', 'created_at', 'updated_at'],
  defaultSort: 'order_number',
});
