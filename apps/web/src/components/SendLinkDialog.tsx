import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { LOCALES, LOCALE_LABELS, type Locale } from '@atelier/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../api/refusal.ts';
import { DialogRefusal } from './DialogRefusal.tsx';
import { currentLocale } from '../i18n/index.ts';
import { formatDateTime } from '../lib/format.ts';
import { LinkToCopy } from './LinkToCopy.tsx';
import { ChannelChoice, useChannels } from '../areas/messaging/ChannelChoice.tsx';
import { SentTextNotice } from '../areas/messaging/SentText.tsx';
import { DecimalInput, type DecimalValue } from './DecimalInput.tsx';
import { DialogFooter } from './DialogFooter.tsx';

/** What a send answers: the link, shown this once, where it was e-mailed, and what became of its text. */
export interface SentLink {
  url: string;
  email: string | null;
  locale: Locale;
  expires_at: string;
  sms?: string | null;
  text?: { to: string; message_id: string; status: 'queued' | 'sent' | 'failed'; error: string | null } | null;
}

/** How the sender asked it sent: an empty address lets the server use the customer's; byEmail false makes the link without e-mailing it; bySms texts it too. */
export interface SendChoice {
  byEmail: boolean;
  email: string;
  locale: Locale;
  expires_in_days: number;
  bySms?: boolean;
}

/** The body's attributes of a send action from the sender's choice. */
export const sendAttributes = (c: SendChoice) => ({
  ...(!c.byEmail ? { send_email: false } : c.email ? { email: c.email } : {}),
  ...(c.bySms ? { send_sms: true } : {}),
  locale: c.locale,
  expires_in_days: c.expires_in_days,
});

/**
 * Sends a customer a link to a page of theirs (an estimate to approve, an invoice to pay): whether
 * the link is e-mailed (by default when the customer has an address) and to which address (the
 * customer's by default), the language (the customer's) and how long the link is valid; then the
 * link, shown this once with a copy button, and where it was e-mailed, or that it must be handed
 * over another way (the counter). Where the server can text, « Courriel / Texto »: a text goes to
 * the customer's phone only under their consent, which the dialog can record when they give it at
 * the counter; a text the provider refused is told, the link stays made.
 */
export function SendLinkDialog({ button, ns: namespace, prefix, code, customer, days: range, send: sendLink, onSent, testId }: {
  button: { label: string; color?: string };
  /** The texts: `<ns>:<prefix>.title`, `.intro`… */
  ns: string;
  prefix: string;
  code: string;
  customer: { id?: string; email?: string | null; phone?: string | null; locale?: Locale | null } | null;
  days: { default: number; max: number };
  send: (choice: SendChoice) => Promise<SentLink>;
  onSent: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const ns = `${namespace}:${prefix}`;
  const customerEmail = customer?.email ?? '';
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [locale, setLocale] = useState<Locale>(currentLocale());
  const [days, setDays] = useState<DecimalValue>(range.default);
  const [sent, setSent] = useState<SentLink | null>(null);
  // Texting is offered only when the server can text (Twilio's keys), under the customer's consent.
  const channels = useChannels(customer, open);
  const byEmail = channels.byEmail;
  const send = useMutation({
    meta: { silent: true },
    mutationFn: () => sendLink({ byEmail, email: email.trim(), locale, expires_in_days: Number(days), bySms: channels.bySms }),
    onSuccess: (approval) => {
      setSent(approval);
      onSent();
    },
  });
  const start = () => {
    channels.reset(customerEmail !== '');
    setEmail(customerEmail);
    setLocale(customer?.locale ?? currentLocale());
    setDays(range.default);
    setSent(null);
    send.reset();
    setOpen(true);
  };
  const ui = currentLocale();
  const refusal = refusalOf(send.error, t('errors:SOMETHING_WENT_WRONG'));
  const daysValid = Number.isInteger(Number(days)) && Number(days) >= 1 && Number(days) <= range.max;
  // E-mailing needs an address: the one typed, else the customer's.
  const addressMissing = byEmail && email.trim() === '' && customerEmail === '';
  return (
    <>
      <Button size="md" color={button.color ?? 'indigo.8'} leftSection={<IconSend size={18} />} onClick={start} data-testid={testId}>
        {button.label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t(`${ns}.title`, { code })} size="lg" centered closeButtonProps={{ 'aria-label': t(`${ns}.close`) }}>
        {sent ? (
          <Stack gap="sm" data-testid={`${testId}-sent`}>
            <Alert color="teal" icon={<IconCheck />}>
              <Text size="sm" data-testid={`${testId}-where`}>
                {sent.email
                  ? t(`${ns}.emailed`, { email: sent.email, language: LOCALE_LABELS[sent.locale][ui] })
                  : byEmail
                    ? t(`${ns}.no_email`)
                    : sent.text
                      ? t('texts:sent.not_emailed')
                      : t(`${ns}.not_emailed`)}
              </Text>
            </Alert>
            <SentTextNotice text={sent.text} testId={testId} />
            <LinkToCopy url={sent.url} label={t(`${ns}.link`)} copy={t(`${ns}.copy`)} copied={t(`${ns}.copied`)} testId={testId} />
            <Text size="sm" c="dimmed">
              {t(`${ns}.expires`, { date: formatDateTime(sent.expires_at, ui) })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)} data-testid={`${testId}-close`}>
                {t(`${ns}.close`)}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">{t(`${ns}.intro`)}</Text>
            <ChannelChoice channels={channels} customerId={customer?.id} emailOnly={t(`${ns}.by_email`)} testId={testId} />
            {byEmail ? (
              <TextInput
                label={t(`${ns}.email`)}
                description={t(`${ns}.email_hint`)}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={addressMissing ? t(`${ns}.email_required`) : undefined}
                data-testid={`${testId}-email`}
              />
            ) : null}
            <Select
              label={t(byEmail ? `${ns}.language` : `${ns}.language_page`)}
              value={locale}
              onChange={(v) => v && setLocale(v as Locale)}
              allowDeselect={false}
              data={LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l][ui] }))}
              data-testid={`${testId}-locale`}
            />
            <DecimalInput
              label={t(`${ns}.days`)}
              decimals={0}
              allowNegative={false}
              value={days}
              onChange={setDays}
              error={daysValid ? undefined : t(`${ns}.days_range`, { max: range.max })}
              data-testid={`${testId}-days`}
            />
            <DialogRefusal refusal={refusal} testId={`${testId}-refused`} />
            <DialogFooter onCancel={() => setOpen(false)} cancelLabel={t(`${ns}.close`)}>
              <Button leftSection={<IconSend size={16} />} loading={send.isPending} disabled={!daysValid || addressMissing || channels.textBlocked} onClick={() => send.mutate()} data-testid={`${testId}-confirm`}>
                {t(`${ns}.confirm`)}
              </Button>
            </DialogFooter>
          </Stack>
        )}
      </Modal>
    </>
  );
}
