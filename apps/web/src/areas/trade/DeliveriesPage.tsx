import type { TypeName } from '@atelier/domain';
import { DocumentPage } from '../../components/resource/DocumentPage.tsx';
import { fieldsOf, type FieldName, type RelationshipName } from '../../components/resource/declared.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';

type DeliveryType = 'purchases-deliveries' | 'sales-deliveries';
type DeliveryLineType = 'purchases-delivery-items' | 'sales-delivery-items';

/**
 * A delivery's lines: its order's, so none is added or removed; only how much moved is typed, and
 * the side's `more` (a receipt's cost). `words` are the delivery's own keys, written in full where it is declared.
 */
export function deliveryLines<T extends DeliveryLineType>(type: T, words: Pick<LinesConfig, 'add' | 'empty' | 'line'>, more: readonly FieldName<T>[] = []): LinesConfig {
  const names = ['description', 'quantity', ...more] as FieldName<T>[];
  return { type, fixed: true, fields: fieldsOf<TypeName>(type, names as FieldName<TypeName>[]), ...words };
}

/**
 * A delivery's screen, one for both sides (a receipt from a supplier, parts out to a customer), as
 * their declarations are one (the domain's tradeDelivery): the list by state; a delivery's order,
 * party, warehouse and date, the side's `own` fields, its lines, the stock movement it made.
 */
export function DeliveriesPage<T extends DeliveryType>(side: {
  type: T;
  order: RelationshipName<T>;
  party: RelationshipName<T>;
  warehouse: RelationshipName<T>;
  date: FieldName<T>;
  own?: FieldName<T>[];
  lines: LinesConfig;
}) {
  const { type, order, party, warehouse, date, own = [], lines } = side;
  // What both sides declare alike (a generic T cannot see that they have it).
  const common = (name: FieldName<DeliveryType>) => name as FieldName<T>;
  return (
    <DocumentPage
      type={type}
      columns={[order, party, { key: date, visibleFrom: 'md' }, { key: common('item_count'), visibleFrom: 'lg' }]}
      listInclude={`${order},${party}`}
      relationFilters={[party]}
      fields={[order, party, warehouse, date, ...own, { name: common('items'), kind: 'lines', lines, wide: true }, common('stockMovement'), { name: common('notes'), wide: true }, common('creator')]}
      include={`${order},${party},${warehouse},items,stockMovement,creator`}
    />
  );
}
