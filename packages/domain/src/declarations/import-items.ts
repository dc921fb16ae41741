import { attr, declare, rel, serverWritten } from '../declare/declare.ts';

export const importItems = declare('import-items', {
  attributes: serverWritten({
    /** The line in the file (the header is line 1). */
    line: attr.integer().notNull(),
    dry_run: attr.boolean(),
    success: attr.boolean(),
    /** The line's values by column header. */
    data: attr.json<Record<string, string>>().notNull(),
    /** Translated messages with the field and the column they are about. */
    errors: attr.json<{ field: string | null; column: string | null; code: string; detail: string }[]>().notNull(),
    model_id: attr.string(),
    /** What the line did to its record (null: a failed line). */
    action: attr.enum(['created', 'updated', 'skipped']),
    created_at: attr.datetime(),
  }),
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    import: rel.toOne('imports', { readOnly: true }),
  },
  filters: ['import', 'success', 'dry_run', 'action'],
  sorts: ['line'],
  defaultSort: 'line',
});
