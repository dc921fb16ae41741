import { mentionMarkup } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { comments } from './comments.table.ts';

/** A short discussion on each organization's demo inspection (Garage Démo's manager asks its inspector, who answers). */
export async function seedDemoComments(db: Db) {
  const rows = rowsOf<{ id: string; organization_id: string; creator_id: string; assignee: string | null; firstname: string | null; lastname: string | null }>(
    await db.execute(sql`
      SELECT i.id, i.organization_id, i.creator_id, u.id AS assignee, u.firstname, u.lastname
        FROM inspections i LEFT JOIN users u ON u.id = i.assigned_user_ids[1]
       ORDER BY i.created_at, i.id`),
  );
  for (const inspection of rows) {
    const about = { organization_id: inspection.organization_id, object_type: 'inspections', object_id: inspection.id };
    const mention = inspection.assignee ? `${mentionMarkup(`${inspection.firstname} ${inspection.lastname}`, inspection.assignee)} ` : '';
    const [question] = await db
      .insert(comments)
      .values({ ...about, owner_id: inspection.creator_id, body: `${mention}Le client signale un bruit à l’avant gauche : vérifier les freins, svp.`, mentioned_user_ids: inspection.assignee ? [inspection.assignee] : [] })
      .returning({ id: comments.id });
    if (inspection.assignee)
      await db.insert(comments).values({ ...about, owner_id: inspection.assignee, reply_to_id: question.id, body: 'Bien noté, je regarde les plaquettes et les disques.' });
  }
}
