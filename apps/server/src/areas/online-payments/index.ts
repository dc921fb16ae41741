// Online payment (issue 23, Payments): a customer pays what a payable owes (a sales invoice, which
// registers itself as payable: payables.ts) through Stripe or PayPal, each on when its keys are
// set; the providers' webhooks record each payment once; refunds go back through the provider.
import { defineArea } from '../area.ts';
import { onlinePaymentRoutes } from './routes.ts';

export const onlinePaymentsArea = defineArea({
  name: 'online-payments',
  resources: [],
  routes: [onlinePaymentRoutes],
});
