import { declarations, fileNameProblem } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { toUuidArray } from '../../access/tenancy.ts';
import { rowsOf } from '../../db/client.ts';
import type { Attribute } from '../../jsonapi/attributes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Policy, type Row, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer, relationshipPointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { conflictWith, forbid } from '../../jsonapi/policies.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { checkOtherKind, folderAccess, inFolder } from './access.ts';
import { files, folders } from './files.table.ts';
import { dropFileContents } from './uploads.ts';

type FolderRow = RowOf<typeof folders>;

/** A file or folder name is one path segment (the database keeps it unique in its folder). */
export const segmentName = (a: Attribute) =>
  a.check((v) => {
    const problem = typeof v === 'string' ? fileNameProblem(v) : null;
    return problem ? { ok: false, code: `file.name_${problem}` } : { ok: true, value: typeof v === 'string' ? v.trim() : v };
  });

/** What a folder holds, everything below it counted, seen by the actor or not. */
export interface Contents {
  folders: number;
  files: number;
  /** Of those, what the actor does not see (deleting the folder would delete it unseen). */
  hidden: number;
  /** Folders below it that are system folders. */
  system: number;
}

/** The contents of each of these folders, in two statements whatever their number and depth. */
async function contentsOf(ctx: RequestContext, ids: string[]): Promise<Map<string, Contents>> {
  const out = new Map<string, Contents>(ids.map((id) => [id, { folders: 0, files: 0, hidden: 0, system: 0 }]));
  if (!ids.length) return out;
  // UNION (not ALL): a walk that met a folder twice stops there.
  const below = sql`WITH RECURSIVE below(id, top) AS (
      SELECT f.id, f.id FROM ${folders} f WHERE f.id = ANY(${toUuidArray(ids)})
      UNION SELECT c.id, b.top FROM ${folders} c JOIN below b ON c.parent_id = b.id
    )`;
  const unseen = (table: typeof folders | typeof files) => {
    const scope = ctx.registry.resource(table === folders ? 'folders' : 'files').tenancy.scope(ctx.actor, table);
    return scope ? sql`NOT coalesce(${scope}, false)` : sql`false`;
  };
  const held = rowsOf<{ top: string; folders: number; hidden: number; system: number }>(
    await ctx.db.execute(sql`${below}
      SELECT b.top::text AS top, count(*) FILTER (WHERE ${folders.id} <> b.top)::int AS folders,
        count(*) FILTER (WHERE ${folders.id} <> b.top AND ${unseen(folders)})::int AS hidden,
        count(*) FILTER (WHERE ${folders.id} <> b.top AND ${folders.system})::int AS system
      FROM below b JOIN ${folders} ON ${folders.id} = b.id GROUP BY b.top`),
  );
  const filed = rowsOf<{ top: string; files: number; hidden: number }>(
    await ctx.db.execute(sql`${below}
      SELECT b.top::text AS top, count(*)::int AS files, count(*) FILTER (WHERE ${unseen(files)})::int AS hidden
      FROM below b JOIN ${files} ON ${files.folder_id} = b.id GROUP BY b.top`),
  );
  for (const r of held) Object.assign(out.get(r.top)!, { folders: r.folders, hidden: r.hidden, system: r.system });
  for (const r of filed) {
    const c = out.get(r.top)!;
    c.files = r.files;
    c.hidden += r.hidden;
  }
  return out;
}

/** The folders above each of these (from the top), for breadcrumbs; whoever sees a folder sees those above it. */
async function pathsOf(ctx: RequestContext, rows: Row[]) {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return {};
  const found = rowsOf<{ of: string; id: string; name: string; depth: number }>(
    await ctx.db.execute(sql`WITH RECURSIVE up(of, id, depth) AS (
        SELECT f.id, f.parent_id, 1 FROM ${folders} f WHERE f.id = ANY(${toUuidArray(ids)}) AND f.parent_id IS NOT NULL
        UNION SELECT up.of, p.parent_id, up.depth + 1 FROM up JOIN ${folders} p ON p.id = up.id WHERE p.parent_id IS NOT NULL AND up.depth < 100
      )
      SELECT up.of::text AS of, up.id::text AS id, f.name, up.depth FROM up JOIN ${folders} f ON f.id = up.id ORDER BY up.of, up.depth DESC`),
  );
  const paths: Record<string, { id: string; name: string }[]> = Object.fromEntries(ids.map((id) => [id, []]));
  for (const r of found) paths[r.of].push({ id: r.id, name: r.name });
  return paths;
}

