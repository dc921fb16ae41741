import { REPAIR_ACTION_PERMISSIONS, repairActionRoute, repairTransition, type RepairAction } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { ActionDefinition, ActionResult, JsonSchema, Row } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { dbConstraint, dbErrorCode } from '../../jsonapi/write.ts';
import { assigneesOf } from '../admin/assignees.ts';
import { TAKE_OVER_BODY, checkTakeOver } from '../admin/take-over.ts';
import { followRepair } from '../estimations/repair-link.ts';
import { emitCallback } from '../settings/callbacks.ts';
import { claimVehicle } from '../vehicles/work-in-progress.ts';
import { stopRepairClocks } from './clocks.ts';
import type { RepairRow } from './repairs.policies.ts';
import { repairs } from './repairs.table.ts';

// POST /repairs/{id}/<action>, GET or POST for cancel (spec §7). The router loads and locks the
// record and runs its policy (repairs.policies.ts: the state, the holder) first; the answer is
// the repair's document, with ?include.

const nextState = (row: RepairRow, action: RepairAction) => repairTransition(row.state, action)!;

/** Whoever starts or takes over the work is one of its repairers. */
const withRepairer = (row: RepairRow, userId: string) => (row.repairer_ids.includes(userId) ? row.repairer_ids : [...row.repairer_ids, userId]);

/** Writes the action's columns; a second repair in progress on the vehicle is a 409 (the database's unique index). */
export async function saveRepair(ctx: RequestContext, row: RepairRow, values: Record<string, unknown>): Promise<ActionResult> {
  try {
    const [saved] = (await ctx.db
      .update(repairs)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(repairs.id, row.id))
      .returning()) as Row[];
    const log = Object.fromEntries(Object.keys(values).filter((k) => !k.endsWith('_at')).map((k) => [k, saved[k]]));
    return { row: saved, log };
  } catch (err) {
    if (dbErrorCode(err) === '23505' && dbConstraint(err) === 'repairs_vehicle_in_progress_unique') throw new ApiError(409, 'repair.vehicle_in_progress');
    throw err;
  }
}

/** Stops the work: the running clocks close, nobody holds it any more. */
export async function cancelRepair(ctx: RequestContext, row: RepairRow): Promise<ActionResult> {
  await stopRepairClocks(ctx.db, row.id);
  return saveRepair(ctx, row, { state: 'canceled', canceled_by_id: ctx.actor.id, canceled_at: sql`now()`, holder_id: null });
}

/** A JSON:API document whose relationships the action reads. */
const documentBody = (description: string): JsonSchema => ({ description, type: 'object', properties: { data: { type: 'object' } } });

const actions: Record<RepairAction, ActionDefinition<RepairRow>> = {
  assign: {
    permission: REPAIR_ACTION_PERMISSIONS.assign,
    contract: {
      summary: 'Assigns the repair to users and/or roles of its organization (to do; during the work, only who is expected changes); they are notified',
      body: documentBody('{ data: { relationships: { assignedToUsers: { data: [{ type: "users", id }] }, assignedToRoles: { data: [{ type: "roles", id }] } } } }'),
    },
    async handler(ctx, row, body) {
      const who = await assigneesOf(ctx, row!.organization_id, body, 'repair.assignee_required');
      return saveRepair(ctx, row!, { state: nextState(row!, 'assign'), ...who, assigned_by_id: ctx.actor.id, assigned_at: sql`now()` });
    },
  },
  start: {
    permission: REPAIR_ACTION_PERMISSIONS.start,
    contract: { summary: 'Starts the work: the user holds it (one inspection, estimation or repair in progress per vehicle, else 409)', body: documentBody('Optional.') },
    async handler(ctx, row) {
      await claimVehicle(ctx.db, row!.vehicle_id, { kind: 'repair', id: row!.id });
      return saveRepair(ctx, row!, {
        state: nextState(row!, 'start'),
        started_by_id: ctx.actor.id,
        started_at: sql`now()`,
        holder_id: ctx.actor.id,
        repairer_ids: withRepairer(row!, ctx.actor.id),
      });
    },
  },
  take_over: {
    permission: REPAIR_ACTION_PERMISSIONS.take_over,
    contract: { summary: 'Takes over the work in progress from the user holding it (the user becomes one of its repairers)', body: TAKE_OVER_BODY },
    async handler(ctx, row, body) {
      await checkTakeOver(ctx, body, row!.holder_id, 'repair.holder_changed');
      return saveRepair(ctx, row!, { holder_id: ctx.actor.id, repairer_ids: withRepairer(row!, ctx.actor.id) });
    },
  },
  complete: {
    permission: REPAIR_ACTION_PERMISSIONS.complete,
    contract: {
      summary: 'Completes the work (the holder): the running clocks stop; its inspection is repaired, the deferred work done in it is done; the repair.completed callback is sent',
      body: documentBody('Optional.'),
    },
    async handler(ctx, row) {
      await stopRepairClocks(ctx.db, row!.id);
      const result = await saveRepair(ctx, row!, {
        state: nextState(row!, 'complete'),
        ended_by_id: ctx.actor.id,
        completed_by_id: ctx.actor.id,
        completed_at: sql`now()`,
        holder_id: null,
      });
      await followRepair(ctx, row!, true);
      await emitCallback(ctx, 'repair.completed', ctx.registry.resource('repairs'), row!.id, ['vehicle', 'customer', 'items']);
      return result;
    },
  },
  validate: {
    permission: REPAIR_ACTION_PERMISSIONS.validate,
    contract: { summary: 'Validates the completed work (the manager’s check)', body: documentBody('Optional.') },
    handler: (ctx, row) => saveRepair(ctx, row!, { state: nextState(row!, 'validate'), validated_by_id: ctx.actor.id, validated_at: sql`now()` }),
  },
  redo: {
    permission: REPAIR_ACTION_PERMISSIONS.redo,
    contract: { summary: 'Sends the completed or validated work back to be redone (empty body): it is started again, its inspection repairing again' },
    async handler(ctx, row) {
      const result = await saveRepair(ctx, row!, { state: nextState(row!, 'redo'), validated_by_id: null, validated_at: null });
      await followRepair(ctx, row!, false);
      return result;
    },
  },
  cancel: {
    method: 'GET',
    permission: REPAIR_ACTION_PERMISSIONS.cancel,
    contract: { summary: 'Cancels the repair (GET, as older clients call it; POST too): the running clocks stop' },
    handler: (ctx, row) => cancelRepair(ctx, row!),
  },
};

export const repairActions: Record<string, ActionDefinition<RepairRow>> = Object.fromEntries(
  Object.entries(actions).map(([action, definition]) => [repairActionRoute(action as RepairAction), definition]),
);
