import { PAYMENT_PROVIDERS, isPaymentProvider, type Locale, type PaymentProvider } from '@atelier/domain';
import { API_BASE } from '../../api/client.ts';
import { publicCall } from '../../api/publicCall.ts';

// The customer's calls to pay online (server: areas/online-payments/routes.ts). No sign-in: the
// public page's link token opens the payable; answers come in the customer's language.

/** The providers the deployment offers, in the server's order; unknown names are left out. */
export async function fetchPaymentProviders(): Promise<PaymentProvider[]> {
  const body = await publicCall<{ providers?: unknown[] }>(`${API_BASE}/public/online-payments/providers`, { headers: { Accept: 'application/json' } });
  const offered = new Set((body?.providers ?? []).filter(isPaymentProvider));
  return PAYMENT_PROVIDERS.filter((p) => offered.has(p));
}

/** Opens a checkout for the payable of a public link: the provider's page to go to. */
export const startOnlinePayment = (type: string, token: string, provider: PaymentProvider, locale: Locale) =>
  publicCall<{ url: string }>(`${API_BASE}/public/online-payments/${encodeURIComponent(type)}/${encodeURIComponent(token)}/checkouts`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': locale },
    body: JSON.stringify({ data: { attributes: { provider } } }),
  });
