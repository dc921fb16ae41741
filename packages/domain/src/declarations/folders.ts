import { FILE_NAME_MAX } from '../files/files.ts';
import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * A folder of the file explorer (spec platform §3 Folder, §7 /folders). Its name is unique in its
 * parent whatever the case; restricted to `roles` and/or `users`, it and all it holds are seen
 * only by them and by holders of "manage access folders" (files: "manage access files"); a
 * `system` folder is changed or deleted only with "manage system folders".
 */
export const folders = declare('folders', {
  attributes: {
    name: attr.string().isRequired().max(FILE_NAME_MAX),
    system: attr.boolean(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { createOnly: true }),
    parent: rel.toOne('folders'),
    tags: rel.toMany('tags'),
    allowedLocations: rel.toMany('locations'),
    roles: rel.toMany('roles'),
    users: rel.toMany('users'),
    files: rel.toMany('files', { readOnly: true }),
    subfolders: rel.toMany('folders', { readOnly: true }),
  },
  filters: ['search', 'parent', 'tags'],
  sorts: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
