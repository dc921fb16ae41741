import { attr, declare, doneBy, named, rel, timestamps, type AnyAttribute } from '../declare/declare.ts';

// What every kind of template a reseller publishes declares alike (issue 27): the template, its
// published versions, an organization's adoption. The kinds differ only in names, so each is
// declared by a builder here; a kind gives its source, its content and the record it makes.

/**
 * A template: its name and description, its latest published version's number (1 once created);
 * the reseller's, made from `source` (one of the reseller's organizations' records, whose content
 * is published), with its published `versions`.
 */
export const templateKind = <const T extends string, const SN extends string, const ST extends string, const V extends string>(type: T, source: readonly [SN, ST], versions: V) =>
  declare(type, {
    attributes: {
      name: attr.string().isRequired().max(150),
      description: attr.text().max(2000),
      /** The latest published version's number (1 once created). */
      version: attr.integer().isReadOnly(),
      ...timestamps(),
    },
    relationships: {
      reseller: rel.toOne('resellers', { createOnly: true }),
      ...named(source[0], rel.toOne(source[1], { createOnly: true })),
      versions: rel.toMany(versions, { readOnly: true }),
    },
    filters: ['search', 'reseller'],
    sorts: ['name', 'created_at', 'updated_at'],
    defaultSort: 'name',
  });

/**
 * A version of `template`: its number and what changed since the one before (`[{ kind, level, key,
 * parent, name, name_en, properties }]`), the source's `content` then, frozen once written.
 */
export const templateVersion = <const T extends string, const TN extends string, const TT extends string, C extends Record<string, AnyAttribute>>(type: T, template: readonly [TN, TT], content: C) =>
  declare(type, {
    attributes: {
      number: attr.integer().isReadOnly(),
      changes: attr.json<Record<string, unknown>[]>().isReadOnly(),
      created_at: attr.datetime().isReadOnly(),
      ...content,
    },
    relationships: { ...named(template[0], rel.toOne(template[1], { readOnly: true })), publishedBy: doneBy() },
    filters: [template[0]],
    sorts: ['number', 'created_at'],
    defaultSort: '-number',
  });

/**
 * An organization's `record` adopted from `template`: the template's version it was made from or
 * last updated to, and a later one passed on.
 */
export const templateAdoption = <const T extends string, const TN extends string, const TT extends string, const RN extends string, const RT extends string>(
  type: T,
  template: readonly [TN, TT],
  record: readonly [RN, RT],
) =>
  declare(type, {
    attributes: {
      /** The template's version the record was made from, or last updated to. */
      version: attr.integer().isReadOnly(),
      /** A later version the organization chose not to take (it is offered again when a newer one comes). */
      skipped_version: attr.integer().isReadOnly(),
      ...timestamps(),
    },
    relationships: {
      organization: rel.toOne('organizations', { readOnly: true }),
      ...named(template[0], rel.toOne(template[1], { readOnly: true })),
      ...named(record[0], rel.toOne(record[1], { readOnly: true })),
    },
    filters: [template[0], record[0]],
    sorts: ['created_at', 'updated_at'],
    defaultSort: '-created_at',
  });
