import { useMe } from '../../app/AppData.tsx';
import { AmountDialog } from './AmountDialog.tsx';

/** « Facture d'acompte » on an approved estimate: an amount or a percentage of the approved work; the deposit invoice opens. */
export function DepositInvoiceButton({ estimation }: { estimation: { id: string; state?: string | null; customer?: unknown } }) {
  const { can } = useMe();
  if (!can('create sales invoices') || estimation.state !== 'approved' || !estimation.customer) return null;
  return (
    <AmountDialog
      path={`/estimations/${encodeURIComponent(estimation.id)}/deposit-invoice`}
      made="sales-invoices"
      texts={{
        button: 'sales-invoices:deposit.button',
        amount: 'sales-invoices:deposit.amount',
        percentage: 'sales-invoices:deposit.percentage',
        confirm: 'sales-invoices:deposit.confirm',
        submit: 'sales-invoices:deposit.submit',
      }}
      percentage
      testId="estimation-deposit"
    />
  );
}
