import { declare, rel } from '../declare/declare.ts';
import { templateAttributes, templateListing } from './template-kit.ts';

/**
 * A canned job template a reseller publishes to its organizations (issue 27): made from a canned
 * job of one of its organizations (the source), published as numbered versions of that job's
 * content. Its organizations adopt it as a job of their own (canned-job-template-adoptions).
 */
export const cannedJobTemplates = declare('canned-job-templates', {
  attributes: templateAttributes(),
  relationships: {
    reseller: rel.toOne('resellers', { createOnly: true }),
    /** The job whose content is published (one of the reseller's organizations'). */
    sourceCannedJob: rel.toOne('canned-jobs', { createOnly: true }),
    versions: rel.toMany('canned-job-template-versions', { readOnly: true }),
  },
  ...templateListing,
});
