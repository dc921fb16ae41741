// Notifications: followers and assignees hear of changes (the notifier listens to the activity log).
import './notifier.ts';
import './notifications.resource.ts';
import './notification-subscriptions.resource.ts';
