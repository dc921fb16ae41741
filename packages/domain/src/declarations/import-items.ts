import { attr, declare, rel } from '../declare/declare.ts';

export const importItems = declare('import-items', {
  attributes: {
    /** The line in the file (the header is line 1). */
    line: attr.integer().notNull().isReadOnly(),
    dry_run: attr.boolean().isReadOnly(),
    success: attr.boolean().isReadOnly(),
    /** The line's values by column header. */
    data: attr.json<Record<string, string>>().notNull().isReadOnly(),
    /** Translated messages with the field and the column they are about. */
    errors: attr.json<{ field: string | null; column: string | null; code: string; detail: string }[]>().notNull().isReadOnly(),
    model_id: attr.string().isReadOnly(),
    /** What the line did to its record (null: a failed line). */
    action: attr.enum(['created', 'updated', 'skipped']).isReadOnly(),
    created_at: attr.datetime().isReadOnly(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    import: rel.toOne('imports', { readOnly: true }),
  },
  filters: ['import', 'success', 'dry_run', 'action'],
  sorts: ['line'],
  defaultSort: 'line',
});
