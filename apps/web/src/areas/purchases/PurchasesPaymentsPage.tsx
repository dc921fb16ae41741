import { PaymentsPage } from '../trade/PaymentsPage.tsx';

/** /purchases/payments: what was paid to suppliers, each against its bill. */
export default function PurchasesPaymentsPage() {
  return <PaymentsPage type="purchases-payments" subject="purchases payments" method="transfer" />;
}
