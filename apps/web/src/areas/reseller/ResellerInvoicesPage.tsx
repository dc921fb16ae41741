import { Button } from '@mantine/core';
import type { RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { listPath } from '../../app/resources.ts';
import { DocumentPage } from '../../components/resource/DocumentPage.tsx';
import { fieldsOf } from '../../components/resource/declared.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';
import { PdfButton } from '../../components/PdfButton.tsx';
import { INVOICE_COLUMNS, SETTLEMENT, TOTALS } from '../trade/documentFields.ts';
import { LINE_ROW } from '../trade/pricedLines.ts';

type Invoice = RecordOf<'reseller-invoices'> & Model;

/** An invoice's lines: a product or a service of the reseller (its name, price and tax group fill what is left empty), or a line of its own. */
const invoiceLines: LinesConfig = {
  type: 'reseller-invoice-items',
  orderable: true,
  fields: fieldsOf('reseller-invoice-items', ['resellerProduct', 'resellerService', 'description', 'quantity', 'unit_price', 'discount', 'taxGroup', 'subtotal', 'tax_total', 'total']),
  row: LINE_ROW(['description']),
  defaults: { quantity: 1 },
  add: 'reseller-invoices:add_line',
  empty: 'reseller-invoices:no_lines',
  line: 'reseller-invoices:line_n',
};

/** Its PDF (the reseller's branding, taxes), and a payment's form for it, its balance as the amount. */
function InvoiceButtons({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const payable = can('create reseller payments') && invoice.state === 'validated' && Number(invoice.balance) > 0;
  const to = `${listPath('reseller-payments')}?action=add&invoice=${encodeURIComponent(invoice.id)}&amount=${Number(invoice.balance)}`;
  return (
    <>
      <PdfButton path={`/reseller-invoices/${encodeURIComponent(invoice.id)}/report`} fileName={`${invoice.code || invoice.id}.pdf`} label={t('reseller-invoices:pdf')} testId="reseller-invoice-pdf" />
      {payable && (
        <Button size="md" variant="light" component={Link} to={to} data-testid="reseller-invoice-pay">
          {t('reseller-invoices:pay')}
        </Button>
      )}
    </>
  );
}

/** /reseller/reseller-invoices: the reseller's invoices to its organizations by state, what is paid and the balance; its PDF. */
export default function ResellerInvoicesPage() {
  return (
    <DocumentPage
      type="reseller-invoices"
      creates
      columns={['recipient', ...INVOICE_COLUMNS]}
      listInclude="recipient"
      relationFilters={['recipient']}
      filters={['payment_status']}
      fields={[
        'recipient',
        'subscription',
        'issued_on',
        'expiration_time',
        'period_start',
        'period_end',
        { name: 'items', kind: 'lines', lines: invoiceLines, wide: true },
        ...TOTALS,
        ...SETTLEMENT,
        { name: 'billing_address', wide: true },
        { name: 'notes', wide: true },
        'creator',
      ]}
      include="recipient,subscription,items.resellerProduct,items.resellerService,items.taxGroup,payments,creator"
      more={(invoice: Invoice) => <InvoiceButtons invoice={invoice} />}
    />
  );
}
