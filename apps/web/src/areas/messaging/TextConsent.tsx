import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { textableNumber } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../../api/refusal.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { consentsKey, currentConsent, fetchConsents, personName, recordConsent, type Consent } from './textsApi.ts';

/** How a consent was collected, in words (literal keys: the locale test reads them). */
export const SOURCE_LABELS = { counter: 'texts:source.counter', form: 'texts:source.form', reply: 'texts:source.reply' } as const;

/** Whether the customer's phone may be texted (transactional): what the send dialog waits for. */
export interface TextConsentState {
  /** The number in E.164, or null: no number to text. */
  contact: string | null;
  consent: Consent | null;
  allowed: boolean;
  pending: boolean;
}

export function useTextConsent(customerId: string | null | undefined, phone: string | null | undefined, enabled: boolean): TextConsentState {
  const contact = textableNumber(phone);
  const q = useQuery({ queryKey: consentsKey(customerId ?? ''), queryFn: () => fetchConsents(customerId!), enabled: enabled && !!customerId && !!contact, meta: { silent: true } });
  const consent = contact && q.data ? currentConsent(q.data, contact, 'sms', 'transactional') : null;
  return { contact, consent, allowed: !!consent?.given, pending: enabled && !!contact && !!customerId && q.isPending };
}

/**
 * What the send dialog says of texting this customer: no number; no consent, or withdrawn, and a
 * button to record the consent they give at the counter (stamped with who records it and when);
 * or the consent it will be sent under.
 */
export function TextConsentNotice({ customerId, state, testId }: { customerId: string | null | undefined; state: TextConsentState; testId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const ui = currentLocale();
  const record = useMutation({
    meta: { silent: true },
    mutationFn: () => recordConsent(customerId!, { contact: state.contact!, channel: 'sms', kind: 'transactional', given: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: consentsKey(customerId!) }),
  });
  if (!state.contact || !customerId)
    return (
      <Alert color="orange" icon={<IconAlertTriangle />} data-testid={`${testId}-no-phone`}>
        {t('texts:consent.no_phone')}
      </Alert>
    );
  if (state.pending) return null;
  if (state.allowed && state.consent)
    return (
      <Text size="sm" c="teal.8" data-testid={`${testId}-consent-given`}>
        <IconCheck size={14} />{' '}
        {t('texts:consent.given', { number: state.contact, date: formatDateTime(state.consent.at, ui), how: t(SOURCE_LABELS[state.consent.source]) })}
      </Text>
    );
  const refusal = refusalOf(record.error, t('errors:SOMETHING_WENT_WRONG'));
  return (
    <Alert color="orange" icon={<IconAlertTriangle />} data-testid={`${testId}-no-consent`}>
      <Stack gap="xs">
        <Text size="sm">
          {state.consent
            ? t('texts:consent.withdrawn', { number: state.contact, date: formatDateTime(state.consent.at, ui) })
            : t('texts:consent.none', { number: state.contact })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('texts:consent.record_hint')}
        </Text>
        {refusal ? (
          <Text size="sm" c="red" role="alert">
            {refusal}
          </Text>
        ) : null}
        <div>
          <Button size="sm" variant="white" color="orange" loading={record.isPending} onClick={() => record.mutate()} data-testid={`${testId}-record-consent`}>
            {t('texts:consent.record')}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}

export { personName };
