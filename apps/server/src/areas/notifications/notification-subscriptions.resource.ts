import { declarations } from '@atelier/domain';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { allowed } from '../../jsonapi/policies.ts';
import { findRow } from '../../jsonapi/scope.ts';
import { ApiError, ValidationErrors, attributePointer } from '../../jsonapi/errors.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { NOT_FOLLOWABLE } from './notifier.ts';
import { notificationSubscriptions } from './notifications.table.ts';

/**
 * What the signed-in user follows. Everyone may follow what they can read; nobody sees or
 * writes another user's subscriptions (a personal preference, so not in the activity log).
 * A subscription's `events` narrow what notifies (PATCH: only the record's state changes, say).
 */
export const notificationSubscriptionsResource = defineResource(declarations['notification-subscriptions'], {
  table: notificationSubscriptions,
  permissions: null,
  writable: true,
  tenancy: tenancy.personal(),
  logged: false,
  relationships: {
    user: rel.belongsTo('user_id'),
    organization: rel.belongsTo('organization_id'),
  },
  filters: { subject_type: filter.in('subject_type'), subject_id: filter.in('subject_id') },
  uniques: { notification_subscriptions_unique: 'subject_id' },
  hooks: {
    async beforeWrite(ctx, input, existing) {
      const type = String(existing?.subject_type ?? input.values.subject_type);
      const target = ctx.registry.find(type);
      const errors = new ValidationErrors();
      if (target && Array.isArray(input.values.events)) {
        const known = followableEvents(target);
        const events = input.values.events as string[];
        if (events.length > known.size) errors.add(attributePointer('events'), 'validation.max_items', { max: known.size });
        events.forEach((event, i) => {
          if (!known.has(event)) errors.add(`${attributePointer('events')}/${i}`, 'validation.unknown_event', { event: event.slice(0, 100), events: [...known].join(', ') });
        });
        input.values.events = [...new Set(events)];
      }
      if (existing) return errors.throwIfAny();
      const id = String(input.values.subject_id);
      if (!target || NOT_FOLLOWABLE.has(type)) errors.add(attributePointer('subject_type'), 'validation.not_followable', { type });
      errors.throwIfAny();
      // Only what the user may read, within their tenancy: an invisible record does not exist.
      const subject = allowed(ctx, target!, 'view') ? await findRow(ctx, target!, id).catch(notFoundAsNull) : null;
      if (!subject) errors.add(attributePointer('subject_id'), 'validation.relationship_not_found', { id });
      errors.throwIfAny();
      input.values.user_id = ctx.actor.id;
      input.values.organization_id = type === 'organizations' ? subject!.id : ((subject!.organization_id as string | null) ?? null);
    },
  },
});

const notFoundAsNull = (err: unknown) => {
  if (err instanceof ApiError && err.status === 404) return null;
  throw err;
};

/** What a follower may ask to hear of a type: its edits, its deletion and its workflow actions. */
const followableEvents = (def: { actions?: Record<string, { collection?: boolean }> }) =>
  new Set(['updated', 'deleted', ...Object.entries(def.actions ?? {}).flatMap(([name, a]) => (a.collection ? [] : [name]))]);
