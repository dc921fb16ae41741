import { sql } from 'drizzle-orm';
import { toUuidArray } from '../../access/tenancy.ts';
import { rowsOf } from '../../db/client.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Row } from '../../jsonapi/define-resource.ts';
import { allowed } from '../../jsonapi/policies.ts';
import { users } from '../admin/admin.table.ts';
import { resellerInvoices } from './reseller.table.ts';

/** What the reseller's home shows of an organization beside its package and subscription. */
export interface Usage {
  /** Its active users, to compare with its package's maximum. */
  active_users: number;
  /** What it owes (cents): the balances of its validated invoices not fully paid, those the reader sees. */
  balance: number;
}

/**
 * The usage of each of these organizations, in two statements whatever their number (the home
 * made one request per organization). Balances only for a reader of reseller invoices, through
 * their scope.
 */
export async function usageOf(ctx: RequestContext, rows: Row[]): Promise<Record<string, Usage>> {
  const ids = rows.map((r) => String(r.id));
  const out: Record<string, Usage> = Object.fromEntries(ids.map((id) => [id, { active_users: 0, balance: 0 }]));
  if (!ids.length) return out;
  const counted = rowsOf<{ id: string; n: number }>(
    await ctx.db.execute(sql`SELECT ${users.organization_id}::text AS id, count(*)::int AS n FROM ${users}
      WHERE ${users.organization_id} = ANY(${toUuidArray(ids)}) AND ${users.active} GROUP BY ${users.organization_id}`),
  );
  for (const r of counted) out[r.id].active_users = r.n;
  const invoices = ctx.registry.resource('reseller-invoices');
  if (allowed(ctx, invoices, 'view')) {
    const scope = invoices.tenancy.scope(ctx.actor, resellerInvoices);
    const owed = rowsOf<{ id: string; balance: number }>(
      await ctx.db.execute(sql`SELECT ${resellerInvoices.organization_id}::text AS id, coalesce(sum(${resellerInvoices.balance}), 0)::bigint AS balance FROM ${resellerInvoices}
        WHERE ${resellerInvoices.organization_id} = ANY(${toUuidArray(ids)}) AND ${resellerInvoices.state} = 'validated'
          AND ${resellerInvoices.payment_status} IN ('unpaid', 'partially_paid')${scope ? sql` AND ${scope}` : sql``}
        GROUP BY ${resellerInvoices.organization_id}`),
    );
    for (const r of owed) out[r.id].balance = Number(r.balance);
  }
  return out;
}
