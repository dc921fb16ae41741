import { PaymentsPage } from '../trade/PaymentsPage.tsx';

/** /sales/payments: what customers paid, each against its invoice, at the counter or online. */
export default function SalesPaymentsPage() {
  return <PaymentsPage type="sales-payments" subject="sales payments" method="card" extra={['source']} />;
}
