import { type TemplateChange } from '@atelier/domain';
import { z } from 'zod';
import { optionsBody, readOptions, withMessage, type ActionOptions } from '../../jsonapi/action-options.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { READ_ONLY, defineResource, type ActionDefinition, type JsonSchema, type ResourceDefinition, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { column, filter } from '../../jsonapi/filters.ts';
import { ApiError, relationshipPointer } from '../../jsonapi/errors.ts';
import { records } from '../../jsonapi/records.ts';
import { organizations } from '../admin/admin.table.ts';
import { requireReseller } from '../reseller/owner.ts';
import type { cannedJobTemplateAdoptions, formTemplateAdoptions } from './templates.table.ts';

// What every kind of template a reseller publishes shares (issue 27): inspection forms and canned
// jobs alike are published as numbered versions of a source record's content (a new one when
// something changed, with what changed), read by the reseller's organizations, adopted as a record of
// their own with an adoption row, and a newer version offered, taken or passed on (the version read).
// A kind says its tables and columns; its resources (form-templates, canned-job-templates) use these.

type Code = ConstructorParameters<typeof ApiError>[1];
type AnyTable = PgTable & Record<string, PgColumn>;
type TemplateRow = { id: string; name: string; description: string | null; reseller_id: string; version: number };
export type AdoptionRow = RowOf<typeof formTemplateAdoptions> | RowOf<typeof cannedJobTemplateAdoptions>;
type Version<C> = { id: string; number: number; changes: TemplateChange[]; content: C };

export interface TemplateKind<C> {
  /** The JSON:API types of the templates and their adoptions (the cause of what adopting writes). */
  type: string;
  adoptionsType: string;
  templates: AnyTable;
  versions: AnyTable;
  adoptions: AnyTable;
  /** The versions' and adoptions' column naming the template. */
  templateColumn: string;
  /** The templates' column naming the source record, the source's table, and its relationship. */
  sourceColumn: string;
  sourceTable: AnyTable;
  sourceRelationship: string;
  /** The kind's words for: a template made without a source, a source not the reseller's, gone, unchanged; a record up to date. */
  codes: Record<'sourceRequired' | 'sourceNotYours' | 'sourceGone' | 'unchanged' | 'upToDate', Code>;
  /** The versions' content column. */
  contentColumn: string;
  /** The adoptions' column naming the organization's record. */
  targetColumn: string;
  /** The source's content now (409 from here when it cannot be published). */
  read(ctx: RequestContext, sourceId: string): Promise<C>;
  changes(base: C, next: C): TemplateChange[];
}

const col = (table: AnyTable, name: string) => table[name];

/**
 * A kind from its templates' type ('canned-job-templates': adoptions 'canned-job-template-adoptions',
 * template column 'canned_job_template_id'), its three tables, its source as [column, table,
 * relationship], and what differs.
 */
export function templateKind<C>(
  type: string,
  [templates, versions, adoptions]: readonly [unknown, unknown, unknown],
  [sourceColumn, sourceTable, sourceRelationship]: readonly [string, unknown, string],
  rest: Pick<TemplateKind<C>, 'codes' | 'contentColumn' | 'targetColumn' | 'read' | 'changes'>,
): TemplateKind<C> {
  const one = type.replace(/s$/, '');
  return {
    type,
    adoptionsType: `${one}-adoptions`,
    templates: templates as AnyTable,
    versions: versions as AnyTable,
    adoptions: adoptions as AnyTable,
    templateColumn: `${one.replace(/-/g, '_')}_id`,
    sourceColumn,
    sourceTable: sourceTable as AnyTable,
    sourceRelationship,
    ...rest,
  };
}
const asVersion = <C>(kind: TemplateKind<C>, row: Record<string, unknown> | undefined): Version<C> | undefined =>
  row && ({ ...row, content: row[kind.contentColumn] } as Version<C>);

/** The latest version of a template. */
export async function latestVersion<C>(ctx: RequestContext, kind: TemplateKind<C>, templateId: string) {
  const [v] = await ctx.db.select().from(kind.versions).where(eq(col(kind.versions, kind.templateColumn), templateId)).orderBy(desc(col(kind.versions, 'number'))).limit(1);
  return asVersion(kind, v);
}

/** One version of a template, by number. */
export async function versionOf<C>(ctx: RequestContext, kind: TemplateKind<C>, templateId: string, number: number) {
  const [v] = await ctx.db
    .select()
    .from(kind.versions)
    .where(and(eq(col(kind.versions, kind.templateColumn), templateId), eq(col(kind.versions, 'number'), number)));
  return asVersion(kind, v);
}

