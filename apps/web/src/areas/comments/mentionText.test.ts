import { describe, expect, it } from 'vitest';
import { insertMention, matchPeople, mentionQuery, toEditable, toMarkup } from './mentionText.ts';

const MARIE = '0190a0b0-0000-7000-8000-000000000001';
const MARIE_G = '0190a0b0-0000-7000-8000-000000000002';

describe('the composer’s mentions', () => {
  it.each([
    ['none', 'Bonjour', [], 'Bonjour'],
    ['one', 'Voir @Marie svp', [{ name: 'Marie', id: MARIE }], `Voir @[Marie](${MARIE}) svp`],
    ['the longest name wins', '@Marie Gagnon et @Marie', [{ name: 'Marie', id: MARIE }, { name: 'Marie Gagnon', id: MARIE_G }], `@[Marie Gagnon](${MARIE_G}) et @[Marie](${MARIE})`],
    ['a name erased mentions nobody', 'Voir Marie', [{ name: 'Marie', id: MARIE }], 'Voir Marie'],
    ['not inside a longer word', '@Mariette', [{ name: 'Marie', id: MARIE }], '@Mariette'],
    ['names with regex characters', '@Jean (J.) ok', [{ name: 'Jean (J.)', id: MARIE }], `@[Jean J.](${MARIE}) ok`],
  ])('%s', (_n, text, mentions, body) => {
    expect(toMarkup(text, mentions)).toBe(body);
  });

  it('a stored body comes back as the text typed and its mentions', () => {
    const body = `Voir @[Marie Gagnon](${MARIE_G}) et @[Marie Gagnon](${MARIE_G})`;
    const { text, mentions } = toEditable(body);
    expect(text).toBe('Voir @Marie Gagnon et @Marie Gagnon');
    expect(mentions).toEqual([{ name: 'Marie Gagnon', id: MARIE_G }]);
    expect(toMarkup(text, mentions)).toBe(body);
  });

  it.each([
    ['@', 1, { query: '', start: 0 }],
    ['Voir @Ma', 8, { query: 'Ma', start: 5 }],
    ['Voir @Ma suite', 8, { query: 'Ma', start: 5 }],
    ['a@b', 3, null],
    ['Voir @Ma rie', 12, null],
    ['Voir', 4, null],
  ])('the query typed in “%s” at %i', (text, caret, expected) => {
    expect(mentionQuery(text, caret)).toEqual(expected);
  });

  it('inserting a picked person replaces the query and puts the caret after the name', () => {
    expect(insertMention('Voir @Ma svp', 8, 5, 'Marie Gagnon')).toEqual({ text: 'Voir @Marie Gagnon  svp', caret: 19 });
  });

  it('finds people by the start of a name, without case or accents', () => {
    const people = [
      { id: '1', firstname: 'Émilie', lastname: 'Tremblay' },
      { id: '2', firstname: 'Marc', lastname: 'Émond' },
      { id: '3', firstname: 'Paul', lastname: 'Roy' },
    ];
    expect(matchPeople(people, 'emi').map((p) => p.id)).toEqual(['1']);
    expect(matchPeople(people, 'EM').map((p) => p.id)).toEqual(['1', '2']);
    expect(matchPeople(people, 'tremb').map((p) => p.id)).toEqual(['1']);
    expect(matchPeople(people, '').map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(matchPeople(people, '', 2)).toHaveLength(2);
  });
});
