import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../api/client.ts';
import { useMe } from '../../app/AppData.tsx';
import { listPath } from '../../app/resources.ts';
import { notifyDrafted, type DraftedOrders } from '../purchases/drafted.ts';


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
    mutationFn: () => request<{ meta: DraftedOrders }>('/purchases-orders/reorder', { method: 'POST', body: { data: { attributes: { warehouse } } } }),
    onSuccess: ({ meta }) => {
      void qc.invalidateQueries();
      notifyDrafted({ done: 'warehouses:reorder.done', nothing: 'warehouses:reorder.nothing', withoutSupplier: 'warehouses:reorder.without_supplier' }, meta);
      if (meta.orders.length) navigate(`${listPath('purchases-orders')}?filter[state]=draft`);
    },
  });
  if (!can('create purchases orders')) return null;
  return (
    <Button variant="light" onClick={() => run.mutate()} loading={run.isPending} data-testid="reorder">
      {t('warehouses:reorder.button')}
    </Button>
  );
}
