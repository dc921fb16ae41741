import type { RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { DocumentPage } from '../../components/resource/DocumentPage.tsx';
import { PayInvoice } from '../trade/PayInvoice.tsx';
import { pricedLines } from '../trade/pricedLines.ts';
import { INVOICE_COLUMNS, SETTLEMENT, TOTALS } from '../trade/documentFields.ts';

type Invoice = RecordOf<'purchases-invoices'> & Model;

/** A bill's lines, as the supplier wrote them (those drafted from the order can be corrected while it is a draft). */
const billLines = pricedLines('purchases-invoice-items', { add: 'purchases-invoices:add_line', empty: 'purchases-invoices:no_lines', line: 'purchases-invoices:line_n' });

/** /purchases/invoices: the suppliers' bills by state, what is paid and the balance; pay one from it. */
export default function PurchasesInvoicesPage() {
  const { t } = useTranslation();
  return (
    <DocumentPage
      type="purchases-invoices"
      creates
      columns={['supplier', { key: 'supplier_reference', visibleFrom: 'lg' }, ...INVOICE_COLUMNS]}
      listInclude="supplier"
      relationFilters={['supplier']}
      filters={['payment_status']}
      fields={[
        'supplier',
        'purchasesOrder',
        'supplier_reference',
        'issued_on',
        'expiration_time',
        { name: 'items', kind: 'lines', lines: billLines, wide: true },
        ...TOTALS,
        ...SETTLEMENT,
        { name: 'notes', wide: true },
        'allowedLocations',
        'creator',
      ]}
      include="supplier,purchasesOrder,items.product,items.taxGroup,payments,allowedLocations,creator"
      more={(invoice: Invoice) => <PayInvoice invoice={invoice} payments="purchases-payments" permission="create purchases payments" label={t('purchases-invoices:pay')} />}
    />
  );
}
