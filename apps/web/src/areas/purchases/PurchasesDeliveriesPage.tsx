import { DocumentPage } from '../../components/resource/DocumentPage.tsx';
import { fieldsOf } from '../../components/resource/declared.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';

/** A receipt's lines: the order's, only their quantity received is typed (what the box held). */
const receiptLines: LinesConfig = {
  type: 'purchases-delivery-items',
  fixed: true,
  fields: fieldsOf('purchases-delivery-items', ['description', 'quantity', 'unit_cost']),
  add: 'purchases-deliveries:add_line',
  empty: 'purchases-deliveries:no_lines',
  line: 'purchases-deliveries:line_n',
};

/** /purchases/deliveries: the receipts by state; validating one brings its parts into the warehouse. */
export default function PurchasesDeliveriesPage() {
  return (
    <DocumentPage
      type="purchases-deliveries"
      columns={['purchasesOrder', 'supplier', { key: 'received_on', visibleFrom: 'md' }, { key: 'item_count', visibleFrom: 'lg' }]}
      listInclude="purchasesOrder,supplier"
      relationFilters={['supplier']}
      fields={[
        'purchasesOrder',
        'supplier',
        'destinationWarehouse',
        'received_on',
        'supplier_reference',
        { name: 'items', kind: 'lines', lines: receiptLines, wide: true },
        'stockMovement',
        { name: 'notes', wide: true },
        'creator',
      ]}
      include="purchasesOrder,supplier,destinationWarehouse,items,stockMovement,creator"
    />
  );
}
