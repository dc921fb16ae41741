import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import { useMe } from '../../app/AppData.tsx';
import { notifyDrafted, type DraftedOrders } from './drafted.ts';

/**
 * "Order the missing parts" of an estimate or a repair (issue 22): the inventory parts the items
 * need and the location's parts room lacks are drafted as purchase orders, one per supplier; the
 * items' part status reads "ordered" from then on, and "received" once the parts come.
 */
export function OrderPartsButton({ type, id, items, onDone }: { type: 'repairs' | 'estimations'; id: string; items: readonly { product?: unknown; part_status?: string | null }[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const run = useMutation({
    mutationFn: () => request<{ meta: DraftedOrders }>(`/${type}/${encodeURIComponent(id)}/order-parts`, { method: 'POST', body: {} }),
    onSuccess: ({ meta }) => {
      onDone();
      notifyDrafted({ done: 'purchases:order_parts.done', nothing: 'purchases:order_parts.nothing', withoutSupplier: 'purchases:order_parts.without_supplier' }, meta);
    },
  });
  // Only where an item names an inventory part not yet ordered.
  if (!can('create purchases orders') || !items.some((i) => i.product && i.part_status !== 'ordered' && i.part_status !== 'received')) return null;
  return (
    <Button size="md" variant="light" onClick={() => run.mutate()} loading={run.isPending} data-testid={`${type === 'repairs' ? 'repair' : 'estimation'}-order-parts`}>
      {t('purchases:order_parts.button')}
    </Button>
  );
}
