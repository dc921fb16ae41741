import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../api/client.ts';
import { useMe } from '../../app/AppData.tsx';
import { listPath } from '../../app/resources.ts';
import { notify } from '../../app/notify.tsx';

/** The answer of POST /purchases-orders/reorder. */
interface Reordered {
  meta: { orders: { id: string; code: string; lines: number }[]; without_supplier: string[] };
}

/**
 * "Order what is missing" on a warehouse's stock (issue 22): the server drafts one order per
 * supplier of the parts at or below their minimum (none twice: what is on order counts); the
 * drafts open in the orders list to be checked and sent.
 */
export function ReorderButton({ warehouse }: { warehouse: string }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const run = useMutation({
    mutationFn: () => request<Reordered>('/purchases-orders/reorder', { method: 'POST', body: { data: { attributes: { warehouse } } } }),
    onSuccess: ({ meta }) => {
      void qc.invalidateQueries();
      const skipped = meta.without_supplier.length ? ` ${t('warehouses:reorder.without_supplier', { count: meta.without_supplier.length })}` : '';
      if (!meta.orders.length) return notify({ color: 'gray', message: t('warehouses:reorder.nothing') + skipped });
      notify({ color: 'teal', message: t('warehouses:reorder.done', { count: meta.orders.length, codes: meta.orders.map((o) => o.code).join(', ') }) + skipped });
      navigate(`${listPath('purchases-orders')}?filter[state]=draft`);
    },
  });
  if (!can('create purchases orders')) return null;
  return (
    <Button variant="light" onClick={() => run.mutate()} loading={run.isPending} data-testid="reorder">
      {t('warehouses:reorder.button')}
    </Button>
  );
}
