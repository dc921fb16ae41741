import { DeliverOrder, InvoiceOrder } from './SellOrder.tsx';
import { OrdersPage } from '../trade/OrdersPage.tsx';
import { pricedLines } from '../trade/pricedLines.ts';

/** An order's lines: a product (its name and selling price fill what is empty), work or free text; what left and was invoiced. */
const orderLines = pricedLines('sales-order-items', { add: 'sales-orders:add_line', empty: 'sales-orders:no_lines', line: 'sales-orders:line_n' }, ['quantity_delivered', 'quantity_invoiced']);

/** /sales/orders: the customers' orders by state; one opens with its lines, its actions, deliver and invoice. */
export default function SalesOrdersPage() {
  return (
    <OrdersPage
      type="sales-orders"
      party="recipient"
      warehouse="sourceWarehouse"
      reference="customer_reference"
      terms={['invoice_type']}
      lines={orderLines}
      defaults={{ invoice_type: 'standard' }}
      more={(order) => (
        <>
          <DeliverOrder order={order} />
          <InvoiceOrder order={order} />
        </>
      )}
    />
  );
}
