import { declarations, templateChanges } from '@atelier/domain';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type ActionDefinition, type RowOf } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { records } from '../../jsonapi/records.ts';
import { inspectionForms } from '../inspections/inspection-forms.table.ts';
import { formStructure, type FormStructure } from '../inspections/versions.ts';
import { adopt, latestVersion as latestOf, publishAction, templateKind, templatesResource, versionOf as versionOfKind, versionsResource } from './kit.ts';
import { copyVersion } from './merge.ts';
import { formTemplateAdoptions, formTemplateVersions, formTemplates } from './templates.table.ts';

// Inspection form templates a reseller publishes (issue 27). The reseller makes one from a form of
// one of its organizations (its source) and publishes that form's structure as version 1, then as a
// new version whenever it has changed; its organizations read the published templates and adopt
// them as forms of their own (form-template-adoptions.resource.ts updates them). What every kind of
// template shares is in kit.ts.

type TemplateRow = RowOf<typeof formTemplates>;

/** Inspection forms as a kind of template: versions of a source form's structure. */
export const FORM_TEMPLATES = templateKind<FormStructure>('form-templates', [formTemplates, formTemplateVersions, formTemplateAdoptions], ['source_form_id', inspectionForms, 'sourceForm'], {
  codes: { sourceRequired: 'template.source_required', sourceNotYours: 'template.source_not_yours', sourceGone: 'template.source_gone', unchanged: 'template.unchanged', upToDate: 'template.up_to_date' },
  contentColumn: 'structure',
  targetColumn: 'inspection_form_id',
  async read(ctx: RequestContext, formId: string) {
    const structure = await formStructure(ctx.db, formId);
    if (!structure.sections.length) throw new ApiError(409, 'template.source_empty');
    return structure;
  },
  changes: templateChanges,
});

/** The latest version of a form template. */
export const latestVersion = (ctx: RequestContext, templateId: string) => latestOf(ctx, FORM_TEMPLATES, templateId);

/** One version of a form template, by number. */
export const versionOf = (ctx: RequestContext, templateId: string, number: number) => versionOfKind(ctx, FORM_TEMPLATES, templateId, number);

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
  handler: (ctx, template) =>
    adopt(ctx, FORM_TEMPLATES, template, async (organizationId, version, cause) => {
      const [form] = await records(ctx, 'inspection-forms').create([{ organization_id: organizationId, name: template.name, description: template.description }], { cause });
      await copyVersion(ctx.db, { id: String(form.id), organization_id: organizationId }, version.content);
      return { id: String(form.id) };
    }),
};

/** Who reads a reseller's templates beside its own users: its organizations' users who may adopt them. */
export const organizationReaders = (subject: string) => ({ viewAny: [`view any ${subject}`], view: [`view ${subject}`, `view any ${subject}`] }) as never;

export const formTemplatesResource = defineResource(
  declarations['form-templates'],
  // An organization's users read their reseller's templates, to adopt them.
  templatesResource(FORM_TEMPLATES, 'form templates', organizationReaders('inspection forms'), { publish: publishAction(FORM_TEMPLATES, 'edit form templates', "form's structure"), adopt: adoptAction }),
);

export const formTemplateVersionsResource = versionsResource(declarations['form-template-versions'], formTemplateVersions, formTemplatesResource, FORM_TEMPLATES, 'formTemplate', 'form templates', organizationReaders('inspection forms'));
