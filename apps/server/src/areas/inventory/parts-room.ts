import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import { warehouses } from './inventory.table.ts';

/**
 * The parts room of a work document (an estimate, a repair): the first warehouse, by name, of a
 * location the document is in; null when it is in none or its locations have no warehouse.
 */
export async function partsRoomOf(ctx: RequestContext, doc: { organization_id: string; location_ids: readonly string[] }) {
  if (!doc.location_ids.length) return null;
  const [room] = await ctx.db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.organization_id, doc.organization_id), inArray(warehouses.location_id, [...doc.location_ids])))
    .orderBy(asc(warehouses.name))
    .limit(1);
  return room ?? null;
}
