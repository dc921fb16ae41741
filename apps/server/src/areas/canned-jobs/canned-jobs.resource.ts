import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { cannedJobItems, cannedJobTriggers, cannedJobs } from './canned-jobs.table.ts';

/**
 * Canned jobs (issue 27): per organization (and its locations), their lines and triggers written
 * inside the job's document (child collections) or at their own routes with the job's permissions.
 */
export const cannedJobsResource = defineResource(declarations['canned-jobs'], {
  table: cannedJobs,
  permissions: 'canned jobs',
  tenancy: tenancy.organization(),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    allowedLocations: rel.idArray('location_ids'),
    tags: rel.idArray('tag_ids'),
    items: rel.ownsMany('canned_job_id', { order: 'position' }),
    triggers: rel.ownsMany('canned_job_id', { order: 'position' }),
  },
  filters: {
    active: filter.boolean('active'),
    search: filter.search(['name', 'code', 'notes']),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  uniques: {
    canned_jobs_org_name_unique: { attribute: 'name', code: 'canned_job.name_taken' },
    canned_jobs_org_code_unique: { attribute: 'code', code: 'canned_job.code_taken' },
  },
  notify: { label: (row) => String(row.name ?? '') },
});

export const cannedJobItemsResource = defineResource(declarations['canned-job-items'], {
  table: cannedJobItems,
  permissions: 'canned jobs',
  tenancy: tenancy.ownedBy(cannedJobsResource, 'canned_job_id', { organization: true }),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    cannedJob: rel.belongsTo('canned_job_id'),
    product: rel.belongsTo('product_id'),
    supplier: rel.belongsTo('supplier_id'),
    taxGroup: rel.belongsTo('tax_group_id'),
  },
  filters: {
    cannedJob: filter.ids('canned_job_id', 'cannedJob'),
    product: filter.ids('product_id', 'product'),
  },
  notify: { label: (row) => String(row.detail ?? '').slice(0, 80) },
});

export const cannedJobTriggersResource = defineResource(declarations['canned-job-triggers'], {
  table: cannedJobTriggers,
  permissions: 'canned jobs',
  tenancy: tenancy.ownedBy(cannedJobsResource, 'canned_job_id', { organization: true }),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    cannedJob: rel.belongsTo('canned_job_id'),
    inspectionFormSectionField: rel.belongsTo('field_id'),
  },
  filters: {
    cannedJob: filter.ids('canned_job_id', 'cannedJob'),
    inspectionFormSectionField: filter.ids('field_id', 'inspectionFormSectionField'),
  },
  uniques: {
    canned_job_triggers_unique: { attribute: 'value', code: 'canned_job.trigger_taken' },
  },
  notify: { label: (row) => String(row.value ?? '') },
});
