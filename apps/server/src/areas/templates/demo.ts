import { cannedJobChanges, templateChanges, type CannedJobContent } from '@atelier/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import { organizations } from '../admin/admin.table.ts';
import { cannedJobItems, cannedJobs } from '../canned-jobs/canned-jobs.table.ts';
import { inspectionForms } from '../inspections/inspection-forms.table.ts';
import { jobContent } from './canned-job-copy.ts';
import { formStructure, type FormStructure } from '../inspections/versions.ts';
import { copyVersion } from './merge.ts';
import { cannedJobTemplateAdoptions, cannedJobTemplateVersions, cannedJobTemplates, formTemplateAdoptions, formTemplateVersions, formTemplates } from './templates.table.ts';

// The demo's templates (issue 27): each reseller publishes its organization's first form and one of
// its canned jobs as templates; the organization adopted version 1, and version 2 (one field more) waits for it, so the
// offer of a newer version, what changes and what the organization's edits keep, can be seen at once.

/** The structure without the last field of its first sub-section: the template's first version. */
function withoutLastField(structure: FormStructure): FormStructure {
  const copy = structuredClone(structure);
  copy.sections[0]?.subSections[0]?.fields.pop();
  return copy;
}

async function seedTemplate(db: Db, organizationName: string, name: string, description: string) {
  const [org] = await db.select({ id: organizations.id, reseller_id: organizations.reseller_id }).from(organizations).where(eq(organizations.name, organizationName));
  if (!org?.reseller_id) return;
  const [source] = await db.select().from(inspectionForms).where(eq(inspectionForms.organization_id, org.id)).orderBy(asc(inspectionForms.created_at), asc(inspectionForms.id)).limit(1);
  if (!source) return;
  const current = await formStructure(db, source.id);
  const first = withoutLastField(current);
  const template = newId();
  await db.insert(formTemplates).values({ id: template, reseller_id: org.reseller_id, name, description, source_form_id: source.id, version: 2 });
  await db.insert(formTemplateVersions).values([
    { form_template_id: template, number: 1, structure: first, changes: [] },
    { form_template_id: template, number: 2, structure: current, changes: templateChanges(first, current) },
  ]);
  const adopted = newId();
  await db.insert(inspectionForms).values({ id: adopted, organization_id: org.id, name: `${name} (v1)`, description });
  await copyVersion(db, { id: adopted, organization_id: org.id }, first);
  await db.insert(formTemplateAdoptions).values({ organization_id: org.id, form_template_id: template, inspection_form_id: adopted, version: 1 });
}

/**
 * A canned job template of the reseller, from the organization's job `code`: version 1 had its
 * lines' labour at one hour, version 2 (the job as it is) waits for the organization's copy of 1.
 */
async function seedJobTemplate(db: Db, organizationName: string, code: string, description: string) {
  const [org] = await db.select({ id: organizations.id, reseller_id: organizations.reseller_id }).from(organizations).where(eq(organizations.name, organizationName));
  if (!org?.reseller_id) return;
  const [source] = await db.select().from(cannedJobs).where(and(eq(cannedJobs.organization_id, org.id), eq(cannedJobs.code, code)));
  if (!source) return;
  const current = await jobContent(db, source.id);
  const first: CannedJobContent = { ...current, items: current.items.map((i) => ({ ...i, time: i.time === null ? null : '1' })) };
  const template = newId();
  await db.insert(cannedJobTemplates).values({ id: template, reseller_id: org.reseller_id, name: current.name, description, source_canned_job_id: source.id, version: 2 });
  await db.insert(cannedJobTemplateVersions).values([
    { canned_job_template_id: template, number: 1, content: first, changes: [] },
    { canned_job_template_id: template, number: 2, content: current, changes: cannedJobChanges(first, current) },
  ]);
  // The organization's copy of version 1 (its triggers left out: the demo's forms are its own, not adopted).
  const adopted = newId();
  await db.insert(cannedJobs).values({ id: adopted, organization_id: org.id, name: `${current.name} (réseau)`, code: `${code}-R`, notes: first.notes });
  await db.insert(cannedJobItems).values(first.items.map((i, position) => ({ ...i, organization_id: org.id, canned_job_id: adopted, position })));
  await db.insert(cannedJobTemplateAdoptions).values({ organization_id: org.id, canned_job_template_id: template, canned_job_id: adopted, version: 1 });
}

export async function seedDemoTemplates(db: Db) {
  await seedTemplate(db, 'Garage Démo', 'Inspection du réseau', 'Le formulaire commun aux garages du Réseau Démo.');
  await seedTemplate(db, 'Autos Rivière', 'Inspection Réseau Nord', 'Le formulaire commun du Réseau Nord.');
  await seedJobTemplate(db, 'Garage Démo', 'FREIN-AV', 'Le remplacement des plaquettes avant, au temps du réseau.');
  await seedJobTemplate(db, 'Autos Rivière', 'BATT', 'La batterie remplacée, au temps du Réseau Nord.');
}
