import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { IMPORT_STATUSES } from '@atelier/domain';
import { at, id, instants, oneOf, ownedBy } from '../../db/columns.ts';
import { organizationId, users, tenantTable } from '../admin/admin.table.ts';


/**
 * A file to import into one model (spec §3 Import). The row is also the background job: a
 * 'running' import is claimed with a lease, and `progress` moves with each committed chunk, so a
 * restart resumes where the last commit left it.
 */
export const imports = tenantTable(
  'imports',
  {
    created_by_id: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** A name of the import-model registry (vehicles, customers...). */
    model: text('model').notNull(),
    name: text('name').notNull(),
    /** The stored file, relative to DATA_DIR. */
    path: text('path').notNull(),
    file_format: text('file_format').notNull(),
    file_size: integer('file_size').notNull(),
    line_count: integer('line_count').notNull().default(0),
    /** The header of each column, in the file's order. */
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    /** Column header → field name of the model (null: ignored). */
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull().default({}),
    status: text('status').notNull().default('uploaded'),
    /** Lines processed by the run (committed), out of line_count. */
    progress: integer('progress').notNull().default(0),
    created_count: integer('created_count').notNull().default(0),
    updated_count: integer('updated_count').notNull().default(0),
    skipped_count: integer('skipped_count').notNull().default(0),
    failed_count: integer('failed_count').notNull().default(0),
    /** The last dry run's counters, shown until the run. */
    ...instants('dry_run_at', 'started_at', 'finished_at'),
    /** Why the import failed, in the creator's language. */
    error: text('error'),
    /** The worker holding the running import, until lease_until (another may take it over after). */
    lease_until: at('lease_until'),
  },
  (t) => [
    index('imports_org_created_idx').on(t.organization_id, t.created_at),
    index('imports_status_idx').on(t.status),
    oneOf('imports_status_check', t.status, IMPORT_STATUSES),
  ],
);

/** The result of one line of an import (importedItems), of its last dry run or of its run. */
export const importItems = pgTable(
  'import_items',
  {
    id: id(),
    organization_id: organizationId(),
    import_id: ownedBy('import_id', () => imports.id),
    /** The line in the file (the header is line 1, the first record line 2). */
    line: integer('line').notNull(),
    dry_run: boolean('dry_run').notNull().default(false),
    success: boolean('success').notNull(),
    /** The line's values by column header. */
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    /** Translated messages with the field and the column they are about. */
    errors: jsonb('errors').$type<{ field: string | null; column: string | null; code: string; detail: string }[]>().notNull().default([]),
    /** The record created or updated (or that would be, in a dry run). */
    model_id: text('model_id'),
    action: text('action'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_items_import_line_unique').on(t.import_id, t.dry_run, t.line),
    oneOf('import_items_action_check', t.action, ['created', 'updated', 'skipped']),
  ],
);
