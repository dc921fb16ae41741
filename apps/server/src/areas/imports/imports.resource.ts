import { declarations, isBusyImport } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { tenancy, toUuidArray } from '../../access/tenancy.ts';
import { READ_ONLY, defineResource, type Policy, type Row } from '../../jsonapi/define-resource.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { ValidationErrors, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { own } from '../../jsonapi/own.ts';
import { rel, type Ref } from '../../jsonapi/relationships.ts';
import { rowsOf } from '../../db/client.ts';
import { importItems, imports } from './imports.table.ts';
import { deleteAfterCommit } from '../../storage/storage.ts';

/** An include stays a page, not a whole file: every line's record is in import-items anyway. */
const MORPHED_MAX = 1000;

const notWhileRunning: Policy<[row: Row]> = {
  refuses: { 409: 'The import is running (validating or running): wait for it to end.' },
  check: (_ctx, row) => (isBusyImport(row.status) ? conflictWith('import.running') : undefined),
};

export const importsResource = defineResource(declarations.imports, {
  table: imports,
  permissions: 'imports',
  tenancy: tenancy.organization(),
  // Created by POST /imports as multipart/form-data (routes.ts), not from a JSON document.
  operations: { create: false },
  relationships: {
    organization: rel.belongsTo('organization_id'),
    createdBy: rel.belongsTo('created_by_id'),
    importedItems: rel.hasMany('import_id'),
    /** The records the run created or updated (the first MORPHED_MAX of each import, by line). */
    morphedModels: rel.polymorphic(
      async (ctx, rows) => {
        const typeOf = new Map(rows.map((r) => [String(r.id), ctx.registry.importModels.get(String(r.model))?.type]));
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
  // A running import is the worker's until it ends (its run routes refuse the same way).
  policies: { edit: notWhileRunning, delete: notWhileRunning },
  hooks: {
    beforeWrite(ctx, input, existing) {
      if (!('mapping' in input.values) || !existing) return;
      // Column → field: every column of the file, every field of the model at most once.
      const mapping = input.values.mapping as Record<string, unknown>;
      const model = ctx.registry.importModels.get(String(existing.model));
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
    beforeDelete(ctx, row) {
      // Its file goes once the row's deletion has committed (a rolled-back delete keeps it).
      deleteAfterCommit(ctx, [String(row.path)]);
    },
  },
});

/** One line's result (importedItems): of the last dry run (dry_run) or of the run. */
export const importItemsResource = defineResource(declarations['import-items'], {
  table: importItems,
  permissions: 'imports',
  tenancy: tenancy.organization(),
  ...READ_ONLY,
  relationships: {
    organization: rel.belongsTo('organization_id'),
    import: rel.belongsTo('import_id'),
  },
  filters: {
    import: filter.ids('import_id', 'import'),
    success: filter.boolean('success'),
    dry_run: filter.boolean('dry_run'),
    action: filter.in('action'),
  },
});
