// Texts and consent (issue 26): customers' consents, the messages sent and received, Twilio's
// webhook for replies. Sends are options of the areas' send actions (texts.ts sendText).
import { defineArea } from '../area.ts';
import { customerConsentsResource } from './consents.resource.ts';
import { seedDemoMessages } from './demo.ts';
import { messagesResource } from './messages.resource.ts';
import { messagingRoutes } from './routes.ts';

export const messagingArea = defineArea({
  name: 'messaging',
  resources: [customerConsentsResource, messagesResource],
  routes: [messagingRoutes],
  demo: seedDemoMessages,
});
