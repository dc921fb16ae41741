import { declarations, planTemplateUpdate } from '@atelier/domain';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { lockForm } from '../inspections/structure.ts';
import { FORM_TEMPLATES } from './form-templates.resource.ts';
import { acceptAction, adoptionsResource, changesAction, offerOf, offerSchema, skipAction, versionOptions, type AdoptionRow } from './kit.ts';
import { applyChanges, keyedStructure } from './merge.ts';
import { formTemplateAdoptions } from './templates.table.ts';

// An organization's form adopted from a reseller's template (issue 27). When the reseller publishes
// a newer version, the organization reads what changed and what its own edits keep (GET changes),
// then takes it (accept) or passes on it (skip). Taking it is a three-way merge (the domain's
// planTemplateUpdate): nothing the organization changed in its form is overwritten.

/** The plan from the version the form holds to the template's latest. */
async function plan(ctx: RequestContext, adoption: AdoptionRow) {
  const offer = await offerOf(ctx, FORM_TEMPLATES, adoption);
  const formId = (adoption as { inspection_form_id: string }).inspection_form_id;
  if (!offer.next) return { from: offer.from, to: offer.to, plan: { apply: [], kept: [] } };
  const ours = await keyedStructure(ctx, formId);
  return { from: offer.from, to: offer.to, plan: planTemplateUpdate(offer.base!.content, offer.next.content, ours.structure), idOf: ours.idOf };
}

const planMeta = offerSchema(['section', 'sub-section', 'field', 'multipliers', 'notes', 'reminders']);

const changes = changesAction(
  'view inspection forms',
  "What taking the template's latest version would change in the form, and which changes the organization's own edits keep out",
  planMeta,
  async (ctx, adoption) => {
    const { from, to, plan: p } = await plan(ctx, adoption);
    return { from, to, ...p };
  },
);

const accept = acceptAction(
  FORM_TEMPLATES,
  'edit inspection forms',
  { summary: "Takes the template's latest version into the form (the version read: 409 when a newer one came since); the organization's own edits are kept. Answers the adoption, what was applied and kept in meta", meta: planMeta },
  versionOptions(),
  async (ctx, adoption, offer) => {
    const formId = (adoption as { inspection_form_id: string }).inspection_form_id;
    const form = await lockForm(ctx.db, formId);
    const ours = await keyedStructure(ctx, formId);
    const p = planTemplateUpdate(offer.base.content, offer.next.content, ours.structure);
    await applyChanges(ctx, form!, offer.next.content, p.apply, ours.idOf, { type: 'form-templates', id: offer.templateId });
    return { log: { applied: p.apply.length, kept: p.kept.length }, meta: { ...p } };
  },
);

/** Adoptions are made by the template's adopt action; deleting one unlinks the form (the form stays). */
export const formTemplateAdoptionsResource = defineResource(
  declarations['form-template-adoptions'],
  adoptionsResource(formTemplateAdoptions, 'inspection forms', { formTemplate: 'form_template_id', inspectionForm: 'inspection_form_id' }, { changes, accept, skip: skipAction(FORM_TEMPLATES, 'edit inspection forms') }),
);
