import type { FieldType } from '@atelier/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { inspectionFormSectionFields } from '../inspections/inspection-forms.table.ts';
import { inspectionFields, inspections } from '../inspections/inspections.table.ts';
import { defaultHourlyRate, defaultTaxGroup, estimationTotalColumns, itemTotalColumns } from './estimation-lines.ts';
import { deferredWork } from './deferred-work.table.ts';
import { estimationItems, estimations } from './estimations.table.ts';
import { draftItems, inspectionMultiplier } from './from-inspection.ts';

// The demo's estimate: drafted from Garage Démo's completed inspection of the Kona (demo-report.ts),
// its parts and labour priced by the estimator with Québec's taxes (the organization's default
// group, GST + QST), complete: the manager continues with the approval. Autos Rivière has one made
// directly, to assign. A vehicle of each garage has work its customer declined before.

/** The price of each finding, by the kind of field that found it (demo-report.ts's FINDINGS). */
const PRICES: Partial<Record<FieldType, Partial<typeof estimationItems.$inferInsert>>> = {
  TIRE_STATE_WIDGET: { part: 'Pneu Michelin CrossClimate2 215/60R17', part_number: 'MIC-CC2-2156017', quantity: '2', unit_price: 21_999, time: '0.8' },
  PAD_THICKNESS_WIDGET: { part: 'Plaquettes de frein avant céramique', part_number: 'HY-58101-J9A00', quantity: '1', unit_price: 8_950, time: '1.2' },
  // A windshield chip: resin and labour at a set price, no part.
  STATE_WIDGET: { part: null, part_number: null, quantity: '1', unit_price: 0, manual_labour: 8_900 },
};

/** Stores the estimate's totals from its items, by the items relationship's `derive` (the engine does it outside seeds). */
async function storeTotals(db: Db, estimationId: string) {
  const items = await db.select().from(estimationItems).where(eq(estimationItems.estimation_id, estimationId));
  const [estimation] = await db.select().from(estimations).where(eq(estimations.id, estimationId));
  await db.update(estimations).set(await estimationTotalColumns(items, estimation, db)).where(eq(estimations.id, estimationId));
}

export async function seedDemoEstimations(db: Db) {
  await seedFromInspection(db);
  await seedDirect(db);
  await seedDeferredWork(db);
}

/**
 * What a customer of each garage declined at an earlier visit, on a vehicle other than the ones the
 * demo estimates when the garage has one: suggested on that vehicle, its next request and estimate.
 */
async function seedDeferredWork(db: Db) {
  const found = rowsOf<{ organization: string; vehicle: string; customer: string | null; locations: string[] }>(
    await db.execute(sql`
      SELECT DISTINCT ON (v.organization_id) v.organization_id AS organization, v.id AS vehicle, v.customer_id AS customer, v.location_ids AS locations
      FROM vehicles v WHERE v.organization_id IN (SELECT organization_id FROM estimations)
      ORDER BY v.organization_id, EXISTS (SELECT 1 FROM estimations e WHERE e.vehicle_id = v.id), v.created_at, v.id`),
  );
  for (const f of found)
    await db.insert(deferredWork).values({
      organization_id: f.organization,
      vehicle_id: f.vehicle,
      customer_id: f.customer,
      detail: 'Balais d’essuie-glace avant — traces sur le pare-brise',
      condition: 'to_replace',
      urgency: 'soon',
      total: 5_174,
      declined_at: sql`now() - interval '75 days'`,
      location_ids: f.locations,
    });
}

async function seedFromInspection(db: Db) {
  const [found] = rowsOf<{ id: string; manager: string }>(
    await db.execute(sql`
      SELECT i.id, (SELECT id FROM users WHERE email = 'manager@atelier.test') AS manager
      FROM inspections i JOIN organizations o ON o.id = i.organization_id
      WHERE o.name = 'Garage Démo' AND i.state = 'completed' AND i.signature IS NOT NULL ORDER BY i.completed_at DESC LIMIT 1`),
  );
  if (!found) return;
  const [inspection] = await db.select().from(inspections).where(eq(inspections.id, found.id));
  const manager = found.manager;
  const [estimation] = await db
    .insert(estimations)
    .values({
      organization_id: inspection.organization_id,
      state: 'completed',
      components_status: 'done',
      times_status: 'done',
      vehicle_id: inspection.vehicle_id,
      customer_id: inspection.customer_id,
      inspection_id: inspection.id,
      creator_id: manager,
      approver_id: manager,
      estimator_ids: [manager],
      components_started_by_id: manager,
      components_ended_by_id: manager,
      times_started_by_id: manager,
      times_ended_by_id: manager,
      completed_by_id: manager,
      completed_at: sql`now() - interval '2 hours'`,
      repair_value_multiplier: await inspectionMultiplier(db, inspection),
      location_ids: inspection.location_ids,
      notes: 'Pneus d’hiver à prévoir avant le 1er décembre.',
    })
    .returning();
  // A seed writes directly (no request, no one to log): the items the engine would draft, the inspection's link.
  const drafted = await draftItems(db, estimation, inspection);
  if (drafted.length) await db.insert(estimationItems).values(drafted);
  await db.update(inspections).set({ estimation_id: estimation.id }).where(eq(inspections.id, inspection.id));
  const items = await db
    .select({ item: estimationItems, fieldType: inspectionFormSectionFields.field_type })
    .from(estimationItems)
    .leftJoin(inspectionFields, eq(inspectionFields.id, estimationItems.inspection_field_id))
    .leftJoin(inspectionFormSectionFields, eq(inspectionFormSectionFields.id, inspectionFields.field_id))
    .where(eq(estimationItems.estimation_id, estimation.id))
    .orderBy(asc(estimationItems.position));
  for (const { item, fieldType } of items) {
    const price = (fieldType && PRICES[fieldType]) || { time: '0.5' };
    const priced = { ...item, ...price };
    await db
      .update(estimationItems)
      .set({ ...price, ...(await itemTotalColumns(db, priced)) })
      .where(eq(estimationItems.id, item.id));
  }
  await storeTotals(db, estimation.id);
}

async function seedDirect(db: Db) {
  const [found] = rowsOf<{ organization: string; vehicle: string; manager: string }>(
    await db.execute(sql`
      SELECT v.organization_id AS organization, v.id AS vehicle, (SELECT id FROM users WHERE email = 'manager2@atelier.test') AS manager
      FROM vehicles v JOIN organizations o ON o.id = v.organization_id WHERE o.name = 'Autos Rivière' ORDER BY v.created_at, v.id LIMIT 1`),
  );
  if (!found) return;
  const [estimation] = await db
    .insert(estimations)
    .values({ organization_id: found.organization, vehicle_id: found.vehicle, creator_id: found.manager, notes: 'Bruit à l’avant au freinage.' })
    .returning();
  const item = {
    detail: 'Vérifier les freins avant (bruit au freinage)',
    condition: 'to_verify' as const,
    urgency: 'soon' as const,
    quantity: '1',
    unit_price: null,
    manual_labour: null,
    time: '0.5',
    warranty: false,
    hourly_rate: await defaultHourlyRate(db, found.organization),
    tax_group_id: await defaultTaxGroup(db, found.organization),
  };
  await db.insert(estimationItems).values({ ...item, organization_id: found.organization, estimation_id: estimation.id, ...(await itemTotalColumns(db, item)) });
  await storeTotals(db, estimation.id);
}
