import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { itemDefaults, priceItem, repairValuesOf } from './pricing.ts';
import { repairItems, repairTimeEntries, repairs } from './repairs.table.ts';

type DemoItem = Omit<typeof repairItems.$inferInsert, 'organization_id' | 'repair_id'>;

interface DemoRepair {
  organization: string;
  user: string;
  vin: string;
  state: 'in_progress' | 'completed';
  /** Who pays (a customer's e-mail); the vehicle's owner, else the organization's first customer, when not said. */
  customer?: string;
  /** How long ago a completed one was completed (a PostgreSQL interval). */
  completedAgo?: string;
  items: DemoItem[];
  /** Closed clocks: on the item at that index, from how long ago to how long ago, and their hours. */
  clocked: { item: number; from: string; to: string; hours: string }[];
}

/**
 * A work order in progress at Garage Démo on its Tesla (the other demo vehicles carry the demo
 * inspections), one item under warranty and time clocked on two; two completed on its Accord, not
 * invoiced yet (the week's figures show work, the advisor has something to invoice); a completed
 * one at Autos Rivière.
 */
export async function seedDemoRepairs(db: Db) {
  const id = async (query: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await db.execute(query))[0].id;
  const demos: DemoRepair[] = [
    {
      organization: 'Garage Démo',
      user: 'manager@atelier.test',
      vin: '5YJ3E1EA2KF317000',
      state: 'in_progress',
      items: [
        { detail: 'Remplacer les plaquettes de frein avant', condition: 'to_replace', part: 'Plaquettes avant', part_number: 'TS-1044', unit_price: 18_900, time: '1.5', state: 'done' },
        { detail: 'Remplacer le bras de suspension arrière (rappel du fabricant)', condition: 'to_replace', part: 'Bras de suspension', part_number: 'TS-2210', unit_price: 42_500, time: '2', repair_mode: 'warranty', state: 'in_progress' },
        { detail: 'Permutation des pneus', condition: 'to_schedule', unit_price: 0, time: '0.5' },
      ],
      // The brakes took 1 h 45; the suspension arm has had 30 minutes so far.
      clocked: [
        { item: 0, from: '2 hours', to: '15 minutes', hours: '1.75' },
        { item: 1, from: '45 minutes', to: '30 minutes', hours: '0.25' },
        { item: 1, from: '15 minutes', to: '0 minutes', hours: '0.25' },
      ],
    },
    {
      organization: 'Garage Démo',
      user: 'manager@atelier.test',
      vin: '1HGCM82633A004352',
      state: 'completed',
      customer: 'eric.tremblay@example.com',
      completedAgo: '1 day',
      items: [
        { detail: 'Vidange d’huile et filtre', condition: 'to_schedule', part: 'Filtre à huile', part_number: 'HO-15400', unit_price: 2_450, time: '0.5', state: 'done' },
        { detail: 'Permutation des pneus', condition: 'to_schedule', unit_price: 0, time: '0.5', state: 'done' },
      ],
      clocked: [
        { item: 0, from: '1 day 2 hours', to: '1 day 1 hour 30 minutes', hours: '0.5' },
        { item: 1, from: '1 day 1 hour 30 minutes', to: '1 day 1 hour', hours: '0.5' },
      ],
    },
    {
      organization: 'Garage Démo',
      user: 'manager@atelier.test',
      vin: '1HGCM82633A004352',
      state: 'completed',
      // The fleet's manager reads English: its invoice's link opens in English.
      customer: 'comptes@transport-laval.example.com',
      completedAgo: '3 hours',
      items: [{ detail: 'Remplacer la batterie', condition: 'to_replace', part: 'Batterie 12 V', part_number: 'HO-BAT-51R', unit_price: 18_500, time: '0.4', state: 'done' }],
      clocked: [{ item: 0, from: '4 hours', to: '3 hours 30 minutes', hours: '0.5' }],
    },
    {
      organization: 'Autos Rivière',
      user: 'manager2@atelier.test',
      vin: 'JH4KA7561PC008269',
      state: 'completed',
      items: [{ detail: 'Vidange d’huile et filtre', condition: 'to_schedule', part: 'Filtre à huile', part_number: 'AC-15400', unit_price: 2_450, time: '0.5', state: 'done' }],
      clocked: [{ item: 0, from: '3 days', to: '2 days 23 hours 20 minutes', hours: '0.6667' }],
    },
  ];
  for (const demo of demos) {
    const organization = await id(sql`SELECT id FROM organizations WHERE name = ${demo.organization}`);
    const user = await id(sql`SELECT id FROM users WHERE email = ${demo.user}`);
    const vehicle = await id(sql`SELECT id FROM vehicles WHERE vin = ${demo.vin} AND organization_id = ${organization}`);
    // Who pays: the one named, the vehicle's owner, or the organization's first customer (a completed repair is invoiced to someone).
    const customer = await id(sql`
      SELECT coalesce((SELECT id FROM customers WHERE organization_id = ${organization} AND email = ${demo.customer ?? null}),
        (SELECT customer_id FROM vehicles WHERE id = ${vehicle}),
        (SELECT id FROM customers WHERE organization_id = ${organization} ORDER BY created_at, id LIMIT 1)) AS id`);
    const done = demo.state === 'completed';
    const [repair] = await db
      .insert(repairs)
      .values({
        organization_id: organization,
        state: demo.state,
        type: 'customer',
        department: 'Atelier mécanique',
        vehicle_id: vehicle,
        customer_id: customer,
        creator_id: user,
        assigned_user_ids: [user],
        assigned_by_id: user,
        assigned_at: sql`now() - interval '4 days'`,
        started_by_id: user,
        started_at: sql`now() - interval '3 days'`,
        holder_id: done ? null : user,
        repairer_ids: [user],
        ...(done ? { ended_by_id: user, completed_by_id: user, completed_at: sql`now() - ${demo.completedAgo ?? '2 days'}::interval` } : {}),
      })
      .returning();
    const defaults = await itemDefaults(db, organization);
    const made = [];
    for (const [position, item] of demo.items.entries()) {
      const values = { ...item, organization_id: organization, repair_id: repair.id, position, hourly_rate: defaults.hourly_rate, tax_group_id: defaults.tax_group_id };
      const [row] = await db.insert(repairItems).values({ ...values, ...(await priceItem(db, values)) }).returning();
      made.push(row);
    }
    for (const c of demo.clocked)
      await db.insert(repairTimeEntries).values({
        organization_id: organization,
        repair_id: repair.id,
        repair_item_id: made[c.item].id,
        user_id: user,
        started_at: sql`now() - ${c.from}::interval`,
        ended_at: sql`now() - ${c.to}::interval`,
        hours: c.hours,
      });
    await db.execute(sql`
      UPDATE repair_items SET time_spent = (SELECT coalesce(sum(hours), 0) FROM repair_time_entries e WHERE e.repair_item_id = repair_items.id)
      WHERE repair_id = ${repair.id}`);
    // A seed writes directly: the work order's values by the items relationship's `derive`, as the engine stores them.
    const items = await db.select().from(repairItems).where(eq(repairItems.repair_id, repair.id));
    await db.update(repairs).set(await repairValuesOf(items, repair, db)).where(eq(repairs.id, repair.id));
  }
}
