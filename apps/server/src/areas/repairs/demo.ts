import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { itemDefaults, priceItem, storeRepairValues } from './pricing.ts';
import { repairItems, repairTimeEntries, repairs } from './repairs.table.ts';

/**
 * A work order in progress at Garage Démo on its Tesla (the other demo vehicles carry the demo
 * inspections): three items, one under warranty, with time clocked on two of them.
 */
export async function seedDemoRepairs(db: Db) {
  const id = async (query: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await db.execute(query))[0].id;
  const garage = await id(sql`SELECT id FROM organizations WHERE name = 'Garage Démo'`);
  const manager = await id(sql`SELECT id FROM users WHERE email = 'manager@atelier.test'`);
  const vehicle = await id(sql`SELECT id FROM vehicles WHERE vin = '5YJ3E1EA2KF317000' AND organization_id = ${garage}`);
  const [repair] = await db
    .insert(repairs)
    .values({
      organization_id: garage,
      state: 'in_progress',
      type: 'customer',
      department: 'Atelier mécanique',
      vehicle_id: vehicle,
      creator_id: manager,
      assigned_user_ids: [manager],
      assigned_by_id: manager,
      assigned_at: sql`now() - interval '3 hours'`,
      started_by_id: manager,
      started_at: sql`now() - interval '2 hours'`,
      holder_id: manager,
      repairer_ids: [manager],
    })
    .returning();
  const defaults = await itemDefaults(db, garage);
  const items = [
    { detail: 'Remplacer les plaquettes de frein avant', condition: 'to_replace', part: 'Plaquettes avant', part_number: 'TS-1044', quantity: '1', unit_price: 18_900, time: '1.5', repair_mode: 'internal', state: 'done' },
    { detail: 'Remplacer le bras de suspension arrière (rappel du fabricant)', condition: 'to_replace', part: 'Bras de suspension', part_number: 'TS-2210', quantity: '1', unit_price: 42_500, time: '2', repair_mode: 'warranty', state: 'in_progress' },
    { detail: 'Permutation des pneus', condition: 'to_schedule', quantity: '1', unit_price: 0, time: '0.5', repair_mode: 'internal', state: 'pending' },
  ] as const;
  const made = [];
  for (const [position, item] of items.entries()) {
    const values = { ...item, organization_id: garage, repair_id: repair.id, position, hourly_rate: defaults.hourly_rate, tax_group_id: defaults.tax_group_id };
    const [row] = await db.insert(repairItems).values({ ...values, ...(await priceItem(db, values)) }).returning();
    made.push(row);
  }
  // The brakes took 1 h 45; the suspension arm has had 30 minutes so far.
  const clocked = [
    { item: made[0], from: '2 hours', to: '15 minutes', hours: '1.75' },
    { item: made[1], from: '15 minutes', to: '0 minutes', hours: '0.25' },
    { item: made[1], from: '45 minutes', to: '30 minutes', hours: '0.25' },
  ];
  for (const c of clocked)
    await db.insert(repairTimeEntries).values({
      organization_id: garage,
      repair_id: repair.id,
      repair_item_id: c.item.id,
      user_id: manager,
      started_at: sql`now() - ${c.from}::interval`,
      ended_at: sql`now() - ${c.to}::interval`,
      hours: c.hours,
    });
  await db.execute(sql`
    UPDATE repair_items SET time_spent = (SELECT coalesce(sum(hours), 0) FROM repair_time_entries e WHERE e.repair_item_id = repair_items.id)
    WHERE repair_id = ${repair.id}`);
  await storeRepairValues(db, repair.id);
}
