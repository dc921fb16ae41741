import { sql } from 'drizzle-orm';
import { index, integer, text, unique, uuid } from 'drizzle-orm/pg-core';
import { FOLLOW_UP_REASONS, FOLLOW_UP_STATUSES, MESSAGE_CHANNELS, type FollowUpReason, type FollowUpStatus, type MessageChannel } from '@atelier/domain';
import { at, locationIds, ownedBy, valueChecks } from '../../db/columns.ts';
import { tenantTable } from '../admin/admin.table.ts';
import { customers } from '../crm/crm.table.ts';
import { deferredWork } from '../estimations/deferred-work.table.ts';
import { messages } from '../messaging/messaging.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';

/**
 * A follow-up of declined work (issue 26): one step of the organization's schedule for one
 * deferred work. The row is the job: unique per work and step (it runs once, whatever the
 * restarts), claimed with FOR UPDATE SKIP LOCKED and a lease, marked 'sending' before the message
 * goes (a runner that dies then leaves it 'failed: interrupted', never sent twice).
 */
export const followUps = tenantTable(
  'follow_ups',
  {
    deferred_work_id: ownedBy('deferred_work_id', () => deferredWork.id),
    vehicle_id: ownedBy('vehicle_id', () => vehicles.id),
    customer_id: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    step: integer('step').notNull(),
    due_at: at('due_at').notNull(),
    status: text('status').$type<FollowUpStatus>().notNull().default('scheduled'),
    reason: text('reason').$type<FollowUpReason>(),
    channel: text('channel').$type<MessageChannel>(),
    contact: text('contact'),
    message_id: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    error: text('error'),
    /** The customer's link (booking, no more reminders): random, unguessable, one per follow-up. */
    token: text('token').notNull(),
    lease_until: at('lease_until'),
    done_at: at('done_at'),
    location_ids: locationIds(),
  },
  (t) => [
    unique('follow_ups_work_step_key').on(t.deferred_work_id, t.step),
    unique('follow_ups_token_key').on(t.token),
    index('follow_ups_vehicle_idx').on(t.vehicle_id, t.due_at),
    index('follow_ups_org_idx').on(t.organization_id, t.due_at),
    // The runner's queue: only what is still to run.
    index('follow_ups_due_idx').on(t.due_at).where(sql`${t.status} IN ('scheduled', 'sending')`),
    ...valueChecks('follow_ups', t, { status: FOLLOW_UP_STATUSES, reason: FOLLOW_UP_REASONS, channel: MESSAGE_CHANNELS }),
  ],
);
