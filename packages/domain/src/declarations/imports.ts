import { attr, declare, rel, timestamps } from '../declare/declare.ts';
import { IMPORT_STATUSES } from '../imports/statuses.ts';

export const imports = declare('imports', {
  attributes: {
    model: attr.string().isReadOnly(),
    name: attr.string().notNull().max(255),
    file_format: attr.string().isReadOnly(),
    file_size: attr.integer().isReadOnly(),
    line_count: attr.integer().isReadOnly(),
    columns: attr.json().isReadOnly(),
    mapping: attr.object().notNull(),
    status: attr.enum(IMPORT_STATUSES).isReadOnly(),
    progress: attr.integer().isReadOnly(),
    created_count: attr.integer().isReadOnly(),
    updated_count: attr.integer().isReadOnly(),
    skipped_count: attr.integer().isReadOnly(),
    failed_count: attr.integer().isReadOnly(),
    dry_run_at: attr.datetime().isReadOnly(),
    started_at: attr.datetime().isReadOnly(),
    finished_at: attr.datetime().isReadOnly(),
    error: attr.string().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    createdBy: rel.toOne('users', { readOnly: true }),
    importedItems: rel.toMany('import-items', { readOnly: true }),
    morphedModels: rel.polymorphic(['vehicles', 'customers', 'contacts', 'suppliers']),
  },
  filters: ['model', 'status', 'search'],
  sorts: ['created_at', 'name', 'model', 'status', 'line_count'],
  defaultSort: '-created_at',
});
