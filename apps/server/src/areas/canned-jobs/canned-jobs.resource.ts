import { declarations, triggerValues } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { attributePointer, ValidationErrors } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { inspectionFormSectionFields } from '../inspections/inspection-forms.table.ts';
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
    ...placedRelationships(),
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
  hooks: { beforeWrite: checkTriggerValue },
  notify: { label: (row) => String(row.value ?? '') },
});

/** A trigger names an answer its field can give (any case), or no draft would ever use it. */
async function checkTriggerValue(ctx: RequestContext, input: WriteInput, existing: RowOf<typeof cannedJobTriggers> | null) {
  const { field_id, value } = { ...existing, ...input.values } as { field_id?: string; value?: string };
  if (!field_id || typeof value !== 'string') return; // missing: the declaration's required rule says so
  const [field] = await ctx.db
    .select({ field_type: inspectionFormSectionFields.field_type, points_threshold: inspectionFormSectionFields.points_threshold })
    .from(inspectionFormSectionFields)
    .where(eq(inspectionFormSectionFields.id, field_id));
  if (!field) return; // the engine's reference check answers for a field that is not there
  const values = triggerValues(field);
  const errors = new ValidationErrors();
  if (!values.length) errors.add(attributePointer('value'), 'canned_job.trigger_field_unsupported');
  else if (!values.some((v) => v.toLowerCase() === value.toLowerCase())) errors.add(attributePointer('value'), 'canned_job.trigger_value_unknown', { value, values: values.join(', ') });
  errors.throwIfAny();
}
