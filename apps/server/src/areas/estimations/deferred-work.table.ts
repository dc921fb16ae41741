import { index, integer, text, uuid } from 'drizzle-orm/pg-core';
import { DEFERRED_WORK_STATES, ITEM_CONDITIONS, URGENCIES, type DeferredWorkState, type ItemCondition, type Urgency } from '@atelier/domain';
import { at, locationIds, ownedBy, valueChecks } from '../../db/columns.ts';
import { users, tenantTable } from '../admin/admin.table.ts';
import { customers } from '../crm/crm.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { estimations } from './estimations.table.ts';


/**
 * Work a customer declined, kept on the vehicle (issue 12, deferred work). What it said and cost is
 * copied from the item: the estimate may change or go, the suggestion stays as the customer heard it.
 */
export const deferredWork = tenantTable(
  'deferred_work',
  {
    vehicle_id: ownedBy('vehicle_id', () => vehicles.id),
    customer_id: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    estimation_id: uuid('estimation_id').references(() => estimations.id, { onDelete: 'set null' }),
    estimation_item_id: uuid('estimation_item_id'),
    reoffered_in_id: uuid('reoffered_in_id').references(() => estimations.id, { onDelete: 'set null' }),
    /** The item of that estimate it became: done in the estimate's repair, the suggestion is done. */
    reoffered_item_id: uuid('reoffered_item_id'),
    detail: text('detail').notNull(),
    condition: text('condition').$type<ItemCondition>(),
    urgency: text('urgency').$type<Urgency>(),
    total: integer('total').notNull(),
    declined_at: at('declined_at').notNull(),
    state: text('state').$type<DeferredWorkState>().notNull().default('open'),
    note: text('note'),
    closed_at: at('closed_at'),
    closed_by_id: uuid('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    location_ids: locationIds(),
  },
  (t) => [
    index('deferred_work_vehicle_state_idx').on(t.vehicle_id, t.state),
    index('deferred_work_org_declined_idx').on(t.organization_id, t.declined_at),
    ...valueChecks('deferred_work', t, { state: DEFERRED_WORK_STATES, condition: ITEM_CONDITIONS, urgency: URGENCIES }),
  ],
);
