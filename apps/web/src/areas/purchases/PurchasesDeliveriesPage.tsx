import { DeliveriesPage, deliveryLines } from '../trade/DeliveriesPage.tsx';

/** A receipt's lines: the order's, only their quantity received is typed (what the box held), and what each cost. */
const receiptLines = deliveryLines('purchases-delivery-items', { add: 'purchases-deliveries:add_line', empty: 'purchases-deliveries:no_lines', line: 'purchases-deliveries:line_n' }, ['unit_cost']);

/** /purchases/deliveries: the receipts by state; validating one brings its parts into the warehouse. */
export default function PurchasesDeliveriesPage() {
  return (
    <DeliveriesPage
      type="purchases-deliveries"
      order="purchasesOrder"
      party="supplier"
      warehouse="destinationWarehouse"
      date="received_on"
      own={['supplier_reference']}
      lines={receiptLines}
    />
  );
}
