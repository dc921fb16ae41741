import { declarations } from '@atelier/domain';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer } from '../../jsonapi/errors.ts';
import { lineParts } from '../trade/lines.ts';
import { stockMovementItems } from './inventory.table.ts';
import { stockMovementFlow } from './stock-movements.actions.ts';
import { stockMovementsResource } from './stock-movements.resource.ts';

type ItemRow = RowOf<typeof stockMovementItems>;

/** A line names a product, or describes the free part it is. */
function beforeWrite(_ctx: RequestContext, input: WriteInput, existing: ItemRow | null) {
  const v = input.values;
  const product = input.present.has('product') ? v.product_id : existing?.product_id;
  const description = input.present.has('description') ? v.description : existing?.description;
  if (!product && !String(description ?? '').trim())
    throw ApiError.many([{ status: 422, code: 'stock_movement_item.product_or_description', source: { pointer: attributePointer('description') } }]);
}

/** The lines of a stock movement (spec §7 /stock-movement-items): written inside the movement's document or at their own route. */
export const stockMovementItemsResource = defineResource(declarations['stock-movement-items'], {
  table: stockMovementItems,
  ...lineParts(stockMovementFlow, stockMovementsResource, { document: 'stockMovement', foreignKey: 'stock_movement_id', productAs: 'storable' }),
  hooks: { beforeWrite },
});
