import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import { callbackDeliveries } from './settings.table.ts';

/**
 * The demo's callback history, so the settings screen shows what a delivery log looks like: Garage
 * Démo's CRM received its inspection's completion, Autos Rivière's receiver could not be reached.
 * The URLs use reserved example names (RFC 2606); the demo sets no live callback URL.
 */
export async function seedDemoCallbacks(db: Db) {
  const examples = [
    { org: 'Garage Démo', url: 'https://crm.garage-demo.example/atelier/callbacks', delivered: true },
    { org: 'Autos Rivière', url: 'https://hooks.autos-riviere.example/atelier', delivered: false },
  ];
  for (const e of examples) {
    const [inspection] = rowsOf<{ id: string; organization_id: string }>(
      await db.execute(sql`SELECT i.id, i.organization_id FROM inspections i JOIN organizations o ON o.id = i.organization_id WHERE o.name = ${e.org} ORDER BY i.id LIMIT 1`),
    );
    if (!inspection) continue;
    const id = newId();
    await db.insert(callbackDeliveries).values({
      id,
      organization_id: inspection.organization_id,
      event: 'inspection.completed',
      url: e.url,
      subject_type: 'inspections',
      subject_id: inspection.id,
      body: JSON.stringify({ jsonapi: { version: '1.1' }, data: { type: 'inspections', id: inspection.id }, meta: { event: 'inspection.completed', delivery: id } }),
      status: e.delivered ? 'delivered' : 'failed',
      attempts: e.delivered ? 1 : 8,
      response_code: e.delivered ? 200 : null,
      response_excerpt: e.delivered ? '{"received":true}' : null,
      last_error: e.delivered ? null : 'getaddrinfo ENOTFOUND hooks.autos-riviere.example',
      delivered_at: e.delivered ? sql`now()` : null,
    });
  }
}
