import type { RecordOf } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import { DocumentPage } from '../../components/resource/DocumentPage.tsx';
import { useTranslation } from 'react-i18next';
import { PdfButton } from '../../components/PdfButton.tsx';
import { BillOrder, ReceiveOrder } from './ReceiveOrder.tsx';
import { pricedLines } from '../trade/pricedLines.ts';
import { ORDER_COLUMNS, TOTALS } from '../trade/documentFields.ts';

type Order = RecordOf<'purchases-orders'> & Model;

/** An order's lines: the product (its name and the supplier's price fill what is empty), quantity, price, discount; what came and was billed. */
export const orderLines = pricedLines('purchases-order-items', { add: 'purchases-orders:add_line', empty: 'purchases-orders:no_lines', line: 'purchases-orders:line_n' }, ['quantity_delivered', 'quantity_invoiced']);

/** /purchases/orders: the orders to suppliers by state; one opens with its lines, its actions, and receive and bill. */
export default function PurchasesOrdersPage() {
  const { t } = useTranslation();
  return (
    <DocumentPage
      type="purchases-orders"
      creates
      columns={['supplier', ...ORDER_COLUMNS]}
      listInclude="supplier"
      relationFilters={['supplier']}
      filters={['delivery_status', 'invoicing_status']}
      fields={[
        'supplier',
        'destinationWarehouse',
        'expected_on',
        'supplier_reference',
        'invoicing_type',
        'delivery_status',
        'invoicing_status',
        { name: 'items', kind: 'lines', lines: orderLines, wide: true },
        ...TOTALS,
        { name: 'notes', wide: true },
        'allowedLocations',
        'issuer',
      ]}
      include="supplier,destinationWarehouse,items.product,items.taxGroup,allowedLocations,issuer"
      defaults={{ invoicing_type: 'complete' }}
      more={(order: Order) => (
        <>
          <ReceiveOrder order={order} />
          <BillOrder order={order} />
          <PdfButton path={`/purchases-orders/${encodeURIComponent(order.id)}/report`} fileName={`${order.code || order.id}.pdf`} label={t('purchases-orders:pdf')} testId="order-pdf" />
        </>
      )}
    />
  );
}
