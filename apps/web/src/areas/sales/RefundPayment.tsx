import { useMe } from '../../app/AppData.tsx';
import { AmountDialog } from './AmountDialog.tsx';

/** « Rembourser » on a customer's payment: what is left of it prefilled, confirmed, then the refund (through the provider when it was paid online). */
export function RefundPayment({ payment }: { payment: { id: string; amount?: number | null; amount_refunded?: number | null } }) {
  const { can } = useMe();
  const refundable = Number(payment.amount ?? 0) - Number(payment.amount_refunded ?? 0);
  if (!can('create sales payments') || !(Number(payment.amount) > 0) || refundable <= 0) return null;
  return (
    <AmountDialog
      path={`/sales-payments/${encodeURIComponent(payment.id)}/refund`}
      made="sales-payments"
      texts={{ button: 'sales-payments:refund.button', amount: 'sales-payments:refund.amount', confirm: 'sales-payments:refund.confirm', submit: 'sales-payments:refund.submit' }}
      initial={refundable}
      testId="payment-refund"
      // The payment stays open: its refunded amount and the refund listed follow.
      open={false}
    />
  );
}
