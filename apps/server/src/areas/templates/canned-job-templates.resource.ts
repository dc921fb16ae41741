import { cannedJobChanges, declarations, planCannedJobUpdate, type CannedJobContent } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type ActionDefinition, type JsonSchema, type RowOf } from '../../jsonapi/define-resource.ts';
import { cannedJobs } from '../canned-jobs/canned-jobs.table.ts';
import { z } from 'zod';
import { applyJobChanges, jobContent, writeJob } from './canned-job-copy.ts';
import { organizationReaders } from './form-templates.resource.ts';
import { acceptAction, adopt, adoptionsResource, changesAction, offerOf, offerSchema, publishAction, skipAction, templateKind, templatesResource, versionOptions, versionsResource, type AdoptionRow } from './kit.ts';
import { cannedJobTemplateAdoptions, cannedJobTemplateVersions, cannedJobTemplates } from './templates.table.ts';

// Canned job templates a reseller publishes (issue 27), as form templates are (kit.ts): made from a
// canned job of one of its organizations, published as versions of its content (name, code, notes,
// lines without ids, triggers by the form templates' keys), adopted as a job of the organization's
// own. Taking a newer version is a three-way merge per property, line and trigger (the domain's
// planCannedJobUpdate): what the organization changed is kept, unless it asks for the whole version
// (replace_edits).

type TemplateRow = RowOf<typeof cannedJobTemplates>;

export const CANNED_JOB_TEMPLATES = templateKind<CannedJobContent>(
  'canned-job-templates',
  [cannedJobTemplates, cannedJobTemplateVersions, cannedJobTemplateAdoptions],
  ['source_canned_job_id', cannedJobs, 'sourceCannedJob'],
  {
    codes: { sourceRequired: 'template.job_source_required', sourceNotYours: 'template.job_source_not_yours', sourceGone: 'template.job_source_gone', unchanged: 'template.job_unchanged', upToDate: 'template.job_up_to_date' },
    contentColumn: 'content',
    targetColumn: 'canned_job_id',
    read: (ctx: RequestContext, jobId: string) => jobContent(ctx.db, jobId),
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
      return { id: job.id, meta: { dropped_triggers: job.dropped_triggers, matched_parts: job.matched_parts } };
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

const jobOf = (adoption: AdoptionRow) => (adoption as RowOf<typeof cannedJobTemplateAdoptions>).canned_job_id;

/** What a newer version changes in the job as it is now, and which changes the organization's own edits keep out (kept: « take whole » is offered then). */
const planOf = async (ctx: RequestContext, jobId: string, base: CannedJobContent, next: CannedJobContent) => planCannedJobUpdate(base, next, await jobContent(ctx.db, jobId));

async function offer(ctx: RequestContext, adoption: AdoptionRow) {
  const o = await offerOf(ctx, CANNED_JOB_TEMPLATES, adoption);
  const plan = o.next ? await planOf(ctx, jobOf(adoption), o.base!.content, o.next.content) : { apply: [], kept: [] };
  return { from: o.from, to: o.to, ...plan };
}

const offerMeta = offerSchema(['job', 'item', 'trigger']);

const changes = changesAction(
  'view canned jobs',
  "What taking the template's latest version would change in the job, and which changes the organization's own edits keep out",
  offerMeta,
  offer,
);

const accept = acceptAction(
  CANNED_JOB_TEMPLATES,
  'edit canned jobs',
  {
    summary:
      "Takes the template's latest version into the job (the version read: 409 when a newer one came since): the changes to what the organization left as it was; what it changed is kept, unless replace_edits is true (then the job becomes the version whole). Answers the adoption, what was applied and kept, the triggers dropped and the parts found in meta",
    meta: { ...offerMeta, ...written },
  },
  versionOptions({ replace_edits: z.boolean().nullish().meta({ description: 'true: the job becomes the version whole, the organization’s edits replaced' }) }),
  async (ctx, adoption, o, options) => {
    const jobId = jobOf(adoption);
    // The job locked first: an edit made meanwhile is seen (and kept) rather than replaced unseen.
    await ctx.db.select({ id: cannedJobs.id }).from(cannedJobs).where(eq(cannedJobs.id, jobId)).for('update');
    const { apply, kept } = await planOf(ctx, jobId, o.base.content, o.next.content);
    const cause = { type: CANNED_JOB_TEMPLATES.type, id: o.templateId };
    const replace = options.replace_edits === true;
    const job = replace ? await writeJob(ctx, adoption.organization_id, o.next.content, cause, jobId) : await applyJobChanges(ctx, adoption.organization_id, jobId, o.next.content, apply, cause);
    return {
      log: { applied: apply.length, kept: replace ? 0 : kept.length, replaced_edits: replace },
      meta: { apply, kept: replace ? [] : kept, canned_job_id: jobId, dropped_triggers: job.dropped_triggers, matched_parts: job.matched_parts },
    };
  },
);

export const cannedJobTemplateAdoptionsResource = defineResource(
  declarations['canned-job-template-adoptions'],
  adoptionsResource(cannedJobTemplateAdoptions, 'canned jobs', { cannedJobTemplate: 'canned_job_template_id', cannedJob: 'canned_job_id' }, { changes, accept, skip: skipAction(CANNED_JOB_TEMPLATES, 'edit canned jobs') }),
);
