import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { makeFields } from './inspection-scoring.ts';
import { inspections } from './inspections.table.ts';
import { freezeVersion } from './versions.ts';

/** One inspection in each organization of the demo: Garage Démo's assigned to its inspector, Autos Rivière's to assign. */
export async function seedDemoInspections(db: Db) {
  const id = async (query: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await db.execute(query))[0].id;
  // One after the other: the seed runs in one transaction, on one connection.
  const garage = await id(sql`SELECT id FROM organizations WHERE name = 'Garage Démo'`);
  const riviere = await id(sql`SELECT id FROM organizations WHERE name = 'Autos Rivière'`);
  const manager = await id(sql`SELECT id FROM users WHERE email = 'manager@atelier.test'`);
  const inspector = await id(sql`SELECT id FROM users WHERE email = 'inspector@atelier.test'`);
  const manager2 = await id(sql`SELECT id FROM users WHERE email = 'manager2@atelier.test'`);
  const demos = [
    { organization: garage, vin: '1HGCM82633A004352', creator: manager, assignees: [inspector], odometer: 84_500 },
    { organization: riviere, vin: 'JH4KA7561PC008269', creator: manager2, assignees: [], odometer: 212_000 },
  ];
  for (const demo of demos) {
    const form = await id(sql`SELECT id FROM inspection_forms WHERE organization_id = ${demo.organization} ORDER BY created_at, id LIMIT 1`);
    const vehicle = await id(sql`SELECT id FROM vehicles WHERE vin = ${demo.vin} AND organization_id = ${demo.organization}`);
    const version = await freezeVersion(db, form);
    const assigned = demo.assignees.length > 0;
    const [row] = await db
      .insert(inspections)
      .values({
        organization_id: demo.organization,
        inspection_form_id: form,
        inspection_form_version_id: version.id,
        form_version: version.number,
        state: assigned ? 'assigned' : 'pending',
        vehicle_id: vehicle,
        creator_id: demo.creator,
        assigned_user_ids: demo.assignees,
        ...(assigned ? { assigned_by_id: demo.creator, assigned_at: sql`now()` } : {}),
        odometer: demo.odometer,
      })
      .returning();
    await makeFields(db, row);
  }
}
