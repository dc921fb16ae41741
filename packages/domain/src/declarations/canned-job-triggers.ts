import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * When an inspection's finding calls for a canned job: a form's field and one of its failing answers
 * (an option, a widget's state, "no" of a check box). The estimate drafted from the inspection takes
 * the job's lines for that finding instead of an empty line.
 */
export const cannedJobTriggers = declare('canned-job-triggers', {
  attributes: {
    /** The answer that calls for the job: an option's value, a widget's state (bad, …) or "false" for a check box. */
    value: attr.string().isRequired().max(255),
    position: attr.integer().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    cannedJob: rel.toOne('canned-jobs', { required: true, createOnly: true }),
    inspectionFormSectionField: rel.toOne('inspection-form-section-fields', { required: true }),
  },
  filters: ['cannedJob', 'inspectionFormSectionField'],
  sorts: ['position', 'created_at'],
  defaultSort: 'position',
});
