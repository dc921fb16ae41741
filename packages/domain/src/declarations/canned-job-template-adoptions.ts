import { declare, rel } from '../declare/declare.ts';
import { adoptionAttributes, adoptionListing, adoptionOrganization } from './template-kit.ts';

/**
 * An organization's canned job adopted from a reseller's template (issue 27). The job is the
 * organization's to adjust; a newer version is offered with what changed, and replaces the job's
 * content when the organization has not changed it since (else only when it says so).
 */
export const cannedJobTemplateAdoptions = declare('canned-job-template-adoptions', {
  attributes: adoptionAttributes(),
  relationships: {
    ...adoptionOrganization(),
    cannedJobTemplate: rel.toOne('canned-job-templates', { readOnly: true }),
    cannedJob: rel.toOne('canned-jobs', { readOnly: true }),
  },
  filters: ['cannedJobTemplate', 'cannedJob'],
  ...adoptionListing,
});
