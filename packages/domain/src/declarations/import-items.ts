import { attr, declare, rel } from '../declare/declare.ts';

export const importItems = declare('import-items', {
  attributes: {
    line: attr.integer().isReadOnly(),
    dry_run: attr.boolean().isReadOnly(),
    success: attr.boolean().isReadOnly(),
    data: attr.json().isReadOnly(),
    errors: attr.json().isReadOnly(),
    model_id: attr.string().isReadOnly(),
    action: attr.string().isReadOnly(),
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
