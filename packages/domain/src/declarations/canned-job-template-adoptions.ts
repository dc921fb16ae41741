import { templateAdoption } from './template-kit.ts';

/**
 * An organization's canned job adopted from a reseller's template (issue 27). The job is the
 * organization's to adjust; a newer version is offered with what changed, and replaces the job's
 * content when the organization has not changed it since (else only when it says so).
 */
export const cannedJobTemplateAdoptions = templateAdoption('canned-job-template-adoptions', ['cannedJobTemplate', 'canned-job-templates'], ['cannedJob', 'canned-jobs']);
