import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { useMe } from '../../app/AppData.tsx';
import { hrefOf } from '../../app/resources.ts';

/**
 * "Facturer" on a completed repair (issue 23): the customer's invoice from its items, made once
 * (a second click opens the same one), opened to check and validate.
 */
export function InvoiceRepairButton({ repair }: { repair: { id: string; state?: string | null; customer?: unknown } }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const run = useMutation({
    mutationFn: () => api.action(`/repairs/${encodeURIComponent(repair.id)}/invoice`, 'POST'),
    onSuccess: (invoice) => {
      void qc.invalidateQueries();
      if (invoice) navigate(hrefOf('sales-invoices')(invoice.id));
    },
  });
  if (!can('create sales invoices') || (repair.state !== 'completed' && repair.state !== 'validated') || !repair.customer) return null;
  return (
    <Button size="md" variant="light" onClick={() => run.mutate()} loading={run.isPending} data-testid="repair-invoice">
      {t('repairs:invoice')}
    </Button>
  );
}
