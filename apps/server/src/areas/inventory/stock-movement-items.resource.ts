import { declarations, stockMovementWorkflow } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Policy, type Refusal, type RowOf, type WriteInput } from '../../jsonapi/define-resource.ts';
import { ApiError, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { stockMovementItems, stockMovements } from './inventory.table.ts';
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

/** A line is written (at its own route) only while its movement is a draft. */
async function parentEditable(ctx: RequestContext, movementId: unknown): Promise<Refusal | undefined> {
  if (typeof movementId !== 'string') return;
  const [parent] = await ctx.db.select({ state: stockMovements.state }).from(stockMovements).where(eq(stockMovements.id, movementId));
  if (parent && !stockMovementWorkflow.isEditable(parent.state)) return conflictWith('stock_movement.final');
}

const itemEditable: Policy<[row: ItemRow]> = {
  refuses: { 409: 'The lines of a validated or canceled movement are kept as they were.' },
  check: (ctx, row) => parentEditable(ctx, row.stock_movement_id),
};

/** The lines of a stock movement (spec §7 /stock-movement-items): written inside the movement's document or at their own route. */
export const stockMovementItemsResource = defineResource(declarations['stock-movement-items'], {
  table: stockMovementItems,
  permissions: 'stock movements',
  alsoGrantedBy: { create: ['edit stock movements'], delete: ['edit stock movements'] },
  tenancy: tenancy.ownedBy(stockMovementsResource, 'stock_movement_id', { organization: true }),
  relationships: {
    organization: rel.belongsTo('organization_id'),
    stockMovement: rel.belongsTo('stock_movement_id'),
    product: rel.belongsTo('product_id'),
  },
  filters: {
    stockMovement: filter.ids('stock_movement_id', 'stockMovement'),
    product: filter.ids('product_id', 'product'),
  },
  hooks: { beforeWrite },
  policies: {
    create: { refuses: itemEditable.refuses, check: (ctx, input) => parentEditable(ctx, input.values.stock_movement_id) },
    edit: itemEditable,
    delete: itemEditable,
  },
  notify: { label: (row) => String(row.description ?? '') },
});