const SYSTEM = 'manage system folders' as const;
const mayManageSystem = (ctx: RequestContext) => ctx.actor.permissions.has(SYSTEM);
const systemRefusal = () => forbid('folder.system_forbidden', undefined, attributePointer('system'));

const createPolicy: Policy<[input: WriteInput]> = {
  refuses: { 403: 'A system folder is made only with “manage system folders”.' },
  check: (ctx, input) => (input.values.system === true && !mayManageSystem(ctx) ? systemRefusal() : undefined),
};

const editPolicy: Policy<[row: FolderRow, input: WriteInput]> = {
  refuses: { 403: 'A system folder (or the flag) is changed only with “manage system folders”.' },
  check(ctx, row, input) {
    const flagChanged = input.present.has('system') && input.values.system !== row.system;
    if ((row.system || flagChanged) && !mayManageSystem(ctx)) return systemRefusal();
  },
};

const deletePolicy: Policy<[row: FolderRow]> = {
  refuses: {
    403: 'A system folder, or one holding one, is deleted only with “manage system folders”.',
    409: 'The folder holds files or folders the user does not see: deleting it would delete them unseen.',
  },
  async check(ctx, row) {
    const c = (await contentsOf(ctx, [row.id])).get(row.id)!;
    if ((row.system || c.system) && !mayManageSystem(ctx)) return systemRefusal();
    if (c.hidden) return conflictWith('folder.holds_hidden', { count: c.hidden });
  },
};

/**
 * A folder moved under another must not end up below itself; moves in an organization are taken
 * one at a time (two crossed moves at once would each pass the check and make a loop).
 */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: FolderRow | null) {
  await checkOtherKind(ctx, 'folders', input, existing);
  const parent = input.values.parent_id as string | null | undefined;
  if (!existing || !input.present.has('parent') || !parent || parent === existing.parent_id) return;
  await ctx.db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`folders:${existing.organization_id}`}, 0))`);
  const loop = rowsOf(
    await ctx.db.execute(sql`WITH RECURSIVE up(id) AS (
        SELECT ${parent}::uuid UNION SELECT f.parent_id FROM ${folders} f JOIN up ON f.id = up.id WHERE f.parent_id IS NOT NULL
      ) SELECT 1 FROM up WHERE id = ${existing.id} LIMIT 1`),
  );
  if (loop.length) throw ApiError.many([{ status: 422, code: 'folder.cycle', params: { name: existing.name }, source: { pointer: relationshipPointer('parent') } }]);
}

/**
 * Folders of the file explorer (spec platform §3 Folder, §7 /folders; issue 24): a tree per
 * organization, names unique in their parent (the database's index answers a clash, even between
 * two requests at once, as a 422 naming the name), access restricted by roles and users down the
 * tree (access.ts), system folders kept for "manage system folders". Deleting a folder deletes
 * all it holds (the database's cascades); add_data=contents counts it first, for the confirmation.
 */
export const foldersResource = defineResource(declarations.folders, {
  table: folders,
  permissions: 'folders',
  tenancy: folderAccess(),
  attributes: { name: segmentName },
  relationships: {
    ...placedRelationships(),
    parent: rel.belongsTo('parent_id'),
    roles: rel.idArray('role_ids', { guard: { permission: 'manage access folders', refusal: 'folder.manage_access' } }),
    users: rel.idArray('user_ids', { guard: { permission: 'manage access folders', refusal: 'folder.manage_access' } }),
    files: rel.hasMany('folder_id', { order: 'name' }),
    subfolders: rel.hasMany('parent_id', { order: 'name' }),
  },
  filters: {
    search: filter.search(['name']),
    parent: inFolder('parent_id', 'parent'),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  uniques: { folders_parent_name_unique: { attribute: 'name', code: 'folder.name_taken' } },
  policies: { create: createPolicy, edit: editPolicy, delete: deletePolicy },
  // The files below go by the database's cascades; their stored contents with them.
  hooks: { beforeWrite, beforeDelete: (ctx, row) => dropFileContents(ctx, { folders: [row.id] }) },
  addData: {
    contents: {
      read: async (ctx, rows) => Object.fromEntries(await contentsOf(ctx, rows.map((r) => r.id))),
      description: 'By folder id: the folders and files it holds, all levels below it counted (`hidden`: those the reader does not see; `system`: system folders among them).',
    },
    path: { read: pathsOf, description: 'By folder id: the folders above it, from the top ({id, name}), for breadcrumbs.' },
  },
  notify: { label: (row) => String(row.name ?? '') },
});
