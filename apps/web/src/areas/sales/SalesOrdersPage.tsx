import type { RecordOf } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import { DocumentPage } from '../../components/resource/DocumentPage.tsx';
import { DeliverOrder, InvoiceOrder } from './SellOrder.tsx';
import { pricedLines } from '../trade/pricedLines.ts';
import { ORDER_COLUMNS, TOTALS } from '../trade/documentFields.ts';

type Order = RecordOf<'sales-orders'> & Model;

/** An order's lines: a product (its name and selling price fill what is empty), work or free text; what left and was invoiced. */
const orderLines = pricedLines('sales-order-items', { add: 'sales-orders:add_line', empty: 'sales-orders:no_lines', line: 'sales-orders:line_n' }, ['quantity_delivered', 'quantity_invoiced']);

/** /sales/orders: the customers' orders by state; one opens with its lines, its actions, deliver and invoice. */
export default function SalesOrdersPage() {
  return (
    <DocumentPage
      type="sales-orders"
      creates
      columns={['recipient', ...ORDER_COLUMNS]}
      listInclude="recipient"
      relationFilters={['recipient']}
      filters={['delivery_status', 'invoicing_status']}
      fields={[
        'recipient',
        'sourceWarehouse',
        'expected_on',
        'customer_reference',
        'invoicing_type',
        'invoice_type',
        'delivery_status',
        'invoicing_status',
        { name: 'items', kind: 'lines', lines: orderLines, wide: true },
        ...TOTALS,
        { name: 'notes', wide: true },
        'allowedLocations',
        'issuer',
      ]}
      include="recipient,sourceWarehouse,items.product,items.taxGroup,allowedLocations,issuer"
      defaults={{ invoicing_type: 'complete', invoice_type: 'standard' }}
      more={(order: Order) => (
        <>
          <DeliverOrder order={order} />
          <InvoiceOrder order={order} />
        </>
      )}
    />
  );
}
