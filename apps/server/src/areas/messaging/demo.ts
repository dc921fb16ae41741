import { textableNumber } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { customerConsents, messages } from './messaging.table.ts';

/**
 * In each organization, the customer of its first estimate with a phone consented to texts at the
 * counter, was texted the approval link and answered: a conversation to show.
 */
export async function seedDemoMessages(db: Db) {
  const rows = rowsOf<{ organization_id: string; estimation_id: string; code: string | null; customer_id: string; phone: string; creator_id: string | null }>(
    await db.execute(sql`
      SELECT DISTINCT ON (e.organization_id) e.organization_id, e.id AS estimation_id, e.code, c.id AS customer_id, c.phone, e.creator_id
        FROM estimations e JOIN customers c ON c.id = e.customer_id
       WHERE c.phone IS NOT NULL
       ORDER BY e.organization_id, e.created_at, e.id`),
  );
  for (const row of rows) {
    const contact = textableNumber(row.phone);
    if (!contact) continue;
    const about = { organization_id: row.organization_id, customer_id: row.customer_id, contact, channel: 'sms' as const };
    const [consent] = await db
      .insert(customerConsents)
      .values({ ...about, kind: 'transactional', given: true, source: 'counter', given_by_id: row.creator_id, at: sql`now() - interval '2 days'` })
      .returning({ id: customerConsents.id });
    const subject = { subject_type: 'estimations', subject_id: row.estimation_id };
    await db.insert(messages).values([
      { ...about, ...subject, direction: 'out', consent_id: consent.id, provider_sid: `SMdemo${row.estimation_id.replace(/-/g, '')}`, status: 'delivered', sent_by_id: row.creator_id, at: sql`now() - interval '1 day'`, body: `Votre estimation ${row.code ?? ''} attend votre approbation.` },
      { ...about, ...subject, direction: 'in', provider_sid: `SMdemoin${row.estimation_id.replace(/-/g, '')}`, status: 'received', at: sql`now() - interval '23 hours'`, body: 'Merci, je regarde ce soir.' },
    ]);
  }
}
