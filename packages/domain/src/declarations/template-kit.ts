import { attr, doneBy, rel, timestamps } from '../declare/declare.ts';

// What every kind of template a reseller publishes declares alike (issue 27): the template, its
// published versions, an organization's adoption. Each kind adds its source, content and record.

/** A template: its name and description, its latest published version's number (1 once created). */
export const templateAttributes = () => ({
  name: attr.string().isRequired().max(150),
  description: attr.text().max(2000),
  /** The latest published version's number (1 once created). */
  version: attr.integer().isReadOnly(),
  ...timestamps(),
});
export const templateListing = { filters: ['search', 'reseller'], sorts: ['name', 'created_at', 'updated_at'], defaultSort: 'name' } as const;

/** A version: its number and what changed since the one before (`[{ kind, level, key, parent, name, name_en, properties }]`), frozen once written. */
export const versionAttributes = () => ({
  number: attr.integer().isReadOnly(),
  changes: attr.json<Record<string, unknown>[]>().isReadOnly(),
  created_at: attr.datetime().isReadOnly(),
});
export const versionListing = { sorts: ['number', 'created_at'], defaultSort: '-number' } as const;
export const publishedBy = () => ({ publishedBy: doneBy() });

/** An adoption: the template's version the record was made from or last updated to, and a later one passed on. */
export const adoptionAttributes = () => ({
  /** The template's version the record was made from, or last updated to. */
  version: attr.integer().isReadOnly(),
  /** A later version the organization chose not to take (it is offered again when a newer one comes). */
  skipped_version: attr.integer().isReadOnly(),
  ...timestamps(),
});
export const adoptionListing = { sorts: ['created_at', 'updated_at'], defaultSort: '-created_at' } as const;
export const adoptionOrganization = () => ({ organization: rel.toOne('organizations', { readOnly: true }) });
