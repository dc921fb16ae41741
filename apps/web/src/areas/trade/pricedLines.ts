import type { TypeName } from '@atelier/domain';
import { fieldsOf, type FieldName } from '../../components/resource/declared.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';

/**
 * A line's row: what it is, then quantity × price = its amount before taxes, as on the PDF, so the row
 * adds up under the eye and the rows add up to the document's subtotal (its taxes and total are
 * below it, and in the line's detail).
 */
export const LINE_ROW = (what: readonly string[]) => [...what, 'quantity', 'unit_price', 'subtotal'];

/** The lines of the trade kit's documents (orders and invoices on both sides), one shape. */
type PricedLineType = 'purchases-order-items' | 'purchases-invoice-items' | 'sales-order-items' | 'sales-invoice-items';

/**
 * A trade document's priced lines, ordered by the user: the product (its name and price fill what
 * the line leaves empty), a description, the quantity (1 to start), price, discount, tax group, its
 * amount before and after taxes; `more` fields (what was delivered and invoiced) in the detail. `words`
 * are the document's own keys, written in full where it is declared.
 */
export function pricedLines<T extends PricedLineType>(type: T, words: Pick<LinesConfig, 'add' | 'empty' | 'line'>, more: readonly FieldName<T>[] = []): LinesConfig {
  const names = ['product', 'description', 'quantity', 'unit_price', 'discount', 'taxGroup', 'subtotal', 'tax_total', 'total', ...more] as FieldName<T>[];
  return {
    type,
    orderable: true,
    fields: fieldsOf<TypeName>(type, names as FieldName<TypeName>[]),
    row: LINE_ROW(['product', 'description']),
    defaults: { quantity: 1 },
    ...words,
  };
}
