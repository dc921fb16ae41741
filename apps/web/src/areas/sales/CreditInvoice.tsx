import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { useMe } from '../../app/AppData.tsx';
import { hrefOf } from '../../app/resources.ts';

/**
 * « Note de crédit » on a validated invoice: the draft credit note of all that is left to credit,
 * opened to lower or remove lines before it is validated (a validated invoice never changes).
 */
export function CreditInvoice({ invoice }: { invoice: { id: string; state?: string | null; kind?: string | null; available_actions?: unknown } }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const run = useMutation({
    mutationFn: () => api.action(`/sales-invoices/${encodeURIComponent(invoice.id)}/credit`, 'POST'),
    onSuccess: (note) => {
      void qc.invalidateQueries();
      if (note) navigate(hrefOf('sales-invoices')(note.id));
    },
  });
  if (!can('create sales invoices') || invoice.state !== 'validated' || invoice.kind === 'credit_note') return null;
  return (
    <Button size="md" variant="light" color="orange.8" onClick={() => run.mutate()} loading={run.isPending} data-testid="invoice-credit">
      {t('sales-invoices:credit')}
    </Button>
  );
}
