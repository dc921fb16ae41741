import { useSearchParams } from 'react-router';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

/**
 * /reseller/reseller-payments: what organizations paid the reseller, each against its invoice
 * (never more than its balance). From an invoice's button (?invoice=&amount=, in cents) the new
 * payment is of that invoice, for its balance.
 */
export default function ResellerPaymentsPage() {
  const [params] = useSearchParams();
  const invoice = params.get('invoice');
  const balance = Number(params.get('amount'));
  return (
    <SimpleResourcePage
      type="reseller-payments"
      subject="reseller payments"
      columns={['invoice', 'organization', 'amount', 'paid_on', 'method', { key: 'reference', visibleFrom: 'md' }]}
      listInclude="invoice,organization"
      defaultSort="-paid_on"
      fields={['invoice', 'organization', 'amount', 'paid_on', 'method', 'reference', { name: 'notes', wide: true }, 'creator', 'created_at']}
      include="invoice,organization,creator"
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
