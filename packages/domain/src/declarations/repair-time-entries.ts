import { attr, declare, rel, timestamps } from '../declare/declare.ts';

/**
 * A mechanic's clocked time on a repair item (issue 12: planned versus actual), made by
 * POST /repair-items/{id}/start-clock and closed by stop-clock: read only.
 */
export const repairTimeEntries = declare('repair-time-entries', {
  attributes: {
    started_at: attr.datetime().isReadOnly(),
    /** Null while the clock runs. */
    ended_at: attr.datetime().isReadOnly(),
    /** Hours between the start and the end (null while it runs). */
    hours: attr.decimal().isReadOnly(),
    ...timestamps(),
  },
  relationships: {
    organization: rel.toOne('organizations', { readOnly: true }),
    user: rel.toOne('users', { readOnly: true }),
    repair: rel.toOne('repairs', { readOnly: true }),
    repairItem: rel.toOne('repair-items', { readOnly: true }),
  },
  filters: ['repair', 'repairItem', 'user', 'running'],
  sorts: ['started_at', 'ended_at', 'created_at'],
  defaultSort: '-started_at',
});
