import { DocumentPage } from '../../components/resource/DocumentPage.tsx';
import { fieldsOf } from '../../components/resource/declared.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';

/** A delivery's lines: the order's product lines, only the quantity handed over is typed. */
const deliveryLines: LinesConfig = {
  type: 'sales-delivery-items',
  fixed: true,
  fields: fieldsOf('sales-delivery-items', ['description', 'quantity']),
  add: 'sales-deliveries:add_line',
  empty: 'sales-deliveries:no_lines',
  line: 'sales-deliveries:line_n',
};

/** /sales/deliveries: the deliveries by state; validating one takes its parts out of the warehouse. */
export default function SalesDeliveriesPage() {
  return (
    <DocumentPage
      type="sales-deliveries"
      columns={['salesOrder', 'recipient', { key: 'delivered_on', visibleFrom: 'md' }, { key: 'item_count', visibleFrom: 'lg' }]}
      listInclude="salesOrder,recipient"
      relationFilters={['recipient']}
      fields={[
        'salesOrder',
        'recipient',
        'sourceWarehouse',
        'delivered_on',
        { name: 'items', kind: 'lines', lines: deliveryLines, wide: true },
        'stockMovement',
        { name: 'notes', wide: true },
        'creator',
      ]}
      include="salesOrder,recipient,sourceWarehouse,items,stockMovement,creator"
    />
  );
}
