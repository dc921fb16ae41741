import { subscriptionState } from '@atelier/domain';
import { and, eq, lte } from 'drizzle-orm';
import { records } from '../../jsonapi/records.ts';
import { inTransaction, type Services } from '../../jsonapi/router.ts';
import { systemContext } from '../../jsonapi/system.ts';
import { subscriptionInvoice } from './subscription-invoice.ts';
import { renewalValues } from './subscriptions.resource.ts';
import { subscriptions } from './reseller.table.ts';

const HOUR_SECONDS = 3600;

/**
 * The subscriptions' job (issue 24), at start and every hour: an automatic subscription whose end
 * has come is renewed by its package's frequency and its new period's invoice made (a draft for
 * the reseller to validate); the others' states follow the time (renewable in their last days,
 * expired at their end). Each subscription in its own transaction, locked, so two servers never
 * renew one twice; written through the record service as the reseller's system, so the activity
 * log keeps it.
 */
export async function runRenewals(services: Pick<Services, 'database' | 'registry' | 'config' | 'mailer'>, now = new Date()): Promise<{ renewed: number; changed: number }> {
  const db = services.database.db;
  const base = { db, registry: services.registry, config: services.config, mailer: services.mailer };
  const due = await db
    .select({ id: subscriptions.id, reseller_id: subscriptions.reseller_id })
    .from(subscriptions)
    .where(and(eq(subscriptions.auto_renew, true), lte(subscriptions.end_time, now.toISOString())));
  let renewed = 0;
  for (const { id, reseller_id } of due) {
    const system = systemContext(base, null, { cause: { type: 'subscriptions', id }, resellerId: reseller_id });
    renewed += await inTransaction(system, async (ctx) => {
      const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
      if (!row?.auto_renew || new Date(row.end_time) > now) return 0;
      await records(ctx, 'subscriptions').update([id], await renewalValues(ctx, row, now), { event: 'renew' });
      await subscriptionInvoice(ctx, row.organization_id, { cause: { type: 'subscriptions', id } });
      return 1;
    });
  }
  const stale = (await db.select().from(subscriptions)).filter((row) => row.state !== subscriptionState(new Date(row.end_time), now));
  for (const row of stale) {
    const system = systemContext(base, null, { cause: { type: 'subscriptions', id: row.id }, resellerId: row.reseller_id });
    await inTransaction(system, (ctx) => records(ctx, 'subscriptions').update([row.id], { state: subscriptionState(new Date(row.end_time), now) }));
  }
  return { renewed, changed: stale.length };
}

/** Runs the job at start, then every hour: a timer job of the queue, on one instance at a time. */
export function renewalJobs(services: Services) {
  services.jobs.every('subscriptions.renew', HOUR_SECONDS, () => runRenewals(services));
}
