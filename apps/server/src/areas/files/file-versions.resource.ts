import { declarations } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { fileVersions } from './files.table.ts';
import { filesResource } from './files.resource.ts';
import { contentUrl } from './uploads.ts';

/**
 * The former contents of files (spec platform §3 File `history`): written when a file's content
 * is replaced (files.resource.ts), read by whoever sees the file; its content is downloaded at
 * its address under the file's access.
 */
export const fileVersionsResource = defineResource(declarations['file-versions'], {
  table: fileVersions,
  permissions: 'files',
  tenancy: tenancy.ownedBy(filesResource, 'file_id', { organization: true }),
  operations: { create: false, update: false, delete: false },
  attributes: {
    attachment: (a) => a.isVirtual((row) => (row.upload_id ? contentUrl(String(row.upload_id)) : null)),
    replaced_at: (a) => a.from('created_at'),
  },
  relationships: {
    file: rel.belongsTo('file_id'),
    replacedBy: rel.belongsTo('created_by'),
  },
  filters: { file: filter.ids('file_id', 'file') },
  sortExpressions: { replaced_at: sql`${fileVersions.created_at}` },
  // The file's own log says its content was replaced.
  logged: false,
});
