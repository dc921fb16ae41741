import { commentExcerpt } from '@atelier/domain';
import type { Actor } from '../../access/actor.ts';
import { actorForUser } from '../../auth/tokens.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { RowOf } from '../../jsonapi/define-resource.ts';
import { grants } from '../../jsonapi/policies.ts';
import { findRow } from '../../jsonapi/scope.ts';
import { notifications } from '../notifications/notifications.table.ts';
import type { comments } from './comments.table.ts';
import { COMMENT_OBJECTS, type CommentObject } from './objects.ts';

/** Whether this user sees the record as they would through the API (their roles, organization and locations). */
async function canSee(ctx: RequestContext, user: Actor, object: CommentObject, id: string): Promise<boolean> {
  if (!grants(user, object.resource, 'view')) return false;
  return findRow({ ...ctx, actor: user }, object.resource, id).then(
    () => true,
    () => false,
  );
}

/**
 * Tells the people a comment newly mentions (not those already told, never its author): each
 * active user of its organization who may see the commented record gets a notification "mentioned"
 * about that record, with the comment's first words. In the comment's transaction.
 */
export async function notifyMentions(ctx: RequestContext, row: RowOf<typeof comments>, alreadyTold: readonly string[]) {
  const fresh = row.mentioned_user_ids.filter((id) => id !== ctx.actor.id && !alreadyTold.includes(id));
  const object = COMMENT_OBJECTS.get(row.object_type);
  if (!fresh.length || !object) return;
  const recipients: string[] = [];
  for (const id of fresh) {
    const user = await actorForUser(ctx.db, id);
    if (user && user.organizationId === row.organization_id && (await canSee(ctx, user, object, row.object_id))) recipients.push(id);
  }
  if (!recipients.length) return;
  const record = await findRow(ctx, object.resource, row.object_id);
  const summary = await object.summary(ctx, record);
  // direct write: the mentioned users' notices (infrastructure rows, as the notifier writes them)
  await ctx.db.insert(notifications).values(
    recipients.map((user) => ({
      user_id: user,
      causer_id: ctx.actor.id,
      organization_id: row.organization_id,
      event: 'mentioned',
      subject_type: row.object_type,
      subject_id: row.object_id,
      data: {
        label: summary.label,
        causer_name: `${ctx.actor.firstname} ${ctx.actor.lastname}`.trim(),
        excerpt: commentExcerpt(row.body),
        comment_id: row.id,
        page_type: summary.page.type,
        page_id: summary.page.id,
      },
      location_ids: summary.location_ids,
    })),
  );
}
