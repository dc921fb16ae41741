import i18n from '../../i18n/index.ts';
import { notify } from '../../app/notify.tsx';

/** The meta of an action that drafts purchase orders (reorder, a repair's missing parts). */
export interface DraftedOrders {
  orders: { id: string; code: string; lines: number }[];
  without_supplier: string[];
}

/**
 * Says what such an action drafted, in its namespace's words (`<ns>.done`, `.nothing`,
 * `.without_supplier`, counted): the orders made, or nothing, and the parts nobody sells.
 */
export function notifyDrafted(ns: string, meta: DraftedOrders) {
  const t = i18n.t.bind(i18n);
  const skipped = meta.without_supplier.length ? ` ${t(`${ns}.without_supplier`, { count: meta.without_supplier.length })}` : '';
  if (!meta.orders.length) return notify({ color: 'gray', message: t(`${ns}.nothing`) + skipped });
  notify({ color: 'teal', message: t(`${ns}.done`, { count: meta.orders.length, codes: meta.orders.map((o) => o.code).join(', ') }) + skipped });
}
