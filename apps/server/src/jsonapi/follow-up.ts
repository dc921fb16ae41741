import { and, eq, sql } from 'drizzle-orm';
import { writeLog } from './audit.ts';
import type { RequestContext } from './context.ts';
import type { Row } from './define-resource.ts';
import { column } from './filters.ts';
import { own } from './own.ts';
import { selectRows } from './select.ts';

// Work that reaches its end moves the records it was done for (issue 20 point 7): a completed
// inspection completes its request. Such a follow-up is a system transition, run in the
// transaction of the action that caused it: the acting user's permissions on the other record are
// not asked (they completed the work, not the request), the record's own rules still decide.

/** The record whose action caused the follow-up, kept in the log entry. */
export interface Cause {
  type: string;
  id: string;
}

/**
 * Runs the record action `action` of `type` on the record `id` of the cause's organization, as
 * its route would (the action's handler, its log entry, with `cause`), when its policy allows it
 * now; when the record's state no longer offers it, nothing happens (the request was canceled or
 * completed by hand meanwhile). Answers the row as saved, or null when nothing was done.
 */
export async function followUp(ctx: RequestContext, type: string, id: string, action: string, cause: Cause & { organizationId: string }): Promise<Row | null> {
  const def = ctx.registry.resource(type);
  const definition = own(def.actions, action);
  if (!definition) throw new Error(`${type} has no action ${action}`);
  const where = and(eq(column(def.table, 'id'), id), eq(column(def.table, 'organization_id'), cause.organizationId));
  const [record] = await selectRows(ctx.db, def.table, where, { tail: sql`limit 1 for update` });
  if (!record) return null;
  const refusal = await own(def.policies?.actions, action)?.check(ctx, record);
  if (refusal && [refusal].flat().length) return null;
  const res = (await definition.handler(ctx, record, {})) ?? {};
  const row = res.row ?? record;
  await writeLog(ctx, def, row, action, { attributes: res.log ?? {}, cause: { type: cause.type, id: cause.id } });
  return row;
}
