import { declarations, isObject } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { READ_ONLY, defineResource, type Row } from '../../jsonapi/define-resource.ts';
import { inIds, selectRows } from '../../jsonapi/select.ts';
import { isId, scoped } from '../../jsonapi/scope.ts';
import { column, filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { logs } from './admin.table.ts';
import { recordLabel } from './record-label.ts';

/** The activity log, read only: written by the engine for every change and workflow action. */
export const logsResource = defineResource(declarations.logs, {
  table: logs,
  permissions: 'logs',
  tenancy: tenancy.owner(),
  ...READ_ONLY,
  relationships: {
    causer: rel.belongsTo('causer_id'),
    organization: rel.belongsTo('organization_id'),
    subject: rel.morphTo('subject_type', 'subject_id'),
  },
  filters: {
    subject_type: filter.in('subject_type'),
    subject_id: filter.in('subject_id'),
    event: filter.in('event'),
    causer: filter.ids('causer_id', 'causer'),
    search: filter.search(['subject_type', 'event']),
  },
  // ?add_data=subjects: what a sentence about each entry needs ("Marie Gagnon assigned request
  // 1HGCM… to Luc Bergeron"), read with the page.
  addData: { subjects: subjectsOf },
});

export interface LogSubject {
  /** The record's name: read from the record, else (deleted, out of sight) from what the entry kept. */
  label: string | null;
  /** Whether the record exists and the user may see it (the client links it then). */
  visible: boolean;
  /** For an assignment: the assignee's name. */
  assignee?: string | null;
}


/**
 * For each entry of the page: the subject's label, whether the user may open it, and the names
 * of the people the entry refers to. One query per subject type present on the page (a
 * dashboard's eight entries: two or three), each within the user's tenancy scope of that type,
 * so a label the user may not see is never read from its record.
 */
async function subjectsOf(ctx: RequestContext, rows: Row[]): Promise<Record<string, LogSubject>> {
  const live = new Map<string, string | null>();
  const byType = new Map<string, Set<string>>();
  const people = new Set<string>();
  for (const r of rows) {
    const def = ctx.registry.find(String(r.subject_type));
    if (def && def.type !== 'logs' && isId(def, String(r.subject_id))) {
      if (!byType.has(def.type)) byType.set(def.type, new Set());
      byType.get(def.type)!.add(String(r.subject_id));
    }
    const assigned = isObject(r.properties) && isObject(r.properties.attributes) ? r.properties.attributes.assigned_to_id : undefined;
    if (typeof assigned === 'string' && isId(ctx.registry.resource('users'), assigned)) people.add(assigned);
  }
  for (const [type, ids] of byType) {
    const def = ctx.registry.find(type)!;
    const found = await selectRows(ctx.db, def.table, scoped(ctx, def, inIds(column(def.table, 'id'), [...ids])));
    for (const row of found) live.set(`${type}:${row.id}`, recordLabel(def, row, ctx.locale));
  }
  const names = new Map<string, string>();
  if (people.size) {
    const users = ctx.registry.resource('users');
    for (const u of await selectRows(ctx.db, users.table, scoped(ctx, users, inIds(column(users.table, 'id'), [...people]))))
      names.set(u.id, recordLabel(users, { firstname: u.firstname, lastname: u.lastname, email: u.email }) ?? '');
  }
  const out: Record<string, LogSubject> = {};
  for (const r of rows) {
    const key = `${r.subject_type}:${r.subject_id}`;
    const props = isObject(r.properties) ? r.properties : {};
    // A deleted record is named by its last values, a created one by its first.
    const kept = { ...(isObject(props.old) ? props.old : {}), ...(isObject(props.attributes) ? props.attributes : {}) };
    const visible = live.has(key);
    const subject: LogSubject = { label: visible ? live.get(key)! : recordLabel(ctx.registry.find(String(r.subject_type)), kept, ctx.locale), visible };
    const assigned = isObject(props.attributes) ? props.attributes.assigned_to_id : undefined;
    if (typeof assigned === 'string') subject.assignee = names.get(assigned) ?? null;
    out[r.id] = subject;
  }
  return out;
}
