import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { requests } from '../requests/requests.table.ts';

/**
 * The visit booked for a vehicle since its work was declined (a request of the organization made
 * after the decline), its code; null when none. The follow-ups stop on one, and the customer's
 * page says it is booked (and books none again).
 */
export async function bookedSince(db: Db, work: { organization_id: string; vehicle_id: string; declined_at: string }): Promise<{ code: string | null } | null> {
  const [booked] = await db
    .select({ code: requests.code })
    .from(requests)
    .where(and(eq(requests.organization_id, work.organization_id), eq(requests.vehicle_id, work.vehicle_id), gt(requests.created_at, work.declined_at)))
    .limit(1);
  return booked ?? null;
}
