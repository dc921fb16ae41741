import type { RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { DocumentPage } from '../../components/resource/DocumentPage.tsx';
import { PdfButton } from '../../components/PdfButton.tsx';
import { PayInvoice } from '../trade/PayInvoice.tsx';
import { CreditInvoice } from './CreditInvoice.tsx';
import { SendInvoice } from './SendInvoice.tsx';
import { pricedLines } from '../trade/pricedLines.ts';
import { INVOICE_COLUMNS, SETTLEMENT, TOTALS } from '../trade/documentFields.ts';

type Invoice = RecordOf<'sales-invoices'> & Model;

/** An invoice's lines (those drafted from an order or a repair can be corrected while it is a draft; a deposit deducted is a negative line). */
const invoiceLines = pricedLines('sales-invoice-items', { add: 'sales-invoices:add_line', empty: 'sales-invoices:no_lines', line: 'sales-invoices:line_n' });

/**
 * /sales/invoices: the customers' invoices by state, what is paid and the balance; take a payment
 * from one, correct a validated one by a credit note (each links to the other).
 */
export default function SalesInvoicesPage() {
  const { t } = useTranslation();
  return (
    <DocumentPage
      type="sales-invoices"
      creates
      columns={['recipient', { key: 'kind', visibleFrom: 'lg' }, ...INVOICE_COLUMNS]}
      listInclude="recipient"
      relationFilters={['recipient']}
      filters={['payment_status', 'kind']}
      fields={[
        'kind',
        'recipient',
        'salesOrder',
        'repair',
        'estimation',
        'creditedInvoice',
        'creditNotes',
        'vehicle',
        'issued_on',
        'expiration_time',
        { name: 'billing_address', wide: true },
        { name: 'items', kind: 'lines', lines: invoiceLines, wide: true },
        ...TOTALS,
        'amount_credited',
        ...SETTLEMENT,
        { name: 'notes', wide: true },
        'allowedLocations',
        'creator',
      ]}
      include="recipient,salesOrder,repair,estimation,creditedInvoice,creditNotes,vehicle,items.product,items.taxGroup,payments,allowedLocations,creator"
      more={(invoice: Invoice) => (
        <>
          <SendInvoice invoice={invoice} onSent={() => undefined} />
          <CreditInvoice invoice={invoice} />
          <PayInvoice invoice={invoice} payments="sales-payments" permission="create sales payments" label={t('sales-invoices:pay')} />
          <PdfButton path={`/sales-invoices/${encodeURIComponent(invoice.id)}/report`} fileName={`${invoice.code || t('sales-invoices:draft_file')}.pdf`} label={t('sales-invoices:pdf')} testId="invoice-pdf" />
        </>
      )}
    />
  );
}
