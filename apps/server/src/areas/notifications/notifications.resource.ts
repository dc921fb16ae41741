import { declarations } from '@atelier/domain';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { isUuid } from '../../jsonapi/attributes.ts';
import { metaDocument } from '../../jsonapi/openapi.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { READ_ONLY, defineResource, type ActionDefinition } from '../../jsonapi/define-resource.ts';
import { ApiError, badRequest } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { notifications } from './notifications.table.ts';

/**
 * A user's notifications: written by the notifier, read by their user only. Reading one does
 * not mark it read (GET stays safe): the client calls mark-as-read.
 */
export const notificationsResource = defineResource(declarations.notifications, {
  table: notifications,
  permissions: null,
  tenancy: tenancy.personal(),
  ...READ_ONLY,
  attributes: { read: (a) => a.isVirtual((r) => r.read_at !== null && r.read_at !== undefined) },
  relationships: {
    notifiable: rel.belongsTo('user_id'),
    causer: rel.belongsTo('causer_id'),
    subscription: rel.belongsTo('subscription_id'),
    object: rel.morphTo('subject_type', 'subject_id'),
  },
  filters: {
    unRead: filter.custom((value) => {
      if (!['true', 'false', '1', '0'].includes(value)) throw badRequest('error.invalid_filter_value', { filter: 'unRead' }, 'filter[unRead]');
      return value === 'true' || value === '1' ? isNull(notifications.read_at) : isNotNull(notifications.read_at);
    }),
    event: filter.in('event'),
    subject_type: filter.in('subject_type'),
    subject_id: filter.in('subject_id'),
  },
  actions: {
    'mark-as-read': markAction(true),
    'mark-as-unread': markAction(false),
  },
});

/** POST /notifications/mark-as-(un)read with the ids ({data:[{type,id}]} or {ids:[...]}) or {all:true}. */
function markAction(read: boolean): ActionDefinition {
  return {
    collection: true,
    permission: null,
    contract: {
      summary: `Marks one’s own notifications as ${read ? 'read' : 'unread'}: the ids ({data:[{type,id}]} or {ids:[...]}) or {all:true}`,
      body: {
        anyOf: [
          { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/linkage' } } }, required: ['data'] },
          { type: 'object', properties: { ids: { type: 'array', items: { type: 'string', format: 'uuid' } } }, required: ['ids'] },
          { type: 'object', properties: { all: { const: true } }, required: ['all'] },
        ],
      },
      response: metaDocument({ updated: { type: 'integer', minimum: 0 }, unread: { type: 'integer', minimum: 0 } }),
    },
    async handler(ctx, body) {
      const ids = idsOf(body);
      const mine = eq(notifications.user_id, ctx.actor.id);
      const rows = await ctx.db
        // direct write: the user's own notices marked read (infrastructure rows)
        .update(notifications)
        .set({ read_at: read ? sql`now()` : null })
        .where(and(mine, read ? isNull(notifications.read_at) : isNotNull(notifications.read_at), ids === 'all' ? undefined : inArray(notifications.id, ids)))
        .returning({ id: notifications.id });
      return { body: { jsonapi: { version: '1.1' }, meta: { updated: rows.length, unread: await unreadCount(ctx) } } };
    },
  };
}

function idsOf(body: unknown): string[] | 'all' {
  const b = (body ?? {}) as { all?: unknown; ids?: unknown; data?: unknown };
  const inner = (b.data && !Array.isArray(b.data) ? b.data : {}) as { all?: unknown; ids?: unknown };
  if (b.all === true || inner.all === true) return 'all';
  const list = Array.isArray(b.data) ? b.data.map((d) => (d as { id?: unknown })?.id) : Array.isArray(b.ids) ? b.ids : inner.ids;
  if (!Array.isArray(list) || list.length === 0 || list.some((id) => typeof id !== 'string' || !isUuid(id)))
    throw new ApiError(422, 'error.notification_ids', undefined, { pointer: '/data' });
  return list as string[];
}

async function unreadCount(ctx: RequestContext) {
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.user_id, ctx.actor.id), isNull(notifications.read_at)));
  return n;
}
