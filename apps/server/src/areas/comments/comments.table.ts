import { COMMENT_OBJECT_TYPES } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { index, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { at, oneOf } from '../../db/columns.ts';
import { users, tenantTable } from '../admin/admin.table.ts';

/**
 * A comment on a record (spec §3 Comment). The record is named by type and id (no foreign key:
 * it may be of several tables); a comment goes with its organization, its replies with it.
 */
export const comments = tenantTable(
  'comments',
  {
    object_type: text('object_type').notNull(),
    object_id: uuid('object_id').notNull(),
    owner_id: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    reply_to_id: uuid('reply_to_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** The text, mentions written `@[Name](user id)`; emptied when deleted with replies kept. */
    body: text('body').notNull(),
    /** Who the body mentions among the organization's users (read as `mentionedUsers`). */
    mentioned_user_ids: uuid('mentioned_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    edited_at: at('edited_at'),
    deleted_at: at('deleted_at'),
  },
  (t) => [
    // A record's thread is read by type and id, in order.
    index('comments_object_idx').on(t.object_type, t.object_id, t.created_at),
    index('comments_reply_to_idx').on(t.reply_to_id),
    index('comments_org_owner_idx').on(t.organization_id, t.owner_id),
    oneOf('comments_object_type_check', t.object_type, COMMENT_OBJECT_TYPES),
  ],
);
