import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { users } from '../admin/admin.table.ts';
import { recordLabel } from '../admin/record-label.ts';
import type { ActivityListener, LogProperties } from '../../jsonapi/audit.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { ResourceDefinition, Row } from '../../jsonapi/define-resource.ts';
import { rowsOf } from '../../db/client.ts';
import { causerOf } from '../../jsonapi/system.ts';
import { notificationSubscriptions, notifications } from './notifications.table.ts';

const TIMESTAMPS = new Set(['created_at', 'updated_at']);

/** Types about which nobody is notified (they are the notifications themselves). */
export const NOT_FOLLOWABLE = new Set(['notifications', 'notification-subscriptions', 'logs']);

/** A record's followers, as the notifier reads them: none for a record just created (imports create thousands: one query less each). */
function followersOf(def: ResourceDefinition, row: Row, event: string): SQL | undefined {
  if (NOT_FOLLOWABLE.has(def.type) || event === 'created') return undefined;
  const s = notificationSubscriptions;
  return sql`select ${s.id}, ${s.user_id} as "user", ${s.events} from ${s} where ${s.subject_type} = ${def.type} and ${s.subject_id} = ${String(row.id)}`;
}

/**
 * Runs after every activity-log entry, in the request's transaction (the area's `activity`
 * hook): notifies the record's followers and assignees, never the causer. A failure rolls the
 * change back with it. Its followers come read with the entry's INSERT (`read`) when it is alone.
 */
async function notify(ctx: RequestContext, def: ResourceDefinition, row: Row, event: string, properties: LogProperties, read?: Record<string, unknown>[]) {
  if (NOT_FOLLOWABLE.has(def.type)) return;
  const subjectId = String(row.id);
  const bySubject = and(eq(notificationSubscriptions.subject_type, def.type), eq(notificationSubscriptions.subject_id, subjectId));
  const query = followersOf(def, row, event);
  const followers = (read ?? (query ? rowsOf(await ctx.db.execute(query)) : [])) as Follower[];
  // A follower who chose events hears only those (a deletion ends the subscription whatever it chose).
  const heard = followers.filter((f) => !f.events || f.events.includes(event));

  // Recipient → subscription that brought them (null for an assignee).
  const recipients = new Map<string, string | null>(heard.map((f) => [f.user, f.id]));
  const assignees = [...new Set((def.notify?.assignees?.(row) ?? []).filter((id): id is string => !!id))].filter((id) => !recipients.has(id));
  if (assignees.length) {
    // Only real, active users: a stale id on a record must not break its writes.
    const found = await ctx.db.select({ id: users.id }).from(users).where(and(inArray(users.id, assignees), eq(users.active, true)));
    for (const { id } of found) recipients.set(id, null);
  }
  recipients.delete(ctx.actor.id);

  if (recipients.size) {
    const gone = event === 'deleted';
    const data = {
      label: recordLabel(def, row, ctx.locale),
      causer_name: `${ctx.actor.firstname} ${ctx.actor.lastname}`.trim(),
      ...(event === 'updated' ? { changes: Object.keys(properties.attributes ?? {}).filter((k) => !TIMESTAMPS.has(k)) } : {}),
    };
    // direct write: the notifier writes the notices (infrastructure rows)
    await ctx.db.insert(notifications).values(
      [...recipients].map(([user, subscription]) => ({
        user_id: user,
        causer_id: causerOf(ctx),
        subscription_id: gone ? null : subscription,
        organization_id: def.type === 'organizations' ? (gone ? null : subjectId) : ((row.organization_id as string | null | undefined) ?? null),
        event,
        subject_type: def.type,
        subject_id: subjectId,
        data,
        location_ids: (row.location_ids as string[] | undefined) ?? [],
      })),
    );
  }
  // Nothing is left to follow once the record is gone.
  // direct write: a deleted record's subscriptions end with it (infrastructure rows)
  if (event === 'deleted' && followers.length) await ctx.db.delete(notificationSubscriptions).where(bySubject);
}

export const notifyFollowers: ActivityListener = Object.assign(notify, { read: followersOf });

interface Follower {
  id: string;
  user: string;
  events: string[] | null;
}
