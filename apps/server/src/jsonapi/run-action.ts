import { and, eq, sql } from 'drizzle-orm';
import { checkActionBody } from './action-body.ts';
import { writeLog } from './audit.ts';
import type { RequestContext } from './context.ts';
import type { ActionResult, RecordAction, Row } from './define-resource.ts';
import { forbidden, notFound } from './errors.ts';
import { column } from './filters.ts';
import { own } from './own.ts';
import { authorize, enforceAction } from './policies.ts';
import { findRow } from './scope.ts';
import { selectRows } from './select.ts';

// One path for a record action, whoever runs it: the route (POST /{type}/{id}/{action}) and area
// code running another type's action (an inspection completed completes its request, an
// inspection redone cancels its estimate). The record is locked, its policy decides, the handler
// writes, the action is logged (activity, notifications, callbacks listen to the log), all in the
// caller's transaction.

/** The record whose action caused a system follow-up, kept in the log entry. */
export interface Cause {
  type: string;
  id: string;
  organizationId: string;
}

export interface RunOptions {
  /**
   * A system transition caused by another record's action: the acting user's permissions on this
   * record are not asked (they completed the work, not the request), the record is found in the
   * cause's organization, and the record's own rules (its policy) still decide: when they refuse,
   * nothing happens and null is answered (the request was canceled by hand meanwhile).
   */
  cause?: Cause;
}

export interface ActionRun {
  row: Row;
  result: ActionResult;
}

function recordAction(ctx: RequestContext, type: string, name: string): RecordAction {
  const action = own(ctx.registry.resource(type).actions, name);
  if (!action || action.collection) throw new Error(`${type} has no record action ${name}`);
  return action;
}

/** Runs the record action `name` of `type` on the record `id`, in ctx's transaction. */
export async function runAction(ctx: RequestContext, type: string, id: string, name: string, body: unknown = {}, options: RunOptions = {}): Promise<ActionRun | null> {
  const def = ctx.registry.resource(type);
  const action = recordAction(ctx, type, name);
  // A system context (system.ts) runs every action as a system transition of its organization.
  const cause = options.cause ?? (ctx.system && ctx.actor.organizationId ? { ...ctx.system, organizationId: ctx.actor.organizationId } : undefined);
  let record: Row;
  if (cause) {
    const where = and(eq(column(def.table, 'id'), id), eq(column(def.table, 'organization_id'), cause.organizationId));
    const [found] = await selectRows(ctx.db, def.table, where, { tail: sql`limit 1 for update` });
    if (!found) return null;
    const refusal = await own(def.policies?.actions, name)?.check(ctx, found);
    if (refusal && [refusal].flat().length) return null;
    record = found;
  } else {
    const needed = action.permission === null ? null : [action.permission].flat();
    if (needed && !needed.some((p) => ctx.actor.permissions.has(p))) throw forbidden();
    // A record action answers the record: acting on it needs the right to see it as well.
    authorize(ctx, def, 'view');
    // An empty id (/requests//cancel) names no record.
    if (!id) throw notFound('');
    checkActionBody(body);
    record = await findRow(ctx, def, id, { lock: true });
    await enforceAction(ctx, def, name, record);
  }
  const result = (await action.handler(ctx, record, body)) ?? {};
  const row = result.row ?? record;
  if (action.log !== false) await writeLog(ctx, def, row, name, { attributes: result.log ?? {}, ...(cause ? { cause: { type: cause.type, id: cause.id } } : {}) });
  return { row, result };
}
