import { declarations } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ValidationErrors, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { placedRelationships, rel } from '../../jsonapi/relationships.ts';
import { records } from '../../jsonapi/records.ts';
import { uploadIdOf } from '../../jsonapi/write.ts';
import { findVisible } from '../../jsonapi/scope.ts';
import { checkOtherKind, fileAccess, inFolder } from './access.ts';
import { files, uploads } from './files.table.ts';
import { segmentName } from './folders.resource.ts';
import { contentUrl, dropFileContents } from './uploads.ts';

type FileRow = RowOf<typeof files>;

/** The upload a file's new content names: one made for this very file (its upload route), else nothing. */
async function uploadFor(ctx: RequestContext, file: FileRow | null, url: unknown) {
  const id = typeof url === 'string' ? uploadIdOf(url) : null;
  if (!file || !id) return null;
  const [upload] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.resource_type, 'files'), eq(uploads.record_id, file.id)));
  return upload ?? null;
}

/**
 * A new file's record is one the writer sees (when it is attached to one); a new content
 * (`attachment`) is an upload made for this file, and takes its size and type from it.
 */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: FileRow | null) {
  const v = input.values;
  const errors = new ValidationErrors();
  if (!existing && (v.object_type || v.object_id)) {
    const found = v.object_type && v.object_id ? await findVisible(ctx, String(v.object_type), String(v.object_id)) : null;
    if (!found) errors.add(attributePointer('object_id'), 'file.object_not_found');
  }
  if (input.present.has('attachment')) {
    const upload = await uploadFor(ctx, existing, input.virtual.attachment);
    if (!upload) errors.add(attributePointer('attachment'), 'validation.upload_reference');
    else if (upload.id !== existing?.upload_id) Object.assign(v, { upload_id: upload.id, size: upload.size, mime: upload.mime });
  }
  errors.throwIfAny();
  await checkOtherKind(ctx, 'files', input, existing);
}

/** A replaced content is kept as a version of the file, with who replaced it (and when: now). */
async function afterWrite(ctx: RequestContext, row: FileRow, _input: WriteInput, existing: FileRow | null) {
  if (!existing?.upload_id || existing.upload_id === row.upload_id) return;
  await records(ctx, 'file-versions').create([
    { organization_id: row.organization_id, file_id: row.id, upload_id: existing.upload_id, name: existing.name, size: existing.size, mime: existing.mime, created_by: ctx.actor.id },
  ]);
}

const guard = { permission: 'manage access files', refusal: 'file.manage_access' } as const;

/**
 * Files of the explorer and of records (spec platform §3 File, §7 /files; issue 24): a record,
 * then its content uploaded by POST /uploads/files/{id}/attachment (the uploads' type and size
 * checks; a second upload replaces it and keeps the former as a version). Names unique in their
 * folder (or, outside folders, in their record); access as folders' (access.ts), so a download
 * (GET /uploads/{id}/content reads the file through this scope) follows it too.
 */
export const filesResource = defineResource(declarations.files, {
  table: files,
  permissions: 'files',
  tenancy: fileAccess(),
  attributes: {
    name: segmentName,
    attachment: (a) => a.isVirtual((row) => (row.upload_id ? contentUrl(String(row.upload_id)) : null)),
  },
  relationships: {
    ...placedRelationships(),
    object: rel.morphTo('object_type', 'object_id'),
    folder: rel.belongsTo('folder_id'),
    roles: rel.idArray('role_ids', { guard }),
    users: rel.idArray('user_ids', { guard }),
    versions: rel.hasMany('file_id', { order: 'created_at' }),
  },
  filters: {
    search: filter.search(['name']),
    folder: inFolder('folder_id', 'folder'),
    tags: filter.overlaps('tag_ids', 'tags'),
    object_type: filter.in('object_type'),
    object_id: filter.ids('object_id', 'object_id'),
  },
  uploads: { attachment: { kinds: ['image', 'document'] } },
  uniques: {
    files_folder_name_unique: { attribute: 'name', code: 'file.name_taken' },
    files_root_name_unique: { attribute: 'name', code: 'file.name_taken' },
  },
  hooks: { beforeWrite, afterWrite, beforeDelete: (ctx, row) => dropFileContents(ctx, { files: [row.id] }) },
  notify: { label: (row) => String(row.name ?? '') },
});
