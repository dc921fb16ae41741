// Notifications: followers and assignees hear of changes (the notifier listens to the activity log).
import { defineArea } from '../area.ts';
import { seedDemoNotifications } from './demo.ts';
import { notificationSubscriptionsResource } from './notification-subscriptions.resource.ts';
import { notificationsResource } from './notifications.resource.ts';
import { notifyFollowers } from './notifier.ts';

export const notificationsArea = defineArea({
  name: 'notifications',
  resources: [notificationsResource, notificationSubscriptionsResource],
  hooks: { activity: notifyFollowers },
  demo: seedDemoNotifications,
});
