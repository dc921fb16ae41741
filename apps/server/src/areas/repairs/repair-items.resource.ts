import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type ActionDefinition, type WriteInput } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { startClock, stopClock } from './clocks.ts';
import { defaultLineTaxGroup } from '../estimations/estimation-lines.ts';
import { checkLineDiscount } from '../estimations/discounts.ts';
import { fillFromProduct } from '../inventory/product-lines.ts';
import { itemDefaults, priceItem } from './pricing.ts';
import { repairItemPolicies, type RepairItemRow } from './repairs.policies.ts';
import { repairsResource } from './repairs.resource.ts';
import { repairItems } from './repairs.table.ts';

/**
 * An item naming a part takes what it leaves empty from it; a new item takes the settings' hourly rate unless it names its own, and their tax group when it names none; every write
 * prices the item as it will be (its tax group's taxes, warranty, not done), kept on its row.
 */
async function beforeWrite(ctx: RequestContext, input: WriteInput, existing: RepairItemRow | null) {
  const v = input.values;
  const organizationId = (v.organization_id ?? existing?.organization_id) as string;
  await fillFromProduct(ctx, organizationId, input, existing);
  if (!existing && !input.present.has('hourly_rate')) v.hourly_rate = (await itemDefaults(ctx.db, organizationId)).hourly_rate;
  await defaultLineTaxGroup(ctx.db, organizationId, input, existing);
  const item = { ...existing, ...v } as RepairItemRow;
  await checkLineDiscount(ctx, input, existing, { ...item, quantity: item.quantity ?? '1', unit_price: item.unit_price ?? 0, time: item.time ?? 0, hourly_rate: item.hourly_rate ?? 0 });
  Object.assign(v, await priceItem(ctx.db, item));
}

const STOPPED_CLOCK = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      description: 'The acting user’s clock this start stopped (on another item, maybe of another repair)',
      properties: { repair_item: { type: 'string' }, repair: { type: 'string' }, repair_code: { type: ['string', 'null'] }, detail: { type: ['string', 'null'] } },
      required: ['repair_item', 'repair', 'repair_code', 'detail'],
      additionalProperties: false,
    },
  ],
};

const startClockAction: ActionDefinition<RepairItemRow> = {
  permission: 'start repairs',
  contract: { summary: 'Starts the acting user’s clock on the item (their clock on another item stops first, named in meta.stopped_clock); only while the repair is in progress', meta: { stopped_clock: STOPPED_CLOCK } },
  async handler(ctx, row) {
    return { meta: { stopped_clock: await startClock(ctx, row) } };
  },
};

const stopClockAction: ActionDefinition<RepairItemRow> = {
  permission: 'start repairs',
  contract: { summary: 'Stops the acting user’s clock on the item (409 when it does not run there)' },
  async handler(ctx, row) {
    await stopClock(ctx, row);
  },
};

/**
 * The items of a work order (spec §3 Repair item, §7 /repair-items): written inside the repair's
 * document or at their own route, while the repair is editable; the mechanic's clock on an item
 * is started and stopped by its actions.
 */
export const repairItemsResource = defineResource(declarations['repair-items'], {
  table: repairItems,
  permissions: 'repairs',
  // Adding, changing or removing an item changes its work order.
  alsoGrantedBy: { create: ['edit repairs'], delete: ['edit repairs'] },
  tenancy: tenancy.ownedBy(repairsResource, 'repair_id', { organization: true }),
  attributes: {
    clock_started_at: (a) =>
      a.isVirtual((row, ctx) => {
        const clocks = (row.running_clocks ?? {}) as Record<string, string>;
        return Object.hasOwn(clocks, ctx.actor.id) ? clocks[ctx.actor.id] : null;
      }),
  },
  relationships: {
    organization: rel.belongsTo('organization_id'),
    repair: rel.belongsTo('repair_id'),
    supplier: rel.belongsTo('supplier_id'),
    product: rel.belongsTo('product_id'),
    taxGroup: rel.belongsTo('tax_group_id'),
    estimationItem: rel.belongsTo('estimation_item_id'),
  },
  filters: {
    repair: filter.ids('repair_id', 'repair'),
    state: filter.in('state'),
    repair_mode: filter.in('repair_mode'),
    part_status: filter.in('part_status'),
  },
  hooks: { beforeWrite },
  policies: repairItemPolicies,
  actions: {
    'start-clock': startClockAction,
    'stop-clock': stopClockAction,
  },
  notify: { label: (row) => String(row.detail ?? '') },
});