/** The reseller of the organization whose record the source is (undefined: no such record). */
async function sourceReseller<C>(ctx: RequestContext, kind: TemplateKind<C>, sourceId: string) {
  const [owner] = await ctx.db
    .select({ reseller_id: organizations.reseller_id })
    .from(kind.sourceTable)
    .innerJoin(organizations, eq(organizations.id, col(kind.sourceTable, 'organization_id')))
    .where(eq(col(kind.sourceTable, 'id'), sourceId));
  return owner?.reseller_id;
}

/** A new version of the source's content as it is now; 409 when it has not changed since the latest. */
export async function publish<C>(ctx: RequestContext, kind: TemplateKind<C>, template: TemplateRow) {
  const sourceId = (template as Record<string, unknown>)[kind.sourceColumn] as string | null;
  if (!sourceId) throw new ApiError(409, kind.codes.sourceGone);
  // The source stays one of the reseller's organizations' (staff may move an organization to another reseller).
  if ((await sourceReseller(ctx, kind, sourceId)) !== template.reseller_id) throw new ApiError(409, kind.codes.sourceNotYours);
  const content = await kind.read(ctx, sourceId);
  const latest = await latestVersion(ctx, kind, template.id);
  const changes = latest ? kind.changes(latest.content, content) : [];
  // Nothing the changes name (a reminder recreated with a new id, a line's case): no version to offer.
  if (latest && !changes.length) throw new ApiError(409, kind.codes.unchanged, { version: latest.number });
  const number = (latest?.number ?? 0) + 1;
  const values = { [kind.templateColumn]: template.id, number, [kind.contentColumn]: content, changes, published_by_id: ctx.actor.id };
  // direct write: a template's published version, frozen once (read only; the publish action logs it)
  await ctx.db.insert(kind.versions).values(values as never);
  // direct write: the template's latest version number, kept with its new version
  await ctx.db.update(kind.templates).set({ version: number } as never).where(eq(col(kind.templates, 'id'), template.id));
  return { number, changes: changes.length };
}

/** POST /{templates}/{id}/publish. */
export const publishAction = <C>(kind: TemplateKind<C>, permission: string, source: string): ActionDefinition<TemplateRow> => ({
  permission: permission as never,
  contract: { summary: `Publishes the source ${source} as the template's next version (409 when it has not changed since the latest); answers the template` },
  async handler(ctx, template) {
    return { log: await publish(ctx, kind, template) };
  },
});

/**
 * A new template's hooks: its reseller, and a source that is a record of one of that reseller's
 * organizations; version 1 published once it is written.
 */
export function templateHooks<C>(kind: TemplateKind<C>): NonNullable<ResourceDefinition['hooks']> {
  const pointer = relationshipPointer(kind.sourceRelationship);
  return {
    async beforeWrite(ctx: RequestContext, input: WriteInput, existing: unknown) {
      if (existing) return;
      requireReseller(input);
      const sourceId = input.values[kind.sourceColumn] as string | undefined;
      if (!sourceId) throw ApiError.many([{ status: 422, code: kind.codes.sourceRequired, source: { pointer } }]);
      if ((await sourceReseller(ctx, kind, sourceId)) !== input.values.reseller_id) throw ApiError.many([{ status: 422, code: kind.codes.sourceNotYours, source: { pointer } }]);
    },
    async afterWrite(ctx: RequestContext, row: unknown, _input: WriteInput, existing: unknown) {
      if (!existing) await publish(ctx, kind, row as TemplateRow);
    },
  } as never;
}

/** A reseller's templates: its own, and for an organization's users, their reseller's (to adopt them). */
export const templateTenancy = () =>
  tenancy.reseller({ seenByOrganization: (t, org) => sql`${column(t, 'reseller_id')} = (SELECT o.reseller_id FROM organizations o WHERE o.id = ${org})` });

/**
 * Adopts the template's latest version: `copy` makes the organization's record of it, then the
 * adoption that links them. Answers 201 with the record's and the adoption's ids in meta.
 */
