import { commentSegments, mentionMarkup } from '@atelier/domain';

/**
 * The text a person types and reads while writing a comment: mentions show as "@Marie Gagnon";
 * the body sent to the server carries them as `@[Marie Gagnon](id)` (domain: comments.ts). Pure,
 * so the composer's rules are unit-tested without a browser.
 */
export interface Person {
  id: string;
  firstname: string | null;
  lastname: string | null;
}

export interface Mention {
  name: string;
  id: string;
}

export const personName = (p: Person) => `${p.firstname ?? ''} ${p.lastname ?? ''}`.replace(/\s+/g, ' ').trim() || '?';

/** A stored body as the composer shows it, with the mentions it holds. */
export function toEditable(body: string): { text: string; mentions: Mention[] } {
  const mentions: Mention[] = [];
  const text = commentSegments(body)
    .map((s) => {
      if (s.kind === 'text') return s.text;
      if (!mentions.some((m) => m.id === s.userId && m.name === s.name)) mentions.push({ name: s.name, id: s.userId });
      return `@${s.name}`;
    })
    .join('');
  return { text, mentions };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The body to send: each "@Name" of a person picked in the composer becomes a mention (longest
 * names first, so "@Marie Gagnon" is not read as "@Marie"); a name erased from the text mentions nobody.
 */
export function toMarkup(text: string, mentions: readonly Mention[]): string {
  const named = [...new Map(mentions.map((m) => [m.name, m])).values()].sort((a, b) => b.name.length - a.name.length);
  if (!named.length) return text;
  const pattern = new RegExp(`@(${named.map((m) => escape(m.name)).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return text.replace(pattern, (_all, name: string) => mentionMarkup(name, named.find((m) => m.name === name)!.id));
}

/** The "@quer" being typed just before the caret (at the start or after a space), if any. */
export function mentionQuery(text: string, caret: number): { query: string; start: number } | null {
  const m = /(^|\s)@([^\s@[\]()]{0,30})$/u.exec(text.slice(0, caret));
  return m ? { query: m[2], start: caret - m[2].length - 1 } : null;
}

/** The text with the typed "@quer" replaced by the person's "@Name " and where the caret goes. */
export function insertMention(text: string, caret: number, start: number, name: string): { text: string; caret: number } {
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The people whose first name, last name or full name starts with what was typed (case and accents aside). */
export function matchPeople<P extends Person>(people: readonly P[], query: string, max = 8): P[] {
  const q = fold(query.trim());
  return people
    .filter((p) => {
      if (!q) return true;
      const full = fold(personName(p));
      return full.startsWith(q) || fold(p.lastname ?? '').startsWith(q) || full.split(' ').some((w) => w.startsWith(q));
    })
    .slice(0, max);
}
