import { COMMENT_MAX_MENTIONS, declarations, mayChangeComment, commentExcerpt, parseMentions } from '@atelier/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Policy, type Row, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, ValidationErrors, attributePointer, relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { allowed, conflictWith, forbid } from '../../jsonapi/policies.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { records } from '../../jsonapi/records.ts';
import { findRow } from '../../jsonapi/scope.ts';
import { users } from '../admin/admin.table.ts';
import { comments } from './comments.table.ts';
import { notifyMentions } from './mentions.ts';
import { COMMENT_OBJECTS } from './objects.ts';

type CommentRow = RowOf<typeof comments>;

/** Own comments are changed by their author; others' need "edit comments" or "delete comments". */
const changeable = (verb: 'edit' | 'delete'): Policy<[row: CommentRow]> => ({
  refuses: {
    403: `Someone else’s comment needs “${verb} comments”; one’s own, “create comments”.`,
    409: 'A deleted comment is not changed.',
  },
  check(ctx, row) {
    if (row.deleted_at) return conflictWith('comment.deleted');
    if (!mayChangeComment(ctx.actor, row, verb)) return forbid('comment.not_owner');
  },
});

/** The commented record as the actor sees it, or a 422 on object_id (an invisible record does not exist). */
async function objectOf(ctx: RequestContext, type: string, id: string): Promise<Row> {
  const object = COMMENT_OBJECTS.get(type);
  const row = object && allowed(ctx, object.resource, 'view') ? await findRow(ctx, object.resource, id).catch(notFoundAsNull) : null;
  if (!row) throw ApiError.many([{ status: 422, code: 'comment.object_not_found', source: { pointer: attributePointer('object_id') } }]);
  return row;
}

const notFoundAsNull = (err: unknown) => {
  if (err instanceof ApiError && err.status === 404) return null;
  throw err;
};

/** A new comment: its record decides its organization; a reply joins the top comment of its thread (one level). */
async function checkNew(ctx: RequestContext, input: WriteInput, errors: ValidationErrors) {
  const v = input.values;
  const object = await objectOf(ctx, String(v.object_type), String(v.object_id));
  v.organization_id = object.organization_id;
  v.owner_id = ctx.actor.id;
  if (!v.reply_to_id) return;
  // The engine found it among the comments the actor sees.
  const [parent] = await ctx.db.select().from(comments).where(eq(comments.id, String(v.reply_to_id)));
  if (parent.object_type !== v.object_type || parent.object_id !== v.object_id) errors.add(relationshipPointer('replyTo'), 'comment.reply_other_object');
  else if (parent.deleted_at) errors.add(relationshipPointer('replyTo'), 'comment.reply_deleted');
  else v.reply_to_id = parent.reply_to_id ?? parent.id;
}

/** The people a body mentions who belong to the comment's organization (the rest are plain text). */
async function mentionedUsers(ctx: RequestContext, body: string, organizationId: string, errors: ValidationErrors): Promise<string[]> {
  const ids = parseMentions(body);
  if (ids.length > COMMENT_MAX_MENTIONS) errors.add(attributePointer('body'), 'comment.too_many_mentions', { max: COMMENT_MAX_MENTIONS });
  if (!ids.length || ids.length > COMMENT_MAX_MENTIONS) return [];
  const found = await ctx.db.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), eq(users.organization_id, organizationId)));
  const known = new Set(found.map((u) => u.id));
  return ids.filter((id) => known.has(id));
}

async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: Row | null) {
  const errors = new ValidationErrors();
  if (!existing) await checkNew(ctx, input, errors);
  if (input.present.has('body')) {
    // A blank body is refused by the engine (required).
    const body = String(input.values.body ?? '');
    const organizationId = String(input.values.organization_id ?? existing?.organization_id);
    input.values.mentioned_user_ids = await mentionedUsers(ctx, body, organizationId, errors);
    if (existing && body !== existing.body) input.values.edited_at = sql`now()`;
  }
  errors.throwIfAny();
}

/**
 * Comments (spec §3, §6, §7): on any record of COMMENT_OBJECTS, seen by whoever sees that record
 * and may read comments; written by whoever may also see the record; one level of replies;
 * mentions notify. Deleting a comment that has replies keeps it as "comment deleted".
 */
export const commentsResource = defineResource(declarations.comments, {
  table: comments,
  permissions: 'comments',
  // One's own comment is changed with "create comments"; the policies refuse others' without "edit/delete comments".
  alsoGrantedBy: { edit: ['create comments'], delete: ['create comments'] },
  tenancy: tenancy.attachedTo(new Map([...COMMENT_OBJECTS].map(([type, o]) => [type, o.resource])), 'object_type', 'object_id'),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    object: rel.morphTo('object_type', 'object_id'),
    owner: rel.belongsTo('owner_id'),
    replyTo: rel.belongsTo('reply_to_id'),
    mentionedUsers: rel.idArray('mentioned_user_ids'),
  },
  filters: {
    object_type: filter.in('object_type'),
    object_id: filter.ids('object_id', 'object_id'),
    owner: filter.ids('owner_id', 'owner'),
    replyTo: filter.ids('reply_to_id', 'replyTo'),
  },
  policies: { edit: changeable('edit'), delete: changeable('delete') },
  hooks: {
    beforeWrite,
    // Mentions notify once: a person named again in an edit was told already.
    afterWrite: (ctx, row, _input, existing) => notifyMentions(ctx, row, existing?.mentioned_user_ids ?? []),
    async beforeDelete(ctx, row) {
      if (!row.reply_to_id) return;
      // The last reply under a deleted comment takes the "comment deleted" line with it (and itself, by cascade).
      const [parent] = await ctx.db.select({ deleted_at: comments.deleted_at }).from(comments).where(eq(comments.id, row.reply_to_id));
      if (!parent?.deleted_at) return;
      const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(comments).where(eq(comments.reply_to_id, row.reply_to_id));
      if (n <= 1) await records(ctx, 'comments').delete([row.reply_to_id], { cause: { type: 'comments', id: row.id } });
    },
  },
  // A comment others answered stays in its thread, without its text.
  async tombstone(ctx, row) {
    const [reply] = await ctx.db.select({ id: comments.id }).from(comments).where(eq(comments.reply_to_id, row.id)).limit(1);
    return reply ? { body: '', mentioned_user_ids: [], deleted_at: sql`now()`, updated_at: sql`now()` } : undefined;
  },
  notify: { label: (row) => commentExcerpt(row.body, 60) },
  addData: { mentionable },
});

/** The most people a mention list offers (a dealership's staff; beyond, names are typed as text). */
const MENTIONABLE_MAX = 500;

/**
 * meta.mentionable (?add_data=mentionable): the active users of the actor's organization, by name,
 * for the mention picker. Names only: writing a comment must not need "view any users" (an
 * inspector has not), and whom a mention reaches is decided when it is written.
 */
async function mentionable(ctx: RequestContext) {
  if (!ctx.actor.organizationId) return [];
  return ctx.db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(and(eq(users.organization_id, ctx.actor.organizationId), eq(users.active, true)))
    .orderBy(users.firstname, users.lastname, users.id)
    .limit(MENTIONABLE_MAX);
}