export async function adopt<C>(
  ctx: RequestContext,
  kind: TemplateKind<C>,
  template: TemplateRow,
  copy: (organizationId: string, version: Version<C>, cause: { type: string; id: string }) => Promise<{ id: string; meta?: Record<string, unknown> }>,
) {
  const organizationId = ctx.actor.organizationId;
  if (!organizationId) throw new ApiError(422, 'template.adopt_in_organization');
  const version = (await latestVersion(ctx, kind, template.id))!;
  const cause = { type: kind.type, id: template.id };
  const made = await copy(organizationId, version, cause);
  const [adoption] = await records(ctx, kind.adoptionsType).create(
    [{ organization_id: organizationId, [kind.templateColumn]: template.id, [kind.targetColumn]: made.id, version: version.number }],
    { cause },
  );
  return { status: 201, log: { [kind.targetColumn]: made.id, version: version.number }, meta: { [kind.targetColumn]: made.id, adoption_id: adoption.id, ...made.meta } };
}

/** The template's latest version beside the one the adoption holds (no `next` when it is up to date). */
export async function offerOf<C>(ctx: RequestContext, kind: TemplateKind<C>, adoption: AdoptionRow) {
  const templateId = (adoption as Record<string, unknown>)[kind.templateColumn] as string;
  const [template] = await ctx.db.select({ version: col(kind.templates, 'version') }).from(kind.templates).where(eq(col(kind.templates, 'id'), templateId));
  const to = template.version as number;
  if (to <= adoption.version) return { templateId, from: adoption.version, to: adoption.version };
  const base = (await versionOf(ctx, kind, templateId, adoption.version))!;
  const next = (await versionOf(ctx, kind, templateId, to))!;
  return { templateId, from: adoption.version, to, base, next };
}

/** The options of accept and skip: the version the user read (taking another one would apply changes they have not seen), and a kind's own. */
export const versionOptions = <S extends z.ZodRawShape>(extra: S = {} as S) =>
  z.object({ version: withMessage(z.int(), 'template.version_required').meta({ description: 'The version read (the offered one: 409 when a newer one came since)' }), ...extra });

const VERSION_OPTIONS = versionOptions();

/** The options the body gives, the version read checked against the one offered (409 when it moved). */
export function readVersion<S extends ActionOptions>(schema: S, body: unknown, to: number): z.infer<S> {
  const options = readOptions(schema, body);
  if (options.version !== to) throw new ApiError(409, 'template.version_moved', { version: to });
  return options;
}

/**
 * What taking a template's version would do, as the contract says it (`levels`: the kind's parts):
 * the versions from and to, the changes applied and those the organization's own edits keep out.
 */
export const offerSchema = (levels: readonly string[]) => {
  const change: JsonSchema = {
    type: 'object',
    properties: {
      kind: { enum: ['added', 'removed', 'changed'] },
      level: { enum: [...levels] },
      key: { type: 'string' },
      parent: { type: ['string', 'null'] },
      name: { type: 'string' },
      name_en: { type: ['string', 'null'] },
      properties: { type: 'array', items: { type: 'string' } },
      reason: { enum: ['changed_here', 'removed_here', 'parent_removed_here', 'used_here'] },
    },
  };
  return {
    from: { type: 'integer' },
    to: { type: 'integer' },
    apply: { type: 'array', items: change },
    kept: { type: 'array', items: change },
  } satisfies Record<string, JsonSchema>;
};

/**
 * POST /{adoptions}/{id}/accept: the offered version read, `take` writes it into the
 * organization's record; the adoption then holds it. Answers the adoption, `take`'s meta.
 */
export function acceptAction<C, S extends ActionOptions>(
  kind: TemplateKind<C>,
  permission: string,
  contract: { summary: string; meta: Record<string, JsonSchema> },
  options: S,
  take: (ctx: RequestContext, adoption: AdoptionRow, offer: { from: number; to: number; base: Version<C>; next: Version<C>; templateId: string }, options: z.infer<S>) => Promise<{ log: Record<string, unknown>; meta: Record<string, unknown> }>,
): ActionDefinition<AdoptionRow> {
  return {
    permission: permission as never,
    contract: { summary: contract.summary, body: optionsBody(options), meta: contract.meta },
    async handler(ctx, adoption, body) {
      const offer = await offerOf(ctx, kind, adoption);
      if (!offer.next) throw new ApiError(409, kind.codes.upToDate, { version: offer.from });
      const done = await take(ctx, adoption, { ...offer, base: offer.base!, next: offer.next }, readVersion(options, body, offer.to));
      // direct write: the action's own record: its log entry (accept) covers it
      await ctx.db.update(kind.adoptions).set({ version: offer.to, skipped_version: null } as never).where(eq(col(kind.adoptions, 'id'), adoption.id));
      return { log: { from: offer.from, to: offer.to, ...done.log }, meta: { from: offer.from, to: offer.to, ...done.meta } };
    },
  };
}

