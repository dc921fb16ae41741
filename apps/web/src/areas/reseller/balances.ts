/** What each organization owes: the balances of its invoices due, added up (cents), by organization id. */
export function dueBalances(invoices: readonly { organization: string; balance: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of invoices) out.set(i.organization, (out.get(i.organization) ?? 0) + i.balance);
  return out;
}
