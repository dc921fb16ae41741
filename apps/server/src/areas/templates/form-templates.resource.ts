import { declarations, templateChanges } from '@atelier/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { READ_ONLY, defineResource, type ActionDefinition, type RowOf } from '../../jsonapi/define-resource.ts';
import { ApiError, relationshipPointer } from '../../jsonapi/errors.ts';
import { column, filter } from '../../jsonapi/filters.ts';
import { records } from '../../jsonapi/records.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { organizations } from '../admin/admin.table.ts';
import { inspectionForms } from '../inspections/inspection-forms.table.ts';
import { formStructure, structureHash, type FormStructure } from '../inspections/versions.ts';
import { requireReseller } from '../reseller/owner.ts';
import { copyVersion } from './merge.ts';
import { formTemplateVersions, formTemplates } from './templates.table.ts';

// Inspection form templates a reseller publishes (issue 27). The reseller makes one from a form of
// one of its organizations (its source) and publishes that form's structure as version 1, then as a
// new version whenever it has changed; its organizations read the published templates and adopt
// them as forms of their own (form-template-adoptions.resource.ts updates them).

type TemplateRow = RowOf<typeof formTemplates>;

/** The latest version of a template. */
export async function latestVersion(ctx: RequestContext, templateId: string) {
  const [v] = await ctx.db.select().from(formTemplateVersions).where(eq(formTemplateVersions.form_template_id, templateId)).orderBy(desc(formTemplateVersions.number)).limit(1);
  return v;
}

/** One version of a template, by number. */
export async function versionOf(ctx: RequestContext, templateId: string, number: number) {
  const [v] = await ctx.db
    .select()
    .from(formTemplateVersions)
    .where(and(eq(formTemplateVersions.form_template_id, templateId), eq(formTemplateVersions.number, number)));
  return v;
}

/** A new version of the source form's structure as it is now; 409 when it has not changed since the latest. */
async function publish(ctx: RequestContext, template: TemplateRow) {
  if (!template.source_form_id) throw new ApiError(409, 'template.source_gone');
  const structure = await formStructure(ctx.db, template.source_form_id);
  if (!structure.sections.length) throw new ApiError(409, 'template.source_empty');
  const hash = structureHash(structure);
  const latest = await latestVersion(ctx, template.id);
  if (latest?.hash === hash) throw new ApiError(409, 'template.unchanged', { version: latest.number });
  const number = (latest?.number ?? 0) + 1;
  const changes = latest ? templateChanges(latest.structure, structure) : [];
  // direct write: a template's published version, frozen once (read only; the publish action logs it)
  await ctx.db.insert(formTemplateVersions).values({ form_template_id: template.id, number, structure, hash, changes, published_by_id: ctx.actor.id });
  // direct write: the template's latest version number, kept with its new version
  await ctx.db.update(formTemplates).set({ version: number }).where(eq(formTemplates.id, template.id));
  return { number, changes: changes.length };
}

const publishAction: ActionDefinition<TemplateRow> = {
  permission: 'edit form templates',
  contract: { summary: "Publishes the source form's structure as the template's next version (409 when it has not changed since the latest); answers the template" },
  async handler(ctx, template) {
    return { log: await publish(ctx, template) };
  },
};

/**
 * POST /form-templates/{id}/adopt: the template's latest version becomes a form of the user's
 * organization (its parts keep the template's keys, so later versions can be offered), with the
 * adoption that says so. Answers the template, the new form's and adoption's ids in meta.
 */
const adoptAction: ActionDefinition<TemplateRow> = {
  permission: 'create inspection forms',
  contract: {
    summary: "Makes the template's latest version a form of the user's organization; answers the template with the new form's and adoption's ids",
    status: 201,
    meta: { inspection_form_id: { type: 'string', format: 'uuid' }, adoption_id: { type: 'string', format: 'uuid' } },
  },
  async handler(ctx, template) {
    const organizationId = ctx.actor.organizationId;
    if (!organizationId) throw new ApiError(422, 'template.adopt_in_organization');
    const version = await latestVersion(ctx, template.id);
    const structure = version.structure as FormStructure;
    const cause = { type: 'form-templates', id: template.id };
    const [form] = await records(ctx, 'inspection-forms').create([{ organization_id: organizationId, name: template.name, description: template.description }], { cause });
    await copyVersion(ctx.db, { id: String(form.id), organization_id: organizationId }, structure);
    const [adoption] = await records(ctx, 'form-template-adoptions').create(
      [{ organization_id: organizationId, form_template_id: template.id, inspection_form_id: form.id, version: version.number }],
      { cause },
    );
    return { status: 201, log: { inspection_form_id: form.id, version: version.number }, meta: { inspection_form_id: form.id, adoption_id: adoption.id } };
  },
};

export const formTemplatesResource = defineResource(declarations['form-templates'], {
  table: formTemplates,
  permissions: 'form templates',
  // An organization's users read their reseller's templates, to adopt them.
  alsoGrantedBy: { viewAny: ['view any inspection forms'], view: ['view inspection forms', 'view any inspection forms'] },
  tenancy: tenancy.reseller({ seenByOrganization: (t, org) => sql`${column(t, 'reseller_id')} = (SELECT o.reseller_id FROM organizations o WHERE o.id = ${org})` }),
  relationships: {
    reseller: rel.belongsTo('reseller_id'),
    sourceForm: rel.belongsTo('source_form_id'),
    versions: rel.hasMany('form_template_id', { order: 'number' }),
  },
  filters: { search: filter.search(['name', 'description']), reseller: filter.ids('reseller_id', 'reseller') },
  uniques: { form_templates_name_unique: { attribute: 'name', code: 'template.name_taken' } },
  hooks: {
    async beforeWrite(ctx, input, existing) {
      if (existing) return;
      requireReseller(input);
      const formId = input.values.source_form_id as string | undefined;
      if (!formId) throw ApiError.many([{ status: 422, code: 'template.source_required', source: { pointer: relationshipPointer('sourceForm') } }]);
      // The source is a form of one of the template's reseller's organizations.
      const [owner] = await ctx.db
        .select({ reseller_id: organizations.reseller_id })
        .from(inspectionForms)
        .innerJoin(organizations, eq(organizations.id, inspectionForms.organization_id))
        .where(eq(inspectionForms.id, formId));
      if (owner?.reseller_id !== input.values.reseller_id)
        throw ApiError.many([{ status: 422, code: 'template.source_not_yours', source: { pointer: relationshipPointer('sourceForm') } }]);
    },
    async afterWrite(ctx, row, _input, existing) {
      if (!existing) await publish(ctx, row as TemplateRow);
    },
  },
  actions: { publish: publishAction, adopt: adoptAction },
  notify: { label: (row) => String(row.name ?? '') },
});

export const formTemplateVersionsResource = defineResource(declarations['form-template-versions'], {
  table: formTemplateVersions,
  permissions: 'form templates',
  alsoGrantedBy: { viewAny: ['view any inspection forms'], view: ['view inspection forms', 'view any inspection forms'] },
  tenancy: tenancy.ownedBy(formTemplatesResource, 'form_template_id'),
  ...READ_ONLY,
  relationships: { formTemplate: rel.belongsTo('form_template_id'), publishedBy: rel.belongsTo('published_by_id') },
  filters: { formTemplate: filter.ids('form_template_id', 'formTemplate') },
});

