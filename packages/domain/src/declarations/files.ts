import { FILE_NAME_MAX, FILE_OBJECT_TYPES } from '../files/files.ts';
import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * A file (spec platform §3 File, §7 /files): in a folder and/or attached to a record (`object`:
 * a vehicle, a customer, a repair…). Its content is uploaded apart (POST
 * /uploads/files/{id}/attachment, the uploads' checks); `attachment` is its address. Replacing
 * it keeps the former content in `versions`. Access as for folders, the restrictions of every
 * folder above it included.
 */
export const files = declare('files', {
  attributes: {
    name: attr.string().isRequired().max(FILE_NAME_MAX),
    object_type: attr.enum(FILE_OBJECT_TYPES).isCreateOnly(),
    object_id: attr.uuid().isCreateOnly(),
    /** The address of its content (GET), set by its upload; null until then. */
    attachment: attr.string().max(500),
    size: attr.integer().isReadOnly(),
    mime: attr.string().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { createOnly: true }),
    object: rel.polymorphicOne(FILE_OBJECT_TYPES),
    folder: rel.toOne('folders'),
    tags: rel.toMany('tags'),
    allowedLocations: rel.toMany('locations'),
    roles: rel.toMany('roles'),
    users: rel.toMany('users'),
    versions: rel.toMany('file-versions', { readOnly: true }),
  },
  filters: ['search', 'folder', 'tags', 'object_type', 'object_id'],
  sorts: ['name', 'size', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