/** POST /{adoptions}/{id}/skip: passes on the version read; it is not offered again until a newer one comes. */
export const skipAction = <C>(kind: TemplateKind<C>, permission: string): ActionDefinition<AdoptionRow> => ({
  permission: permission as never,
  contract: { summary: "Passes on the template's latest version (the version read); it is no longer offered until a newer one comes. Answers the adoption", body: optionsBody(VERSION_OPTIONS) },
  async handler(ctx, adoption, body) {
    const { from, to } = await offerOf(ctx, kind, adoption);
    if (to === from) throw new ApiError(409, kind.codes.upToDate, { version: from });
    readVersion(VERSION_OPTIONS, body, to);
    // direct write: the action's own record: its log entry (skip) covers it
    await ctx.db.update(kind.adoptions).set({ skipped_version: to } as never).where(eq(col(kind.adoptions, 'id'), adoption.id));
    return { log: { skipped_version: to } };
  },
});

/** A kind's versions, read only, seen by whoever sees their template (`relationship`: the template's name on them). */
export const versionsResource = <C>(declaration: Parameters<typeof defineResource>[0], table: PgTable, templates: Parameters<typeof tenancy.ownedBy>[0], kind: TemplateKind<C>, relationship: string, permissions: string, readers: never) =>
  defineResource(declaration, {
    table,
    permissions,
    alsoGrantedBy: readers,
    tenancy: tenancy.ownedBy(templates, kind.templateColumn),
    ...READ_ONLY,
    relationships: { [relationship]: rel.belongsTo(kind.templateColumn), publishedBy: rel.belongsTo('published_by_id') },
    filters: { [relationship]: filter.ids(kind.templateColumn, relationship) },
  } as never);

/**
 * An adoptions resource's definition: the organization's, made by the template's adopt action
 * (deleting one unlinks the record, which stays). `links`: its template's and record's
 * relationships by their columns, each a filter too.
 */
export function adoptionsResource(table: PgTable, permissions: string, links: Record<string, string>, actions: Record<string, ActionDefinition<AdoptionRow>>) {
  return {
    table,
    permissions,
    tenancy: tenancy.organization(),
    operations: { create: false, update: false },
    relationships: { organization: rel.belongsTo('organization_id'), ...Object.fromEntries(Object.entries(links).map(([name, c]) => [name, rel.belongsTo(c)])) },
    filters: Object.fromEntries(Object.entries(links).map(([name, c]) => [name, filter.ids(c, name)])),
    actions,
  } as never;
}

/**
 * A templates resource's definition: the reseller's, read by its organizations' `readers` (to
 * adopt them); its source, its versions, its name unique per reseller; version 1 published on create.
 */
export function templatesResource<C>(kind: TemplateKind<C>, permissions: string, readers: never, actions: Record<string, ActionDefinition<TemplateRow>>) {
  return {
    table: kind.templates,
    permissions,
    alsoGrantedBy: readers,
    tenancy: templateTenancy(),
    relationships: {
      reseller: rel.belongsTo('reseller_id'),
      [kind.sourceRelationship]: rel.belongsTo(kind.sourceColumn),
      versions: rel.hasMany(kind.templateColumn, { order: 'number' }),
    },
    filters: { search: filter.search(['name', 'description']), reseller: filter.ids('reseller_id', 'reseller') },
    uniques: { [`${kind.type.replace(/-/g, '_')}_name_unique`]: { attribute: 'name', code: 'template.name_taken' } },
    hooks: templateHooks(kind),
    actions,
    notify: { label: (row: Record<string, unknown>) => String(row.name ?? '') },
  } as never;
}

/** GET /{adoptions}/{id}/changes: what taking the latest version would do (`offer`), nothing written. */
export const changesAction = (permission: string, summary: string, meta: Record<string, JsonSchema>, offer: (ctx: RequestContext, adoption: AdoptionRow) => Promise<Record<string, unknown>>): ActionDefinition<AdoptionRow> => ({
  method: 'GET',
  permission: permission as never,
  log: false,
  contract: { summary, meta },
  handler: async (ctx, adoption) => ({ meta: await offer(ctx, adoption) }),
});
