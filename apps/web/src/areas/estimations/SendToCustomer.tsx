import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { APPROVAL_DAYS, LOCALES, LOCALE_LABELS, type Locale, type RecordOf, estimationWorkflow } from '@atelier/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/jsonapi.ts';
import { currentLocale, translateError } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { LinkToCopy } from '../../components/LinkToCopy.tsx';
import { customerLocale, sendToCustomer, type SentApproval } from './approvalApi.ts';
import { DecimalInput, type DecimalValue } from '../../components/DecimalInput.tsx';

/**
 * "Envoyer au client" (send-client-approve): whether the link is e-mailed (by default when the
 * customer has an address) and to which address (the customer's by default), the language (the
 * customer's) and how long the link is valid; then the link, shown this once with a copy button, and
 * where it was e-mailed, or that it must be handed over another way (a text message, the counter).
 */
export function SendToCustomer({ estimation, onSent }: {
  estimation: Pick<RecordOf<'estimations'>, 'id' | 'code'> & { customer?: Pick<RecordOf<'customers'>, 'email' | 'locale'> | null };
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const customer = estimation.customer ?? null;
  const customerEmail = customer?.email ?? '';
  const [open, setOpen] = useState(false);
  const [byEmail, setByEmail] = useState(true);
  const [email, setEmail] = useState('');
  const [locale, setLocale] = useState<Locale>(currentLocale());
  const [days, setDays] = useState<DecimalValue>(APPROVAL_DAYS.default);
  const [sent, setSent] = useState<SentApproval | null>(null);
  const send = useMutation({
    meta: { silent: true },
    mutationFn: () => sendToCustomer(estimation.id, { byEmail, email: email.trim(), locale, expires_in_days: Number(days) }),
    onSuccess: (approval) => {
      setSent(approval);
      onSent();
    },
  });
  const start = () => {
    setByEmail(customerEmail !== '');
    setEmail(customerEmail);
    setLocale(customerLocale(customer) ?? currentLocale());
    setDays(APPROVAL_DAYS.default);
    setSent(null);
    send.reset();
    setOpen(true);
  };
  const ui = currentLocale();
  const refusal = send.error instanceof ApiError ? errorMessage(send.error.errors, translateError) : send.error ? t('errors:SOMETHING_WENT_WRONG') : null;
  const daysValid = Number.isInteger(Number(days)) && Number(days) >= 1 && Number(days) <= APPROVAL_DAYS.max;
  // E-mailing needs an address: the one typed, else the customer's.
  const addressMissing = byEmail && email.trim() === '' && customerEmail === '';
  return (
    <>
      <Button size="md" color="indigo.8" leftSection={<IconSend size={18} />} onClick={start} data-testid="send-client">
        {estimationWorkflow.actionLabels.send_client_approve[ui]}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('estimations:send.title', { code: estimation.code ?? '' })} size="lg" centered closeButtonProps={{ 'aria-label': t('estimations:send.close') }}>
        {sent ? (
          <Stack gap="sm" data-testid="send-client-sent">
            <Alert color="teal" icon={<IconCheck />}>
              <Text size="sm" data-testid="send-client-where">
                {sent.email
                  ? t('estimations:send.emailed', { email: sent.email, language: LOCALE_LABELS[sent.locale][ui] })
                  : byEmail
                    ? t('estimations:send.no_email')
                    : t('estimations:send.not_emailed')}
              </Text>
            </Alert>
            <LinkToCopy url={sent.url} label={t('estimations:send.link')} copy={t('estimations:send.copy')} copied={t('estimations:send.copied')} testId="send-client" />
            <Text size="sm" c="dimmed">
              {t('estimations:send.expires', { date: formatDateTime(sent.expires_at, ui) })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)} data-testid="send-client-close">
                {t('estimations:send.close')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">{t('estimations:send.intro')}</Text>
            <Checkbox label={t('estimations:send.by_email')} checked={byEmail} onChange={(e) => setByEmail(e.currentTarget.checked)} data-testid="send-client-by-email" />
            {byEmail ? (
              <TextInput
                label={t('estimations:send.email')}
                description={t('estimations:send.email_hint')}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={addressMissing ? t('estimations:send.email_required') : undefined}
                data-testid="send-client-email"
              />
            ) : null}
            <Select
              label={t(byEmail ? 'estimations:send.language' : 'estimations:send.language_page')}
              value={locale}
              onChange={(v) => v && setLocale(v as Locale)}
              allowDeselect={false}
              data={LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l][ui] }))}
              data-testid="send-client-locale"
            />
            <DecimalInput
              label={t('estimations:send.days')}
              decimals={0}
              allowNegative={false}
              value={days}
              onChange={setDays}
              error={daysValid ? undefined : t('estimations:send.days_range', { max: APPROVAL_DAYS.max })}
              data-testid="send-client-days"
            />
            {refusal ? (
              <Alert color="red" role="alert" data-testid="send-client-refused">
                {refusal}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('estimations:send.close')}
              </Button>
              <Button leftSection={<IconSend size={16} />} loading={send.isPending} disabled={!daysValid || addressMissing} onClick={() => send.mutate()} data-testid="send-client-confirm">
                {t('estimations:send.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
