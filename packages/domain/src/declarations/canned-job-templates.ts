import { templateKind } from './template-kit.ts';

/**
 * A canned job template a reseller publishes to its organizations (issue 27): made from a canned
 * job of one of its organizations (the source), published as numbered versions of that job's
 * content. Its organizations adopt it as a job of their own (canned-job-template-adoptions).
 */
export const cannedJobTemplates = templateKind('canned-job-templates', ['sourceCannedJob', 'canned-jobs'], 'canned-job-template-versions');
