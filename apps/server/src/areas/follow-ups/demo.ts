import { customerName, textableNumber } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { options } from '../admin/admin.table.ts';
import { deferredWork } from '../estimations/deferred-work.table.ts';
import { messages } from '../messaging/messaging.table.ts';
import { followUps } from './follow-ups.table.ts';
import { newFollowUpToken } from './runner.ts';

/**
 * In each organization with vehicles: follow-ups turned on (30 and 90 days), and a declined job
 * (the garage's deferred work, or one made on its first vehicle) followed up once 45 days ago by
 * e-mail (or text), its second follow-up scheduled in 15 days.
 */
export async function seedDemoFollowUps(db: Db) {
  const found = rowsOf<{ organization: string; vehicle: string; customer: string | null; locations: string[] }>(
    await db.execute(sql`
      SELECT DISTINCT ON (v.organization_id) v.organization_id AS organization, v.id AS vehicle,
             coalesce(v.customer_id, (SELECT c.id FROM customers c WHERE c.organization_id = v.organization_id ORDER BY c.created_at, c.id LIMIT 1)) AS customer,
             v.location_ids AS locations
        FROM vehicles v
       ORDER BY v.organization_id, NOT EXISTS (SELECT 1 FROM deferred_work w WHERE w.vehicle_id = v.id AND w.state = 'open'), v.created_at, v.id`),
  );
  for (const f of found) {
    await db
      .update(options)
      .set({ value: true })
      .where(sql`${options.organization_id} = ${f.organization} AND ${options.name} = 'estimations.follow_ups_enabled'`);
    let [work] = rowsOf<{ id: string; customer_id: string | null; detail: string }>(
      await db.execute(sql`SELECT id, customer_id, detail FROM deferred_work WHERE vehicle_id = ${f.vehicle} AND state = 'open' ORDER BY declined_at LIMIT 1`),
    );
    if (!work) {
      [work] = await db
        .insert(deferredWork)
        .values({
          organization_id: f.organization,
          vehicle_id: f.vehicle,
          customer_id: f.customer,
          detail: 'Pneus d’hiver — usure à 4/32 po',
          condition: 'to_replace',
          urgency: 'soon',
          total: 84_900,
          declined_at: sql`now() - interval '75 days'`,
          location_ids: f.locations,
        })
        .returning({ id: deferredWork.id, customer_id: deferredWork.customer_id, detail: deferredWork.detail });
    }
    const customerId = work.customer_id ?? f.customer;
    const [customer] = customerId ? rowsOf<{ id: string; email: string | null; phone: string | null; firstname: string | null; lastname: string | null; company_name: string | null; type: string | null }>(await db.execute(sql`SELECT * FROM customers WHERE id = ${customerId}`)) : [];
    const phone = textableNumber(customer?.phone);
    const channel = customer?.email ? ('email' as const) : phone ? ('sms' as const) : null;
    const contact = channel === 'email' ? customer!.email! : phone;
    let messageId: string | null = null;
    if (customer && channel && contact) {
      [{ id: messageId }] = await db
        .insert(messages)
        .values({
          organization_id: f.organization,
          channel,
          direction: 'out',
          customer_id: customer.id,
          contact,
          body: `Bonjour ${customerName(customer)}, lors de votre visite, nous avions recommandé : ${work.detail}.`,
          status: channel === 'email' ? 'queued' : 'delivered',
          at: sql`now() - interval '45 days'`,
        })
        .returning({ id: messages.id });
    }
    const base = { organization_id: f.organization, deferred_work_id: work.id, vehicle_id: f.vehicle, customer_id: customerId, location_ids: f.locations };
    await db
      .insert(followUps)
      .values([
        messageId
          ? { ...base, step: 1, due_at: sql`now() - interval '45 days'`, status: 'sent' as const, channel, contact, message_id: messageId, done_at: sql`now() - interval '45 days'`, token: newFollowUpToken() }
          : { ...base, step: 1, due_at: sql`now() - interval '45 days'`, status: 'skipped' as const, reason: 'no_consent' as const, done_at: sql`now() - interval '45 days'`, token: newFollowUpToken() },
        { ...base, step: 2, due_at: sql`now() + interval '15 days'`, token: newFollowUpToken() },
      ])
      .onConflictDoNothing();
  }
}
