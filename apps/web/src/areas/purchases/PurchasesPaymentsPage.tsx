import { useSearchParams } from 'react-router';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

/**
 * /purchases/payments: what was paid to suppliers, each against its bill (never more than its
 * balance). From a bill's Pay button (?invoice=&amount=, in cents) the new payment is of that bill, for its balance.
 */
export default function PurchasesPaymentsPage() {
  const [params] = useSearchParams();
  const invoice = params.get('invoice');
  const balance = Number(params.get('amount'));
  return (
    <SimpleResourcePage
      type="purchases-payments"
      subject="purchases payments"
      columns={['invoice', 'amount', 'paid_on', 'method', { key: 'reference', visibleFrom: 'md' }, { key: 'created_at', visibleFrom: 'lg' }]}
      listInclude="invoice"
      defaultSort="-paid_on"
      fields={['invoice', 'amount', 'paid_on', 'method', 'reference', { name: 'notes', wide: true }, 'allowedLocations', 'creator', 'created_at']}
      include="invoice,allowedLocations,creator"
      filters={['method']}
      defaults={{
        method: 'transfer',
        paid_on: new Date().toISOString().slice(0, 10),
        ...(invoice ? { invoice } : {}),
        ...(Number.isInteger(balance) && balance > 0 ? { amount: balance } : {}),
      }}
      titleOf={(p) => String(p.reference ?? '')}
    />
  );
}
