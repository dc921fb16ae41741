import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Actor } from '../../access/actor.ts';
import { attachedRecordVisible, sqlAnd, tenancy, toUuidArray, type Tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Row, WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer } from '../../jsonapi/errors.ts';
import { column, filter } from '../../jsonapi/filters.ts';
import { files, folders } from './files.table.ts';
import { fileObjects } from './objects.ts';

// Who sees a file or a folder (spec platform §6, issue 24): besides its organization and
// locations, a file or folder restricted to roles and/or users is seen only by them, and a
// folder's restriction covers everything below it. Holders of "manage access" on the type see
// them all. A file attached to a record (a vehicle's, a repair's) is seen only by whoever sees that
// record (its type's permissions, organization and locations), access managers included. Applied in SQL as the types' tenancy scope, so lists, includes, relationship checks
// and downloads (GET /uploads/{id}/content reads the file through it) all agree.

/** A row's own restriction lets the actor in: none set, one of their roles, or them by name. */
const admits = (actor: Actor, roles: SQL, users: SQL) =>
  sql`((cardinality(${roles}) = 0 AND cardinality(${users}) = 0) OR ${roles} && ${toUuidArray(actor.roleIds)} OR ${actor.id}::uuid = ANY(${users}))`;

/**
 * The folders hidden from the actor: the restricted ones that do not let them in and every
 * folder below those (one recursive walk down from the few restricted folders).
 */
const hiddenFolders = (actor: Actor) => sql`(WITH RECURSIVE hidden(id) AS (
    SELECT r.id FROM ${folders} r
    WHERE (cardinality(r.role_ids) > 0 OR cardinality(r.user_ids) > 0)
      ${actor.organizationId ? sql`AND r.organization_id = ${actor.organizationId}` : sql``}
      AND NOT ${admits(actor, sql`r.role_ids`, sql`r.user_ids`)}
    UNION SELECT c.id FROM ${folders} c JOIN hidden h ON c.parent_id = h.id
  ) SELECT id FROM hidden)`;

/** The organization's tenancy, narrowed by the restrictions unless the actor manages access to the type. */
function restricted(subject: 'files' | 'folders', visible: (actor: Actor, table: PgTable) => SQL): Tenancy {
  const base = tenancy.organization();
  return {
    ...base,
    scope(actor, table) {
      const own = base.scope(actor, table);
      if (actor.isStaff || actor.permissions.has(`manage access ${subject}`)) return own;
      return sqlAnd(own, visible(actor, table));
    },
  };
}

/** Folders: not hidden (its own restriction and those above it). */
export const folderAccess = () => restricted('folders', (actor, table) => sql`${column(table, 'id')} NOT IN ${hiddenFolders(actor)}`);

/**
 * Files: its own restriction lets the actor in and its folder (if any) is not hidden; attached to
 * a record, that record is one the actor sees (whatever their right to manage access).
 */
export function fileAccess(): Tenancy {
  const base = restricted('files', (actor, table) => {
    const folder = column(table, 'folder_id');
    return sql`(${admits(actor, column(table, 'role_ids'), column(table, 'user_ids'))} AND (${folder} IS NULL OR ${folder} NOT IN ${hiddenFolders(actor)}))`;
  });
  return {
    ...base,
    scope(actor, table) {
      const own = base.scope(actor, table);
      if (actor.isStaff) return own;
      const record = attachedRecordVisible(actor, fileObjects(), table, 'object_type', 'object_id');
      return sqlAnd(own, sql`(${column(table, 'object_id')} IS NULL OR ${record})`);
    },
  };
}

/**
 * filter[<name>]=<ids> on the containing folder column, or `root` for what lies at the top of the
 * explorer (no folder; for files, attached to no record either: those are the record's).
 */
export const inFolder = (col: string, name: string) =>
  filter.custom((value, ctx, table) => {
    if (value !== 'root') return filter.ids(col, name).apply(value, ctx, table);
    const top = sql`${column(table, col)} IS NULL`;
    return 'object_id' in table ? sql`(${top} AND ${column(table, 'object_id')} IS NULL)` : top;
  });


/**
 * A file and a folder of the same name cannot stand in the same folder either (spec platform §5):
 * what a write would name so is refused naming the one already there. (Each type's own names are
 * kept unique by its index; this check across the two is the hook's, made under the row's lock.)
 */
export async function checkOtherKind(ctx: RequestContext, kind: 'files' | 'folders', input: WriteInput, existing: Row | null) {
  const v = { ...existing, ...input.values } as Record<string, unknown>;
  const moved = ['name', 'folder', 'parent'].some((n) => input.present.has(n));
  if ((existing && !moved) || (kind === 'files' && v.object_id)) return;
  const place = (kind === 'files' ? v.folder_id : v.parent_id) as string | null | undefined;
  const name = String(v.name);
  const other =
    kind === 'files'
      ? ctx.db.select({ id: folders.id }).from(folders).where(and(eq(folders.organization_id, String(v.organization_id)), place ? eq(folders.parent_id, place) : isNull(folders.parent_id), sql`lower(${folders.name}) = lower(${name})`))
      : ctx.db.select({ id: files.id }).from(files).where(and(eq(files.organization_id, String(v.organization_id)), place ? eq(files.folder_id, place) : and(isNull(files.folder_id), isNull(files.object_id)), sql`lower(${files.name}) = lower(${name})`));
  if ((await other.limit(1)).length)
    throw ApiError.many([{ status: 422, code: kind === 'files' ? 'folder.name_taken' : 'file.name_taken', params: { value: name }, source: { pointer: attributePointer('name') } }]);
}
