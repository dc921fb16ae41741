import { nextRecordCode } from '../../db/codes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { records } from '../../jsonapi/records.ts';
import { runAction } from '../../jsonapi/run-action.ts';

// A stock movement another record causes (issue 22): a receipt's parts entering its warehouse, a
// repair's parts leaving its location's parts room. Made through the record service and validated
// as the cause's consequence (no second permission asked; the stock rules still refuse, 409), its
// origin the causing record.

export interface CausedMovement {
  organizationId: string;
  type: 'add' | 'remove';
  warehouse: { id: string; location_ids: string[] };
  cause: { type: 'repairs' | 'purchases-deliveries' | 'sales-deliveries'; id: string; code: string | null };
  lines: { product_id: string | null; description: string | null; quantity: string; unit_cost?: number | null }[];
}

/** Makes and validates the movement; answers its id. */
export async function causedMovement(ctx: RequestContext, m: CausedMovement): Promise<string> {
  const cause = { type: m.cause.type, id: m.cause.id };
  const movement = await records(ctx, 'stock-movements').createWithLines(
    {
      organization_id: m.organizationId,
      code: await nextRecordCode(ctx.db, m.organizationId, 'M'),
      type: m.type,
      [m.type === 'add' ? 'destination_warehouse_id' : 'source_warehouse_id']: m.warehouse.id,
      trigger_object_type: m.cause.type,
      trigger_object_id: m.cause.id,
      notes: m.cause.code,
      creator_id: ctx.actor.id || null,
      location_ids: m.warehouse.location_ids,
    },
    { items: m.lines },
    { cause },
  );
  const id = String(movement.id);
  await runAction(ctx, 'stock-movements', id, 'validate', {}, { cause: { ...cause, organizationId: m.organizationId } });
  return id;
}
