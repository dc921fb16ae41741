import { purchasesInvoiceWorkflow as workflow, type RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { DocumentPage } from '../../components/resource/DocumentPage.tsx';
import { PayInvoice } from '../trade/PayInvoice.tsx';
import { pricedLines } from '../trade/pricedLines.ts';

type Invoice = RecordOf<'purchases-invoices'> & Model;

/** A bill's lines, as the supplier wrote them (those drafted from the order can be corrected while it is a draft). */
const billLines = pricedLines('purchases-invoice-items', { add: 'purchases-invoices:add_line', empty: 'purchases-invoices:no_lines', line: 'purchases-invoices:line_n' });

/** /purchases/invoices: the suppliers' bills by state, what is paid and the balance; pay one from it. */
export default function PurchasesInvoicesPage() {
  const { t } = useTranslation();
  return (
    <DocumentPage
      type="purchases-invoices"
      workflow={workflow}
      subject="purchases invoices"
      creates
      columns={['supplier', { key: 'supplier_reference', visibleFrom: 'lg' }, { key: 'expiration_time', visibleFrom: 'md' }, { key: 'payment_status', visibleFrom: 'md' }, 'total', { key: 'balance', visibleFrom: 'sm' }]}
      listInclude="supplier"
      relationFilters={['supplier']}
      filters={['payment_status']}
      fields={[
        'code',
        'state',
        'supplier',
        'purchasesOrder',
        'supplier_reference',
        'issued_on',
        'expiration_time',
        { name: 'items', kind: 'lines', lines: billLines, wide: true },
        'subtotal',
        'tax_total',
        'total',
        'amount_paid',
        'balance',
        'payment_status',
        'payments',
        { name: 'notes', wide: true },
        'allowedLocations',
        'creator',
        'validated_at',
        'created_at',
      ]}
      include="supplier,purchasesOrder,items.product,items.taxGroup,payments,allowedLocations,creator"
      more={(invoice: Invoice) => <PayInvoice invoice={invoice} payments="purchases-payments" permission="create purchases payments" label={t('purchases-invoices:pay')} />}
    />
  );
}
