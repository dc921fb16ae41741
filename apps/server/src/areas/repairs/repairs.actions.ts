import { repairWorkflow as workflow } from '@atelier/domain';
import type { JsonSchema } from '../../jsonapi/define-resource.ts';
import { workflowMessages, workflowParts } from '../../jsonapi/workflow.ts';
import { assignAction } from '../admin/assignees.ts';
import { TAKE_OVER_BODY, checkTakeOver } from '../admin/take-over.ts';
import { followRepair } from '../estimations/repair-link.ts';
import { emitCallback } from '../settings/callbacks.ts';
import { stopRepairClocks } from './clocks.ts';
import { consumeParts } from './parts.ts';
import type { RepairRow } from './repairs.policies.ts';
import { repairs } from './repairs.table.ts';
import { claimsVehicle } from '../vehicles/work-in-progress.ts';

// POST /repairs/{id}/<action>, GET or POST for cancel (spec §7): the domain's repairWorkflow
// served by the engine's kit (jsonapi/workflow.ts: state, holder, who and when, the vehicle
// claimed on start); here only what a repair adds: its repairers, its clocks, what follows.

/** Whoever starts or takes over the work is one of its repairers. */
const withRepairer = (row: RepairRow, userId: string) => ({ repairer_ids: row.repairer_ids.includes(userId) ? row.repairer_ids : [...row.repairer_ids, userId] });

/** A JSON:API document whose relationships the action reads. */
const documentBody = (description: string): JsonSchema => ({ description, type: 'object', properties: { data: { type: 'object' } } });

export const repairFlow = workflowParts({
  workflow,
  table: repairs,
  vehicle: claimsVehicle('repair'),
  messages: {
    ...workflowMessages('repair'),
    holder: 'repair.not_holder',
    own: 'repair.already_holder',
    inProgress: { constraint: 'repairs_vehicle_in_progress_unique', code: 'repair.vehicle_in_progress' },
  },
  actions: {
    assign: assignAction('Assigns the repair to users and/or roles of its organization (to do; during the work, only who is expected changes); they are notified', 'repair.assignee_required'),
    start: {
      summary: 'Starts the work: the user holds it (one inspection, estimation or repair in progress per vehicle, else 409)',
      body: documentBody('Optional.'),
      values: (ctx, row) => withRepairer(row, ctx.actor.id),
    },
    take_over: {
      summary: 'Takes over the work in progress from the user holding it (the user becomes one of its repairers)',
      body: TAKE_OVER_BODY,
      async values(ctx, row, body) {
        await checkTakeOver(ctx, body, row.holder_id, 'repair.holder_changed');
        return withRepairer(row, ctx.actor.id);
      },
    },
    complete: {
      summary: 'Completes the work (the holder): the running clocks stop; its inspection is repaired, the deferred work done in it is done; its items naming inventory parts take them from its location’s parts room (one stock movement, 409 where a warehouse refusing negative stock lacks them); the repair.completed callback is sent',
      body: documentBody('Optional.'),
      async values(ctx, row) {
        await stopRepairClocks(ctx, row.id);
        return {};
      },
      async after(ctx, saved) {
        await followRepair(ctx, saved, true);
        await consumeParts(ctx, saved);
        await emitCallback(ctx, 'repair.completed', ctx.registry.resource('repairs'), saved.id, ['vehicle', 'customer', 'items']);
      },
    },
    validate: { summary: 'Validates the completed work (the manager’s check)', body: documentBody('Optional.') },
    redo: {
      summary: 'Sends the completed or validated work back to be redone (empty body): it is started again, its inspection repairing again',
      values: () => ({ validated_by_id: null, validated_at: null }),
      after: (ctx, saved) => followRepair(ctx, saved, false),
    },
    cancel: {
      summary: 'Cancels the repair (GET, as older clients call it; POST too): the running clocks stop',
      async values(ctx, row) {
        await stopRepairClocks(ctx, row.id);
        return {};
      },
    },
  },
});
