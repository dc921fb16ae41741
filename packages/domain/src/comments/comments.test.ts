import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '../access/default-roles.ts';
import type { Permission } from '../access/permissions.ts';
import { buildThreads, commentExcerpt, commentPlainText, commentSegments, mayChangeComment, mentionMarkup, parseMentions, type ThreadComment } from './comments.ts';

const A = '0190a0b0-0000-7000-8000-000000000001';
const B = '0190a0b0-0000-7000-8000-000000000002';

describe('mentions', () => {
  it.each([
    ['no mention', 'Pneus usés', []],
    ['one', `Voir @[Marie Gagnon](${A}) svp`, [A]],
    ['two, repeated once', `@[Marie](${A}) et @[Paul](${B}) puis @[Marie](${A})`, [A, B]],
    ['upper-case id', `@[Marie](${A.toUpperCase()})`, [A]],
    ['not an id', '@[Marie](pas-un-id)', []],
    ['a plain @name', '@Marie regarde', []],
    ['a name across lines', `@[Ma\nrie](${A})`, []],
    ['an e-mail address', 'marie@garage.test', []],
  ])('%s', (_name, body, ids) => {
    expect(parseMentions(body)).toEqual(ids);
  });

  it('markup of any name parses back to its id and a name without brackets', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 150 }), fc.uuid(), (name, id) => {
        const markup = mentionMarkup(name, id);
        expect(parseMentions(`x ${markup} y`)).toEqual([id.toLowerCase()]);
        const mention = commentSegments(markup).find((s) => s.kind === 'mention');
        expect(mention && mention.kind === 'mention' && /[[\]()\n]/.test(mention.name)).toBe(false);
      }),
    );
  });

  it('cuts a body into text and mentions, and back to plain text', () => {
    const body = `Bonjour @[Marie](${A}), voir le pneu`;
    expect(commentSegments(body)).toEqual([
      { kind: 'text', text: 'Bonjour ' },
      { kind: 'mention', name: 'Marie', userId: A },
      { kind: 'text', text: ', voir le pneu' },
    ]);
    expect(commentPlainText(body)).toBe('Bonjour @Marie, voir le pneu');
  });

  it('segments always join back to the body', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.uuid().map((id) => mentionMarkup('X', id)))), (parts) => {
        const body = parts.join('');
        const joined = commentSegments(body)
          .map((s) => (s.kind === 'text' ? s.text : mentionMarkup(s.name, s.userId)))
          .join('');
        expect(joined.toLowerCase()).toBe(body.toLowerCase());
      }),
    );
  });

  it.each([
    ['short', 'Pneu  avant\nusé', 'Pneu avant usé'],
    ['long', 'a'.repeat(200), `${'a'.repeat(139)}…`],
  ])('excerpt of a %s body', (_n, body, excerpt) => {
    expect(commentExcerpt(body)).toBe(excerpt);
  });
});

describe('who may change a comment', () => {
  const me = 'me';
  const perms = (...names: Permission[]) => new Set(names);
  it.each([
    ['own, may write', me, perms('create comments'), 'edit', true],
    ['own, may write', me, perms('create comments'), 'delete', true],
    ['own, may no longer write', me, perms('view comments'), 'edit', false],
    ["another's, no right", 'other', perms('create comments'), 'edit', false],
    ["another's, edit comments", 'other', perms('edit comments'), 'edit', true],
    ["another's, edit comments, deleting", 'other', perms('edit comments'), 'delete', false],
    ["another's, delete comments", 'other', perms('delete comments'), 'delete', true],
    ['author gone', null, perms('create comments'), 'edit', false],
  ] as const)('%s: %s %s → %s', (_n, owner, permissions, verb, expected) => {
    expect(mayChangeComment({ id: me, permissions }, { owner_id: owner }, verb)).toBe(expected);
  });

  it('a deleted comment is changed by nobody', () => {
    expect(mayChangeComment({ id: me, permissions: perms('edit comments', 'create comments') }, { owner_id: me, deleted_at: '2026-01-01' }, 'edit')).toBe(false);
  });

  it("default roles below manager write comments but do not change others'", () => {
    for (const role of DEFAULT_ROLES.filter((r) => !['administrator', 'manager'].includes(r.key))) {
      expect(role.permissions, role.key).toContain('create comments');
      expect(role.permissions, role.key).not.toContain('edit comments');
      expect(role.permissions, role.key).not.toContain('delete comments');
    }
  });
});

describe('threads', () => {
  const c = (id: string, at: string, reply_to_id: string | null = null, deleted = false): ThreadComment => ({ id, created_at: at, reply_to_id, deleted_at: deleted ? at : null });
  it.each<[string, ThreadComment[], [string, string[]][]]>([
    ['empty', [], []],
    ['oldest first', [c('b', '2'), c('a', '1')], [['a', []], ['b', []]]],
    ['replies under their comment, oldest first', [c('r2', '4', 'a'), c('a', '1'), c('r1', '3', 'a'), c('b', '2')], [['a', ['r1', 'r2']], ['b', []]]],
    ['a deleted comment with replies stays', [c('a', '1', null, true), c('r', '2', 'a')], [['a', ['r']]]],
    ['a deleted comment without replies goes', [c('a', '1', null, true), c('b', '2')], [['b', []]]],
    ['a deleted reply goes', [c('a', '1'), c('r', '2', 'a', true)], [['a', []]]],
    ['a reply whose comment is missing stands alone', [c('r', '2', 'gone')], [['r', []]]],
  ])('%s', (_n, list, expected) => {
    expect(buildThreads(list).map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual(expected);
  });

  it('loses no live comment', () => {
    const arb = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 3 }), created_at: fc.string(), deleted: fc.boolean(), parent: fc.nat(5) }), { selector: (r) => r.id, maxLength: 12 });
    fc.assert(
      fc.property(arb, (raw) => {
        const list = raw.map((r, i) => ({ id: r.id, created_at: r.created_at, deleted_at: r.deleted ? 'x' : null, reply_to_id: i > 0 && r.parent < i ? raw[r.parent].id : null }));
        const shown = buildThreads(list).flatMap((t) => [t.comment, ...t.replies]).filter((x) => !x.deleted_at).map((x) => x.id).sort();
        expect(shown).toEqual(list.filter((x) => !x.deleted_at).map((x) => x.id).sort());
      }),
    );
  });
});
