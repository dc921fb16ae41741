import type { PaymentProvider } from '@atelier/domain';
import type { Config } from '../../../config.ts';
import { paypalAdapter } from './paypal.ts';
import type { ProviderAdapter } from './provider.ts';
import { stripeAdapter } from './stripe.ts';

/** The providers the deployment's keys enable, by name (none without keys: nothing is offered). */
export function enabledProviders(config: Config): Map<PaymentProvider, ProviderAdapter> {
  const { stripe, paypal } = config.onlinePayments;
  const adapters = new Map<PaymentProvider, ProviderAdapter>();
  if (stripe) adapters.set('stripe', stripeAdapter(stripe));
  if (paypal) adapters.set('paypal', paypalAdapter(paypal));
  return adapters;
}
