import { COMMENT_MAX_LENGTH, COMMENT_OBJECT_TYPES } from '../comments/comments.ts';
import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * A comment (spec §3 Comment, §7 /comments): attached to a record (object_type + object_id, the
 * `object` relationship reads it), written by its owner, maybe a reply to another comment of the
 * same record. Mentions are written in the body as `@[Name](user id)`; `mentionedUsers` are the
 * people it named who could be told.
 */
export const comments = declare('comments', {
  attributes: {
    object_type: attr.enum(COMMENT_OBJECT_TYPES).isRequired().isCreateOnly(),
    object_id: attr.uuid().isRequired().isCreateOnly(),
    body: attr.text().isRequired().max(COMMENT_MAX_LENGTH),
    /** When its author last changed the body (null: never edited). */
    edited_at: attr.datetime().isReadOnly(),
    /** A deleted comment that still has replies stays, without its body, as "comment deleted". */
    deleted_at: attr.datetime().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    object: rel.polymorphicOne(COMMENT_OBJECT_TYPES),
    owner: rel.toOne('users', { readOnly: true }),
    replyTo: rel.toOne('comments', { createOnly: true }),
    mentionedUsers: rel.toMany('users', { readOnly: true }),
  },
  filters: ['object_type', 'object_id', 'owner', 'replyTo'],
  sorts: ['created_at', 'updated_at'],
  defaultSort: 'created_at',
});
