import type { ReactNode } from 'react';
import type { RecordOf } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import { DocumentPage } from '../../components/resource/DocumentPage.tsx';
import type { FieldName, RelationshipName } from '../../components/resource/declared.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';
import { ORDER_COLUMNS, TOTALS } from './documentFields.ts';

type OrderType = 'purchases-orders' | 'sales-orders';

/**
 * An order's screen, one for both sides (to a supplier, from a customer), as their declarations are
 * one (the domain's tradeOrder): the list by state and by how far it is delivered and invoiced; an
 * order's party, warehouse, date and reference, how it is invoiced and the side's `terms`, its
 * lines and totals; `more`, the side's own buttons (receive and bill, deliver and invoice).
 */
export function OrdersPage<T extends OrderType>(side: {
  type: T;
  party: RelationshipName<T>;
  warehouse: RelationshipName<T>;
  reference: FieldName<T>;
  terms?: FieldName<T>[];
  lines: LinesConfig;
  defaults?: Record<string, unknown>;
  more: (order: RecordOf<T> & Model) => ReactNode;
}) {
  const { type, party, warehouse, reference, terms = [], lines } = side;
  // What both sides declare alike (a generic T cannot see that they have it).
  const common = (name: FieldName<OrderType>) => name as FieldName<T>;
  return (
    <DocumentPage
      type={type}
      creates
      columns={[party, ...ORDER_COLUMNS.map((c) => ({ ...c, key: common(c.key) }))]}
      listInclude={party}
      relationFilters={[party]}
      filters={['delivery_status', 'invoicing_status']}
      fields={[
        party,
        warehouse,
        common('expected_on'),
        reference,
        common('invoicing_type'),
        ...terms,
        common('delivery_status'),
        common('invoicing_status'),
        { name: common('items'), kind: 'lines', lines, wide: true },
        ...TOTALS.map(common),
        { name: common('notes'), wide: true },
        common('allowedLocations'),
        common('issuer'),
      ]}
      include={`${party},${warehouse},items.product,items.taxGroup,allowedLocations,issuer`}
      defaults={{ invoicing_type: 'complete', ...side.defaults }}
      more={side.more}
    />
  );
}
