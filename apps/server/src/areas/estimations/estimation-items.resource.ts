import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Row, type WriteInput } from '../../jsonapi/define-resource.ts';
import { fillFromProduct } from '../inventory/product-lines.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { pictureList } from '../files/picture-list.ts';
import { defaultHourlyRate, defaultLineTaxGroup, itemTotalColumns, type EstimationItemRow, type EstimationRow } from './estimation-lines.ts';
import { NEW_ITEM, changedNames, checkDiscountPhase, checkItemRemoval, checkItemWrite, estimationOf } from './item-rules.ts';
import { checkLineDiscount } from './discounts.ts';
import { estimationsResource } from './estimations.resource.ts';
import { estimationItems } from './estimations.table.ts';

// Items of an estimate (spec §3 Estimation item): written inside the estimate's document or at
// /estimation-items (DELETE /evaluation-items/{id} too). Who may write what follows the phases
// (writableItemGroups); totals are computed here, per item, and summed on the estimate.

async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: Row | null) {
  const v = input.values;
  const parent = (input.parent ?? (await estimationOf(ctx, (v.estimation_id ?? existing!.estimation_id) as string))) as unknown as EstimationRow;
  const changed = changedNames(estimationItemsResource, input, existing);
  await checkItemWrite(ctx, estimationItemsResource, parent, changed, !existing);
  await fillFromProduct(ctx, parent.organization_id, input, existing as EstimationItemRow | null);
  if (!existing && !input.present.has('hourly_rate')) v.hourly_rate = await defaultHourlyRate(ctx.db, parent.organization_id);
  await defaultLineTaxGroup(ctx.db, parent.organization_id, input, existing as EstimationItemRow | null);
  const item = { ...NEW_ITEM, ...existing, ...v } as EstimationItemRow;
  if (changed.some((n) => n.startsWith('discount_'))) checkDiscountPhase(ctx, parent);
  await checkLineDiscount(ctx, input, existing, item);
  Object.assign(v, await itemTotalColumns(ctx.db, item));
}

export const estimationItemsResource = defineResource(declarations['estimation-items'], {
  table: estimationItems,
  permissions: 'estimations',
  tenancy: tenancy.ownedBy(estimationsResource, 'estimation_id', { organization: true }),
  attributes: {
    images: pictureList(50, 'estimation.images_url'),
  },
  relationships: {
    organization: rel.belongsTo('organization_id'),
    estimation: rel.belongsTo('estimation_id'),
    supplier: rel.belongsTo('supplier_id'),
    product: rel.belongsTo('product_id'),
    taxGroup: rel.belongsTo('tax_group_id'),
    inspectionField: rel.belongsTo('inspection_field_id'),
  },
  filters: {
    estimation: filter.ids('estimation_id', 'estimation'),
    state: filter.in('state'),
    condition: filter.in('condition'),
    urgency: filter.in('urgency'),
  },
  hooks: {
    beforeWrite,
    async beforeDelete(ctx, row) {
      await checkItemRemoval(ctx, await estimationOf(ctx, row.estimation_id));
    },
  },
  notify: { label: (row) => String(row.detail ?? '').slice(0, 80) },
});
