import i18n from '../../i18n/index.ts';
import { notify } from '../../app/notify.tsx';

/** The meta of an action that drafts purchase orders (reorder, a repair's missing parts). */
export interface DraftedOrders {
  orders: { id: string; code: string; lines: number }[];
  without_supplier: string[];
}

/** The caller's words, as full keys so the locale test checks they exist (counted by `count`). */
export interface DraftedTexts {
  done: string;
  nothing: string;
  withoutSupplier: string;
}

/** Says what such an action drafted: the orders made, or nothing, and the parts nobody sells. */
export function notifyDrafted(texts: DraftedTexts, meta: DraftedOrders) {
  const t = i18n.t.bind(i18n);
  const skipped = meta.without_supplier.length ? ` ${t(texts.withoutSupplier, { count: meta.without_supplier.length })}` : '';
  if (!meta.orders.length) return notify({ color: 'gray', message: t(texts.nothing) + skipped });
  notify({ color: 'teal', message: t(texts.done, { count: meta.orders.length, codes: meta.orders.map((o) => o.code).join(', ') }) + skipped });
}
