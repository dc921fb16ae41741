import { attr, declare, doneBy, rel, stampedAt, timestamps } from '../declare/declare.ts';
import { IMPORT_STATUSES } from '../imports/statuses.ts';

export const imports = declare('imports', {
  attributes: {
    model: attr.string().notNull().isReadOnly(),
    name: attr.string().notNull().max(255),
    file_format: attr.string().notNull().isReadOnly(),
    file_size: attr.integer().notNull().isReadOnly(),
    line_count: attr.integer().notNull().isReadOnly(),
    /** The header of each column, in the file's order. */
    columns: attr.json<string[]>().notNull().isReadOnly(),
    /** Column header → field name of the model (null: ignored). */
    mapping: attr.object<Record<string, string | null>>().notNull(),
    status: attr.enum(IMPORT_STATUSES).notNull().isReadOnly(),
    /** Lines processed by the run, out of line_count. */
    progress: attr.integer().notNull().isReadOnly(),
    created_count: attr.integer().notNull().isReadOnly(),
    updated_count: attr.integer().notNull().isReadOnly(),
    skipped_count: attr.integer().notNull().isReadOnly(),
    failed_count: attr.integer().notNull().isReadOnly(),
    ...stampedAt('dry_run_at', 'started_at', 'finished_at'),
    error: attr.string().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    createdBy: doneBy(),
    importedItems: rel.toMany('import-items', { readOnly: true }),
    morphedModels: rel.polymorphic(['vehicles', 'customers', 'contacts', 'suppliers']),
  },
  filters: ['model', 'status', 'search'],
  sorts: ['created_at', 'name', 'model', 'status', 'line_count'],
  defaultSort: '-created_at',
});
