import { textableNumber } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { customerConsents, messages } from './messaging.table.ts';

/**
 * In each organization, a customer with a phone (the one of its first estimate, if any) consented
 * to texts at the counter, was texted and answered: a conversation to show.
 */
export async function seedDemoMessages(db: Db) {
  const rows = rowsOf<{ organization_id: string; estimation_id: string | null; code: string | null; customer_id: string; phone: string; creator_id: string | null }>(
    await db.execute(sql`
      SELECT DISTINCT ON (c.organization_id) c.organization_id, e.id AS estimation_id, e.code, c.id AS customer_id, c.phone,
             coalesce(e.creator_id, (SELECT u.id FROM users u WHERE u.organization_id = c.organization_id ORDER BY u.created_at, u.id LIMIT 1)) AS creator_id
        FROM customers c LEFT JOIN estimations e ON e.customer_id = c.id
       WHERE c.phone IS NOT NULL
       ORDER BY c.organization_id, e.id IS NULL, e.created_at, c.created_at, c.id`),
  );
  for (const row of rows) {
    const contact = textableNumber(row.phone);
    if (!contact) continue;
    const about = { organization_id: row.organization_id, customer_id: row.customer_id, contact, channel: 'sms' as const };
    const [consent] = await db
      .insert(customerConsents)
      .values({ ...about, kind: 'transactional', given: true, source: 'counter', given_by_id: row.creator_id, at: sql`now() - interval '2 days'` })
      .returning({ id: customerConsents.id });
    // A customer without an estimate (one organization's demo has none) is texted that their vehicle is ready.
    const subject = row.estimation_id ? { subject_type: 'estimations', subject_id: row.estimation_id } : {};
    const sid = (row.estimation_id ?? row.customer_id).replace(/-/g, '');
    await db.insert(messages).values([
      { ...about, ...subject, direction: 'out', consent_id: consent.id, provider_sid: `SMdemo${sid}`, status: 'delivered', sent_by_id: row.creator_id, at: sql`now() - interval '1 day'`, body: row.estimation_id ? `Votre estimation ${row.code ?? ''} attend votre approbation.` : 'Votre véhicule est prêt ; vous pouvez venir le chercher.' },
      { ...about, ...subject, direction: 'in', provider_sid: `SMdemoin${sid}`, status: 'received', at: sql`now() - interval '23 hours'`, body: 'Merci, je regarde ce soir.' },
    ]);
  }
}
