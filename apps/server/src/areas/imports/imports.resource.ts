import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { tenancy, toUuidArray } from '../../access/tenancy.ts';
import { attr } from '../../jsonapi/attributes.ts';
import { defineResource, type Policy, type Row } from '../../jsonapi/define-resource.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { ValidationErrors, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { own } from '../../jsonapi/own.ts';
import { rel, type Ref } from '../../jsonapi/relationships.ts';
import { rowsOf } from '../../db/client.ts';
import { IMPORT_STATUSES, isBusyImport } from '@atelier/domain';
import { importModels } from './models.ts';
import { importItems, imports } from './imports.table.ts';

const readOnlyInteger = () => attr.integer().isReadOnly();
/** An include stays a page, not a whole file: every line's record is in import-items anyway. */
const MORPHED_MAX = 1000;
const readOnlyTime = () => attr.datetime().isReadOnly();

const notWhileRunning: Policy<[row: Row]> = {
  refuses: { 409: 'The import is running (validating or running): wait for it to end.' },
  check: (_ctx, row) => (isBusyImport(row.status) ? conflictWith('import.running') : undefined),
};

export const importsResource = defineResource({
  type: 'imports',
  table: imports,
  permissions: 'imports',
  tenancy: tenancy.organization({ locations: false }),
  // Created by POST /imports as multipart/form-data (routes.ts), not from a JSON document.
  operations: { create: false },
  attributes: {
    model: attr.string().isReadOnly(),
    name: attr.string().max(255).notNull(),
    file_format: attr.string().isReadOnly(),
    file_size: readOnlyInteger(),
    line_count: readOnlyInteger(),
    columns: attr.json().isReadOnly(),
    mapping: attr.object().notNull(),
    status: attr.enum(IMPORT_STATUSES).isReadOnly(),
    progress: readOnlyInteger(),
    created_count: readOnlyInteger(),
    updated_count: readOnlyInteger(),
    skipped_count: readOnlyInteger(),
    failed_count: readOnlyInteger(),
    dry_run_at: readOnlyTime(),
    started_at: readOnlyTime(),
    finished_at: readOnlyTime(),
    error: attr.string().isReadOnly(),
    created_at: readOnlyTime(),
    updated_at: readOnlyTime(),
  },
  relationships: {
    organization: rel.belongsTo('organizations', 'organization_id', { readOnly: true }),
    createdBy: rel.belongsTo('users', 'created_by_id', { readOnly: true }),
    importedItems: rel.hasMany('import-items', 'import_id'),
    /** The records the run created or updated (the first MORPHED_MAX of each import, by line). */
    morphedModels: rel.polymorphic(
      [...new Set([...importModels.values()].map((m) => m.type))],
      async (ctx, rows) => {
        const typeOf = new Map(rows.map((r) => [String(r.id), importModels.get(String(r.model))?.type]));
        const items = rowsOf<{ import_id: string; model_id: string }>(
          await ctx.db.execute(sql`
            SELECT import_id, model_id FROM (
              SELECT import_id, model_id, row_number() OVER (PARTITION BY import_id ORDER BY line) AS n
                FROM import_items
               WHERE import_id = ANY(${toUuidArray([...typeOf.keys()])}) AND NOT dry_run AND success
                 AND action IN ('created', 'updated') AND model_id IS NOT NULL) x
             WHERE n <= ${MORPHED_MAX}
             ORDER BY import_id, n`),
        );
        const refs = new Map<string, Ref[]>();
        for (const { import_id, model_id } of items) {
          const type = typeOf.get(import_id);
          if (!type) continue;
          if (!refs.has(import_id)) refs.set(import_id, []);
          refs.get(import_id)!.push({ type, id: model_id });
        }
        return refs;
      },
    ),
  },
  filters: {
    model: filter.in('model'),
    status: filter.in('status'),
    search: filter.search(['name']),
  },
  sorts: ['created_at', 'name', 'model', 'status', 'line_count'],
  defaultSort: '-created_at',
  // A running import is the worker's until it ends (its run routes refuse the same way).
  policies: { edit: notWhileRunning, delete: notWhileRunning },
  hooks: {
    beforeWrite(_ctx, input, existing) {
      if (!('mapping' in input.values) || !existing) return;
      // Column → field: every column of the file, every field of the model at most once.
      const mapping = input.values.mapping as Record<string, unknown>;
      const model = importModels.get(String(existing.model));
      const columns = existing.columns as string[];
      const errors = new ValidationErrors();
      const used = new Set<string>();
      const clean: Record<string, string | null> = {};
      for (const [col, field] of Object.entries(mapping)) {
        if (!columns.includes(col)) errors.add(attributePointer('mapping'), 'import.mapping_column', { column: col });
        else if (field !== null && field !== '' && (typeof field !== 'string' || !own(model?.fields, field)))
          errors.add(attributePointer('mapping'), 'import.mapping_field', { field: String(field) });
        else if (field && used.has(field)) errors.add(attributePointer('mapping'), 'import.mapping_duplicate', { field });
        else {
          if (field) used.add(field);
          clean[col] = field ? field : null;
        }
      }
      errors.throwIfAny();
      for (const col of columns) clean[col] ??= null;
      input.values.mapping = clean;
      // The last dry run checked another mapping.
      if (existing.status === 'dry_run') input.values.status = 'uploaded';
    },
    async beforeDelete(ctx, row) {
      await unlink(join(ctx.config.dataDir, String(row.path))).catch(() => {});
    },
  },
});

/** One line's result (importedItems): of the last dry run (dry_run) or of the run. */
export const importItemsResource = defineResource({
  type: 'import-items',
  table: importItems,
  permissions: 'imports',
  tenancy: tenancy.organization({ locations: false }),
  operations: { create: false, update: false, delete: false },
  logged: false,
  attributes: {
    line: attr.integer().isReadOnly(),
    dry_run: attr.boolean().isReadOnly(),
    success: attr.boolean().isReadOnly(),
    data: attr.json().isReadOnly(),
    errors: attr.json().isReadOnly(),
    model_id: attr.string().isReadOnly(),
    action: attr.string().isReadOnly(),
    created_at: readOnlyTime(),
  },
  relationships: {
    organization: rel.belongsTo('organizations', 'organization_id', { readOnly: true }),
    import: rel.belongsTo('imports', 'import_id', { readOnly: true }),
  },
  filters: {
    import: filter.ids('import_id', 'import'),
    success: filter.boolean('success'),
    dry_run: filter.boolean('dry_run'),
    action: filter.in('action'),
  },
  sorts: ['line'],
  defaultSort: 'line',
});
