import { PaymentsPage } from '../trade/PaymentsPage.tsx';
import { RefundPayment } from './RefundPayment.tsx';

/** /sales/payments: what customers paid, each against its invoice, at the counter or online; a payment is refunded from its page. */
export default function SalesPaymentsPage() {
  return <PaymentsPage type="sales-payments" subject="sales payments" method="card" extra={['source', 'amount_refunded', 'refundOf']} actions={(payment) => <RefundPayment payment={payment} />} />;
}
