import type { Permission } from '../access/permissions.ts';

/**
 * Comments (spec §3 Comment, issue 11): a discussion attached to a record (an inspection, one of
 * its fields; estimations and repairs later), one level of replies, mentions written in the body.
 * Pure rules shared by the server (what is stored, who is notified, who may change what) and the
 * web (how a body is drawn, how a thread is ordered).
 */

/** The records a comment may be attached to (the server keeps how each is found and seen). */
export const COMMENT_OBJECT_TYPES = ['inspections', 'inspection-fields', 'estimations', 'repairs'] as const;
export type CommentObjectType = (typeof COMMENT_OBJECT_TYPES)[number];

/** Longest body, in characters: a discussion, not a report. */
export const COMMENT_MAX_LENGTH = 5000;
/** At most this many people notified by one comment (each costs a visibility check). */
export const COMMENT_MAX_MENTIONS = 20;

/**
 * A mention as stored in the body: `@[Marie Gagnon](<user id>)`. The name is what the author saw
 * when picking the person; the id is who is notified. Brackets and parentheses are kept out of the
 * name so the markup stays unambiguous.
 */
const MENTION = /@\[([^\][\n]{1,100})\]\(([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/gi;

/** The markup of a mention of this person. */
export function mentionMarkup(name: string, userId: string): string {
  const clean = name.replace(/[[\]()\n]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100) || '?';
  return `@[${clean}](${userId})`;
}

/** The ids of the people a body mentions, once each, in order of first mention (lower case). */
export function parseMentions(body: string): string[] {
  const ids: string[] = [];
  for (const m of body.matchAll(MENTION)) {
    const id = m[2].toLowerCase();
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

export type CommentSegment = { kind: 'text'; text: string } | { kind: 'mention'; name: string; userId: string };

/** A body cut into plain text and mentions, for drawing (never as HTML). */
export function commentSegments(body: string): CommentSegment[] {
  const out: CommentSegment[] = [];
  let at = 0;
  for (const m of body.matchAll(MENTION)) {
    if (m.index > at) out.push({ kind: 'text', text: body.slice(at, m.index) });
    out.push({ kind: 'mention', name: m[1], userId: m[2].toLowerCase() });
    at = m.index + m[0].length;
  }
  if (at < body.length) out.push({ kind: 'text', text: body.slice(at) });
  return out;
}

/** A body as plain text (mentions as @Name): notification excerpts, the activity log. */
export function commentPlainText(body: string): string {
  return commentSegments(body)
    .map((s) => (s.kind === 'text' ? s.text : `@${s.name}`))
    .join('');
}

/** The first characters of a body, on one line, for a notification. */
export function commentExcerpt(body: string, max = 140): string {
  const flat = commentPlainText(body).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** What decides whether someone may change a comment. */
export interface CommentActor {
  id: string;
  permissions: ReadonlySet<Permission>;
}

/**
 * Edit or delete a comment: the author may change their own (as long as they may still write
 * comments); someone else's needs "edit comments" or "delete comments". A deleted comment is
 * changed by nobody.
 */
export function mayChangeComment(actor: CommentActor, comment: { owner_id: string | null; deleted_at?: string | null }, verb: 'edit' | 'delete'): boolean {
  if (comment.deleted_at) return false;
  if (comment.owner_id === actor.id && actor.permissions.has('create comments')) return true;
  return actor.permissions.has(`${verb} comments`);
}

/** A comment as a thread orders it. */
export interface ThreadComment {
  id: string;
  reply_to_id: string | null;
  created_at: string;
  deleted_at: string | null;
}

export interface Thread<C extends ThreadComment> {
  comment: C;
  replies: C[];
}

const byTime = <C extends ThreadComment>(a: C, b: C) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1);

/**
 * Comments as threads: each top-level comment with its replies, oldest first. A deleted comment
 * stays as "comment deleted" only while replies hang on it; a reply whose comment is not in the
 * list is shown as a thread of its own rather than lost.
 */
export function buildThreads<C extends ThreadComment>(comments: readonly C[]): Thread<C>[] {
  const byId = new Map(comments.map((c) => [c.id, c]));
  // The server keeps one level; older or foreign data may nest deeper: a reply joins its top comment.
  const rootOf = (c: C): C => {
    let at = c;
    for (let hops = 0; at.reply_to_id && byId.has(at.reply_to_id) && hops < comments.length; hops++) at = byId.get(at.reply_to_id)!;
    return at;
  };
  const replies = new Map<string, C[]>();
  const roots: C[] = [];
  for (const c of comments) {
    const root = rootOf(c);
    if (root === c) roots.push(c);
    else {
      if (!replies.has(root.id)) replies.set(root.id, []);
      replies.get(root.id)!.push(c);
    }
  }
  return roots
    .sort(byTime)
    .map((comment) => ({ comment, replies: (replies.get(comment.id) ?? []).filter((r) => !r.deleted_at).sort(byTime) }))
    .filter((t) => !t.comment.deleted_at || t.replies.length > 0);
}
