import { DeliveriesPage, deliveryLines } from '../trade/DeliveriesPage.tsx';

/** A delivery's lines: the order's product lines, only the quantity handed over is typed. */
const lines = deliveryLines('sales-delivery-items', { add: 'sales-deliveries:add_line', empty: 'sales-deliveries:no_lines', line: 'sales-deliveries:line_n' });

/** /sales/deliveries: the deliveries by state; validating one takes its parts out of the warehouse. */
export default function SalesDeliveriesPage() {
  return <DeliveriesPage type="sales-deliveries" order="salesOrder" party="recipient" warehouse="sourceWarehouse" date="delivered_on" lines={lines} />;
}
