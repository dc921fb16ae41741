import { triggerValues } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import { organizations } from '../admin/admin.table.ts';
import { inspectionFormSectionFields } from '../inspections/inspection-forms.table.ts';
import { products } from '../inventory/inventory.table.ts';
import { cannedJobItems, cannedJobTriggers, cannedJobs } from './canned-jobs.table.ts';

// The demo's canned jobs (issue 27): Garage Démo's, the jobs an advisor adds most with the inventory's
// parts, its forms' worn pads ("bad" on the pad widget) calling for the pads' job; Autos Rivière's two.

type Job = { name: string; code: string; sku?: string; lines: { detail: string; sku?: string; part?: string; unit_price?: number; quantity?: string; time?: string }[]; triggers?: { field: string; value: string }[] };

const GARAGE: Job[] = [
  {
    name: 'Plaquettes avant : remplacement',
    code: 'FREIN-AV',
    lines: [{ detail: 'Remplacer les plaquettes de frein avant', sku: 'PF-AV-HOCI', time: '1.2' }],
    triggers: [
      { field: 'Plaquettes avant', value: 'bad' },
      { field: 'Plaquette avant gauche', value: 'bad' },
      { field: 'Plaquette avant droite', value: 'bad' },
    ],
  },
  {
    name: 'Plaquettes et disques avant',
    code: 'FREIN-AV-DISQ',
    lines: [
      { detail: 'Remplacer les plaquettes de frein avant', sku: 'PF-AV-HOCI', time: '1.2' },
      { detail: 'Remplacer les disques de frein avant', sku: 'DF-AV-HOCI', quantity: '2', time: '0.8' },
    ],
  },
  { name: 'Plaquettes arrière : remplacement', code: 'FREIN-AR', lines: [{ detail: 'Remplacer les plaquettes de frein arrière', sku: 'PF-AR-HOCI', time: '1.2' }], triggers: [{ field: 'Plaquettes arrière', value: 'bad' }] },
  { name: "Vidange d'huile synthétique", code: 'VIDANGE', lines: [{ detail: "Vidange d'huile et filtre", sku: 'FH-HOCI', time: '0.5' }, { detail: 'Huile synthétique 5W-30', sku: 'HM-5W30', quantity: '4.5' }] },
  { name: 'Essuie-glaces : remplacement', code: 'ESSUIE', lines: [{ detail: 'Remplacer les balais d’essuie-glace', sku: 'BE-HOCI', time: '0.2' }] },
];

/** Autos Rivière's: free lines (its parts room is small) and its courtesy form's worn wipers. */
const RIVIERE: Job[] = [
  { name: 'Essuie-glaces : remplacement', code: 'ESSUIE', lines: [{ detail: 'Remplacer les balais d’essuie-glace', part: 'Balais d’essuie-glace (paire)', unit_price: 3995, time: '0.2' }], triggers: [{ field: 'Balais d’essuie-glace', value: 'bad' }] },
  { name: 'Batterie : remplacement', code: 'BATT', lines: [{ detail: 'Remplacer la batterie', part: 'Batterie groupe 24F', unit_price: 21900, time: '0.5' }], triggers: [{ field: 'Batterie', value: 'bad' }] },
];

export async function seedDemoCannedJobs(db: Db) {
  await seedJobs(db, 'Garage Démo', GARAGE);
  await seedJobs(db, 'Autos Rivière', RIVIERE);
}

async function seedJobs(db: Db, organization: string, jobs: Job[]) {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, organization));
  if (!org) return;
  const bySku = async (sku: string) => (await db.select({ id: products.id }).from(products).where(and(eq(products.organization_id, org.id), eq(products.sku, sku))))[0]?.id ?? null;
  const named = new Set(jobs.flatMap((j) => (j.triggers ?? []).map((t) => t.field)));
  const fields = (
    await db
      .select({ id: inspectionFormSectionFields.id, name: inspectionFormSectionFields.name, field_type: inspectionFormSectionFields.field_type, points_threshold: inspectionFormSectionFields.points_threshold })
      .from(inspectionFormSectionFields).where(eq(inspectionFormSectionFields.organization_id, org.id))
  ).filter((f) => named.has(f.name));
  for (const job of jobs) {
    const id = newId();
    await db.insert(cannedJobs).values({ id, organization_id: org.id, name: job.name, code: job.code });
    const lines = [];
    for (const [position, line] of job.lines.entries())
      lines.push({ organization_id: org.id, canned_job_id: id, position, detail: line.detail, part: line.part ?? null, unit_price: line.unit_price ?? null, product_id: line.sku ? await bySku(line.sku) : null, quantity: line.quantity ?? '1', time: line.time ?? null });
    await db.insert(cannedJobItems).values(lines);
    const triggers = (job.triggers ?? []).flatMap((t) => fields.filter((f) => f.name === t.field).map((f) => ({ field_id: f.id, value: t.value, valid: triggerValues(f).includes(t.value) })));
    // Written directly, so checked here as the API would: a demo trigger no answer can meet is a demo bug.
    const invalid = triggers.find((t) => !t.valid);
    if (invalid) throw new Error(`demo canned job "${job.name}": its field never answers "${invalid.value}"`);
    if (triggers.length) await db.insert(cannedJobTriggers).values(triggers.map((t, position) => ({ organization_id: org.id, canned_job_id: id, position, field_id: t.field_id, value: t.value })));
  }
}
