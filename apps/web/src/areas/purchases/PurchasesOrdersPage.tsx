import { useTranslation } from 'react-i18next';
import { PdfButton } from '../../components/PdfButton.tsx';
import { BillOrder, ReceiveOrder } from './ReceiveOrder.tsx';
import { OrdersPage } from '../trade/OrdersPage.tsx';
import { pricedLines } from '../trade/pricedLines.ts';

/** An order's lines: the product (its name and the supplier's price fill what is empty), quantity, price, discount; what came and was billed. */
export const orderLines = pricedLines('purchases-order-items', { add: 'purchases-orders:add_line', empty: 'purchases-orders:no_lines', line: 'purchases-orders:line_n' }, ['quantity_delivered', 'quantity_invoiced']);

/** /purchases/orders: the orders to suppliers by state; one opens with its lines, its actions, and receive and bill. */
export default function PurchasesOrdersPage() {
  const { t } = useTranslation();
  return (
    <OrdersPage
      type="purchases-orders"
      party="supplier"
      warehouse="destinationWarehouse"
      reference="supplier_reference"
      lines={orderLines}
      more={(order) => (
        <>
          <ReceiveOrder order={order} />
          <BillOrder order={order} />
          <PdfButton path={`/purchases-orders/${encodeURIComponent(order.id)}/report`} fileName={`${order.code || order.id}.pdf`} label={t('purchases-orders:pdf')} testId="order-pdf" />
        </>
      )}
    />
  );
}
