import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import { useMe } from '../../app/AppData.tsx';
import { notify } from '../../app/notify.tsx';

/** The answer of POST /repairs/{id}/order-parts (the repair's document, with what was ordered in meta). */
interface Ordered {
  meta: { orders: { id: string; code: string; lines: number }[]; without_supplier: string[] };
}

/**
 * "Order the missing parts" (issue 22): the inventory parts the items need and the location's parts
 * room lacks are drafted as purchase orders, one per supplier; the items' part status reads
 * "ordered" from then on, and "received" once the parts come.
 */
export function OrderPartsButton({ repair, items, onDone }: { repair: { id: string }; items: readonly { product?: unknown; part_status?: string | null }[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const run = useMutation({
    mutationFn: () => request<Ordered>(`/repairs/${encodeURIComponent(repair.id)}/order-parts`, { method: 'POST', body: {} }),
    onSuccess: ({ meta }) => {
      onDone();
      const skipped = meta.without_supplier.length ? ` ${t('repairs:order_parts.without_supplier', { count: meta.without_supplier.length })}` : '';
      if (!meta.orders.length) return notify({ color: 'gray', message: t('repairs:order_parts.nothing') + skipped });
      notify({ color: 'teal', message: t('repairs:order_parts.done', { count: meta.orders.length, codes: meta.orders.map((o) => o.code).join(', ') }) + skipped });
    },
  });
  // Only where an item names an inventory part not yet ordered.
  if (!can('create purchases orders') || !items.some((i) => i.product && i.part_status !== 'ordered' && i.part_status !== 'received')) return null;
  return (
    <Button size="md" variant="light" onClick={() => run.mutate()} loading={run.isPending} data-testid="repair-order-parts">
      {t('repairs:order_parts.button')}
    </Button>
  );
}
