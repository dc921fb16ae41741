import { declarations, planTemplateUpdate, type TemplatePlan } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type ActionDefinition, type JsonSchema, type RowOf } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { isObject } from '@atelier/domain';
import { lockForm } from '../inspections/structure.ts';
import type { FormStructure } from '../inspections/versions.ts';
import { versionOf } from './form-templates.resource.ts';
import { applyChanges, keyedStructure } from './merge.ts';
import { formTemplateAdoptions, formTemplates } from './templates.table.ts';

// An organization's form adopted from a reseller's template (issue 27). When the reseller publishes
// a newer version, the organization reads what changed and what its own edits keep (GET changes),
// then takes it (accept) or passes on it (skip). Taking it is a three-way merge (the domain's
// planTemplateUpdate): nothing the organization changed in its form is overwritten.

type AdoptionRow = RowOf<typeof formTemplateAdoptions>;

/** The template's latest version beside the one the form holds, and the plan between them. */
async function offer(ctx: RequestContext, adoption: AdoptionRow): Promise<{ from: number; to: number; plan: TemplatePlan; next?: FormStructure; idOf?: Map<string, string> }> {
  const [template] = await ctx.db.select({ version: formTemplates.version }).from(formTemplates).where(eq(formTemplates.id, adoption.form_template_id));
  if (template.version <= adoption.version) return { from: adoption.version, to: adoption.version, plan: { apply: [], kept: [] } };
  const base = await versionOf(ctx, adoption.form_template_id, adoption.version);
  const next = await versionOf(ctx, adoption.form_template_id, template.version);
  const ours = await keyedStructure(ctx, adoption.inspection_form_id);
  const plan = planTemplateUpdate(base.structure, next.structure, ours.structure);
  return { from: adoption.version, to: template.version, plan, next: next.structure, idOf: ours.idOf };
}

const change: JsonSchema = {
  type: 'object',
  properties: {
    kind: { enum: ['added', 'removed', 'changed'] },
    level: { enum: ['section', 'sub-section', 'field', 'multipliers', 'notes', 'reminders'] },
    key: { type: 'string' },
    parent: { type: ['string', 'null'] },
    name: { type: 'string' },
    name_en: { type: ['string', 'null'] },
    properties: { type: 'array', items: { type: 'string' } },
    reason: { enum: ['changed_here', 'removed_here', 'parent_removed_here', 'used_here'] },
  },
};
const planMeta = {
  from: { type: 'integer' },
  to: { type: 'integer' },
  apply: { type: 'array', items: change },
  kept: { type: 'array', items: change },
} satisfies Record<string, JsonSchema>;

/** The version the user read the changes of: taking another one would apply changes they have not seen. */
function readVersion(body: unknown, to: number) {
  const data = isObject(body) && isObject(body.data) ? body.data : body;
  const version = isObject(data) ? data.version : undefined;
  if (typeof version !== 'number' || !Number.isInteger(version)) throw new ApiError(422, 'template.version_required', undefined, { pointer: '/data/version' });
  if (version !== to) throw new ApiError(409, 'template.version_moved', { version: to });
}
const versionBody: JsonSchema = { type: 'object', required: ['data'], properties: { data: { type: 'object', required: ['version'], properties: { version: { type: 'integer' } } } } };

const changesAction: ActionDefinition<AdoptionRow> = {
  method: 'GET',
  permission: 'view inspection forms',
  log: false,
  contract: { summary: "What taking the template's latest version would change in the form, and which changes the organization's own edits keep out", meta: planMeta },
  async handler(ctx, adoption) {
    const { from, to, plan } = await offer(ctx, adoption);
    return { meta: { from, to, ...plan } };
  },
};

const acceptAction: ActionDefinition<AdoptionRow> = {
  permission: 'edit inspection forms',
  contract: { summary: "Takes the template's latest version into the form (the version read: 409 when a newer one came since); the organization's own edits are kept. Answers the adoption, what was applied and kept in meta", body: versionBody, meta: planMeta },
  async handler(ctx, adoption, body) {
    const form = await lockForm(ctx.db, adoption.inspection_form_id);
    const { from, to, plan, next, idOf } = await offer(ctx, adoption);
    if (to === from) throw new ApiError(409, 'template.up_to_date', { version: from });
    readVersion(body, to);
    await applyChanges(ctx, form!, next!, plan.apply, idOf!, { type: 'form-templates', id: adoption.form_template_id });
    // direct write: the action's own record: its log entry (accept) covers it
    await ctx.db.update(formTemplateAdoptions).set({ version: to, skipped_version: null }).where(eq(formTemplateAdoptions.id, adoption.id));
    return { log: { from, to, applied: plan.apply.length, kept: plan.kept.length }, meta: { from, to, ...plan } };
  },
};

const skipAction: ActionDefinition<AdoptionRow> = {
  permission: 'edit inspection forms',
  contract: { summary: "Passes on the template's latest version (the version read); it is no longer offered until a newer one comes. Answers the adoption", body: versionBody },
  async handler(ctx, adoption, body) {
    const { from, to } = await offer(ctx, adoption);
    if (to === from) throw new ApiError(409, 'template.up_to_date', { version: from });
    readVersion(body, to);
    // direct write: the action's own record: its log entry (skip) covers it
    await ctx.db.update(formTemplateAdoptions).set({ skipped_version: to }).where(eq(formTemplateAdoptions.id, adoption.id));
    return { log: { skipped_version: to } };
  },
};

/** Adoptions are made by the template's adopt action; deleting one unlinks the form (the form stays). */
export const formTemplateAdoptionsResource = defineResource(declarations['form-template-adoptions'], {
  table: formTemplateAdoptions,
  permissions: 'inspection forms',
  tenancy: tenancy.organization(),
  operations: { create: false, update: false },
  relationships: {
    organization: rel.belongsTo('organization_id'),
    formTemplate: rel.belongsTo('form_template_id'),
    inspectionForm: rel.belongsTo('inspection_form_id'),
  },
  filters: { formTemplate: filter.ids('form_template_id', 'formTemplate'), inspectionForm: filter.ids('inspection_form_id', 'inspectionForm') },
  actions: { changes: changesAction, accept: acceptAction, skip: skipAction },
});
