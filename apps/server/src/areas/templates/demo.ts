import { templateChanges } from '@atelier/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import { organizations } from '../admin/admin.table.ts';
import { inspectionForms } from '../inspections/inspection-forms.table.ts';
import { formStructure, structureHash, type FormStructure } from '../inspections/versions.ts';
import { copyVersion } from './merge.ts';
import { formTemplateAdoptions, formTemplateVersions, formTemplates } from './templates.table.ts';

// The demo's templates (issue 27): each reseller publishes its organization's first form as a
// template; the organization adopted version 1, and version 2 (one field more) waits for it, so the
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
    { form_template_id: template, number: 1, structure: first, hash: structureHash(first), changes: [] },
    { form_template_id: template, number: 2, structure: current, hash: structureHash(current), changes: templateChanges(first, current) },
  ]);
  const adopted = newId();
  await db.insert(inspectionForms).values({ id: adopted, organization_id: org.id, name: `${name} (v1)`, description });
  await copyVersion(db, { id: adopted, organization_id: org.id }, first);
  await db.insert(formTemplateAdoptions).values({ organization_id: org.id, form_template_id: template, inspection_form_id: adopted, version: 1 });
}

export async function seedDemoTemplates(db: Db) {
  await seedTemplate(db, 'Garage Démo', 'Inspection du réseau', 'Le formulaire commun aux garages du Réseau Démo.');
  await seedTemplate(db, 'Autos Rivière', 'Inspection Réseau Nord', 'Le formulaire commun du Réseau Nord.');
}
