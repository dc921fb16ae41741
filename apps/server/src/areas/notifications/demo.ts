import { isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../admin/admin.table.ts';
import { notificationSubscriptions, notifications } from './notifications.table.ts';

/** Demo data: each organization's owner follows it and has one unread notice of its creation. */
export async function seedDemoNotifications(db: Db) {
  const owned = await db
    .select({ id: organizations.id, name: organizations.name, owner: organizations.owner_id })
    .from(organizations)
    .where(isNotNull(organizations.owner_id));
  for (const org of owned) {
    const subject = { organization_id: org.id, subject_type: 'organizations', subject_id: org.id };
    const [subscription] = await db
      .insert(notificationSubscriptions)
      .values({ user_id: org.owner!, ...subject })
      .returning({ id: notificationSubscriptions.id });
    await db.insert(notifications).values({
      user_id: org.owner!,
      subscription_id: subscription.id,
      event: 'created',
      ...subject,
      data: { label: org.name, causer_name: null },
    });
  }
}
