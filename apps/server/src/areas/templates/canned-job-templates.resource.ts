import { cannedJobChanges, declarations, type CannedJobContent } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type ActionDefinition, type JsonSchema, type RowOf } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { cannedJobs } from '../canned-jobs/canned-jobs.table.ts';
import { contentHash, jobContent, jobHash, writeJob } from './canned-job-copy.ts';
import { organizationReaders } from './form-templates.resource.ts';
import { acceptAction, adopt, adoptionsResource, changeSchema, changesAction, offerOf, publishAction, skipAction, templateKind, templatesResource, versionsResource, type AdoptionRow } from './kit.ts';
import { cannedJobTemplateAdoptions, cannedJobTemplateVersions, cannedJobTemplates } from './templates.table.ts';

// Canned job templates a reseller publishes (issue 27), as form templates are (kit.ts): made from a
// canned job of one of its organizations, published as versions of its content (name, code, notes,
// lines without ids, triggers by the form templates' keys), adopted as a job of the organization's
// own. A newer version replaces the job's content when the organization has not changed the job
// since; when it has, its job is kept and the version is taken only when it says so (replace_edits).

type TemplateRow = RowOf<typeof cannedJobTemplates>;

export const CANNED_JOB_TEMPLATES = templateKind<CannedJobContent>(
  'canned-job-templates',
  [cannedJobTemplates, cannedJobTemplateVersions, cannedJobTemplateAdoptions],
  ['source_canned_job_id', cannedJobs, 'sourceCannedJob'],
  {
    codes: { sourceRequired: 'template.job_source_required', sourceNotYours: 'template.job_source_not_yours', sourceGone: 'template.job_source_gone', unchanged: 'template.job_unchanged', upToDate: 'template.job_up_to_date' },
    contentColumn: 'content',
    targetColumn: 'canned_job_id',
    read: async (ctx: RequestContext, jobId: string) => {
      const content = await jobContent(ctx.db, jobId);
      return { content, hash: contentHash(content) };
    },
    changes: cannedJobChanges,
  },
);

const trigger: JsonSchema = { type: 'object', properties: { field: { type: 'string' }, field_name: { type: 'string' }, field_name_en: { type: ['string', 'null'] }, value: { type: 'string' } } };
const written = {
  canned_job_id: { type: 'string', format: 'uuid' },
  dropped_triggers: { type: 'array', items: trigger },
  matched_parts: { type: 'array', items: { type: 'string' } },
} satisfies Record<string, JsonSchema>;

/**
 * POST /canned-job-templates/{id}/adopt: the latest version becomes a job of the user's
 * organization (a name or code it has already gets « (2) » / « -2 »). Answers the template, the
 * job's and adoption's ids, the triggers dropped and the parts found in its inventory in meta.
 */
const adoptAction: ActionDefinition<TemplateRow> = {
  permission: 'create canned jobs',
  contract: {
    summary: "Makes the template's latest version a canned job of the user's organization; answers the template with the job's and adoption's ids, the triggers that did not carry over and the parts found in its inventory",
    status: 201,
    meta: { ...written, adoption_id: { type: 'string', format: 'uuid' } },
  },
  handler: (ctx, template) =>
    adopt(ctx, CANNED_JOB_TEMPLATES, template, async (organizationId, version, cause) => {
      const job = await writeJob(ctx, organizationId, version.content, cause, null);
      return { id: job.id, adoption: { copy_hash: await jobHash(ctx.db, job.id) }, meta: { dropped_triggers: job.dropped_triggers, matched_parts: job.matched_parts } };
    }),
};

export const cannedJobTemplatesResource = defineResource(
  declarations['canned-job-templates'],
  templatesResource(CANNED_JOB_TEMPLATES, 'canned job templates', organizationReaders('canned jobs'), { publish: publishAction(CANNED_JOB_TEMPLATES, 'edit canned job templates', 'canned job'), adopt: adoptAction }),
);

export const cannedJobTemplateVersionsResource = versionsResource(
  declarations['canned-job-template-versions'],
  cannedJobTemplateVersions,
  cannedJobTemplatesResource,
  CANNED_JOB_TEMPLATES,
  'cannedJobTemplate',
  'canned job templates',
  organizationReaders('canned jobs'),
);

/** What a newer version changes, and whether the organization changed its job since it took the one it holds. */
async function offer(ctx: RequestContext, adoption: AdoptionRow) {
  const o = await offerOf(ctx, CANNED_JOB_TEMPLATES, adoption);
  const row = adoption as RowOf<typeof cannedJobTemplateAdoptions>;
  const edited = (await jobHash(ctx.db, row.canned_job_id)) !== row.copy_hash;
  return { from: o.from, to: o.to, changes: o.next ? cannedJobChanges(o.base!.content, o.next.content) : [], edited };
}

const offerMeta = {
  from: { type: 'integer' },
  to: { type: 'integer' },
  changes: { type: 'array', items: changeSchema(['job', 'item', 'trigger']) },
  edited: { type: 'boolean' },
} satisfies Record<string, JsonSchema>;

const changes = changesAction(
  'view canned jobs',
  "What taking the template's latest version would change in the job, and whether the organization changed the job since (then its job is kept unless it takes the version anyway)",
  offerMeta,
  offer,
);

const accept = acceptAction(
  CANNED_JOB_TEMPLATES,
  'edit canned jobs',
  {
    summary:
      "Takes the template's latest version into the job (the version read: 409 when a newer one came since): its name, code, notes, lines and triggers. When the organization changed the job since, 409 unless replace_edits is true. Answers the adoption, what changed, the triggers dropped and the parts found in meta",
    meta: { ...offerMeta, ...written },
    body: { replace_edits: { type: 'boolean' } },
  },
  async (ctx, adoption, o, data) => {
    const jobId = (adoption as RowOf<typeof cannedJobTemplateAdoptions>).canned_job_id;
    // The job locked first: an edit made meanwhile is seen (and kept) rather than replaced unseen.
    await ctx.db.select({ id: cannedJobs.id }).from(cannedJobs).where(eq(cannedJobs.id, jobId)).for('update');
    const { changes, edited } = await offer(ctx, adoption);
    if (edited && data.replace_edits !== true) throw new ApiError(409, 'template.job_edited');
    const job = await writeJob(ctx, adoption.organization_id, o.next.content, { type: CANNED_JOB_TEMPLATES.type, id: o.templateId }, jobId);
    return {
      log: { changes: changes.length, replaced_edits: edited },
      meta: { changes, edited, canned_job_id: job.id, dropped_triggers: job.dropped_triggers, matched_parts: job.matched_parts },
      set: { copy_hash: await jobHash(ctx.db, jobId) },
    };
  },
);

export const cannedJobTemplateAdoptionsResource = defineResource(
  declarations['canned-job-template-adoptions'],
  adoptionsResource(cannedJobTemplateAdoptions, 'canned jobs', { cannedJobTemplate: 'canned_job_template_id', cannedJob: 'canned_job_id' }, { changes, accept, skip: skipAction(CANNED_JOB_TEMPLATES, 'edit canned jobs') }),
);
