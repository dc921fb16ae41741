import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { estimations } from '../estimations/estimations.table.ts';
import { inspections } from '../inspections/inspections.table.ts';
import { requests } from './requests.table.ts';

// One promise per visit (issue 27 "Promised times"): the customer is told a time once, at the
// request; the repair of that visit starts with it, and a time typed on the repair is its own.

/** The due time of the request a repair's visit came from (through its estimate, else its inspection), or null. */
export async function visitPromise(db: Db, doc: { estimation_id?: unknown; inspection_id?: unknown }): Promise<string | null> {
  let requestId: string | null = null;
  if (typeof doc.estimation_id === 'string') {
    const [estimation] = await db.select({ request_id: estimations.request_id, inspection_id: estimations.inspection_id }).from(estimations).where(eq(estimations.id, doc.estimation_id));
    requestId = estimation?.request_id ?? null;
    if (!requestId && estimation?.inspection_id) doc = { inspection_id: estimation.inspection_id };
  }
  if (!requestId && typeof doc.inspection_id === 'string') {
    const [inspection] = await db.select({ request_id: inspections.request_id }).from(inspections).where(eq(inspections.id, doc.inspection_id));
    requestId = inspection?.request_id ?? null;
  }
  if (!requestId) return null;
  const [request] = await db.select({ due_at: requests.due_at }).from(requests).where(eq(requests.id, requestId));
  return request?.due_at ?? null;
}
