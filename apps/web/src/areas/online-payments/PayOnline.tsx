import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandPaypal, IconCircleCheck, IconCreditCard } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Locale, PaymentProvider } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/jsonapi.ts';
import { formatMoney } from '../../lib/format.ts';
import { WRAPPING_BUTTON } from '../../components/wrappingButton.ts';
import { fetchPaymentProviders, startOnlinePayment } from './onlinePaymentsApi.ts';

// « Payer en ligne » on a payable's public page (a sales invoice's): one button per provider the
// deployment offers, in the customer's language, large enough for a phone. Nothing shows when no
// provider is offered or nothing is due.

const BUTTONS = {
  stripe: { icon: IconCreditCard, label: 'online-payments:pay_with.stripe' },
  paypal: { icon: IconBrandPaypal, label: 'online-payments:pay_with.paypal' },
} as const;

export interface PayOnlineProps {
  /** The payable's type as the server registered it (sales-invoices) and the public link's token. */
  type: string;
  token: string;
  /** Cents still due. */
  amountDue: number;
  currency?: string;
  /** The customer's language (the link's), whatever the page's. */
  locale: Locale;
  /** How the customer came back to the page (its ?payment=): returned from the provider, or gave up there. */
  returned?: 'returned' | 'canceled' | null;
  /** Where the browser goes to pay (the provider's page); the tests watch it. */
  go?: (url: string) => void;
}

export function PayOnline({ type, token, amountDue, currency = 'CAD', locale, returned, go = (url) => window.location.assign(url) }: PayOnlineProps) {
  const { t } = useTranslation();
  const tr = (key: string, options: Record<string, unknown> = {}) => t(key, { ...options, lng: locale });
  const providers = useQuery({ queryKey: ['online-payments', 'providers'], queryFn: fetchPaymentProviders, staleTime: 5 * 60_000, meta: { silent: true } });
  const start = useMutation({
    mutationFn: (provider: PaymentProvider) => startOnlinePayment(type, token, provider, locale),
    onSuccess: ({ url }) => go(url),
    meta: { silent: true },
  });

  const offered = providers.data ?? [];
  if (returned === 'returned')
    return (
      // The title in the text's colour: light green on green fails the contrast check (WCAG AA).
      <Alert color="green" icon={<IconCircleCheck aria-hidden />} title={tr('online-payments:returned.title')} styles={{ title: { color: 'var(--mantine-color-text)' } }} data-testid="pay-online-returned">
        {/* Once the provider confirmed it (the page reads the balance again), it is paid, not being confirmed. */}
        {tr(amountDue <= 0 ? 'online-payments:returned.paid' : 'online-payments:returned.text')}
      </Alert>
    );
  if (offered.length === 0 || amountDue <= 0) return null;
  const failure = start.error instanceof ApiError ? (start.error.errors.at(-1)?.detail ?? null) : null;

  return (
    <Paper withBorder p="md" radius="md" data-testid="pay-online">
      <Stack gap="sm">
        <Title order={3}>{tr('online-payments:title')}</Title>
        <Text>{tr('online-payments:amount_due', { amount: formatMoney(amountDue, locale, currency) })}</Text>
        {returned === 'canceled' && (
          <Alert color="gray" data-testid="pay-online-canceled">
            {tr('online-payments:canceled')}
          </Alert>
        )}
        {offered.map((provider) => {
          const { icon: Icon, label } = BUTTONS[provider];
          return (
            <Button
              key={provider}
              size="lg"
              fullWidth
              styles={WRAPPING_BUTTON}
              leftSection={<Icon size={22} aria-hidden />}
              loading={start.isPending && start.variables === provider}
              disabled={start.isPending || start.isSuccess}
              onClick={() => start.mutate(provider)}
              data-testid={`pay-online-${provider}`}
            >
              {tr(label)}
            </Button>
          );
        })}
        {start.isError && (
          <Alert color="red" role="alert" data-testid="pay-online-error">
            {failure ?? tr('online-payments:failed')}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {tr('online-payments:secure')}
        </Text>
      </Stack>
    </Paper>
  );
}
