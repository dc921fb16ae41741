import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { requests } from './requests.table.ts';

/** Demo requests in both organizations: assigned, draft, and one for a vehicle not in the system yet. */
export async function seedDemoRequests(db: Db) {
  const id = async (query: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await db.execute(query))[0].id;
  const garage = await id(sql`SELECT id FROM organizations WHERE name = 'Garage Démo'`);
  const riviere = await id(sql`SELECT id FROM organizations WHERE name = 'Autos Rivière'`);
  const user = (email: string) => id(sql`SELECT id FROM users WHERE email = ${email}`);
  // One after the other: the seed runs in one transaction, on one connection.
  const manager = await user('manager@atelier.test');
  const inspector = await user('inspector@atelier.test');
  const manager2 = await user('manager2@atelier.test');
  const montreal = await id(sql`SELECT id FROM locations WHERE name = 'Garage Démo Montréal'`);
  const vehicle = (vin: string, organization: string) => id(sql`SELECT id FROM vehicles WHERE vin = ${vin} AND organization_id = ${organization}`);
  const accord = await vehicle('1HGCM82633A004352', garage);
  const legend = await vehicle('JH4KA7561PC008269', riviere);
  const inTwoDays = sql`now() + interval '2 days'`;

  await db.insert(requests).values([
    {
      organization_id: garage,
      type: 'inspection',
      state: 'assigned',
      priority: 30,
      due_at: inTwoDays,
      vehicle_id: accord,
      vehicle_vin: '1HGCM82633A004352',
      vehicle_sku: 'GD-1001',
      notes: 'Inspection avant vente : bruit au freinage signalé par le client.',
      creator_id: manager,
      assigned_to_id: inspector,
      assigned_by_id: manager,
      assigned_at: sql`now()`,
      location_ids: [montreal],
    },
    {
      organization_id: garage,
      type: 'evaluation',
      state: 'draft',
      priority: 20,
      // A trade-in not in the system yet: only its VIN.
      vehicle_vin: '2HGFC2F58JH512345',
      notes: 'Évaluation d’un véhicule d’échange.',
      creator_id: manager,
    },
    {
      organization_id: riviere,
      type: 'repair',
      state: 'draft',
      priority: 10,
      vehicle_id: legend,
      vehicle_vin: 'JH4KA7561PC008269',
      vehicle_sku: 'AR-501',
      creator_id: manager2,
    },
  ]);
}
