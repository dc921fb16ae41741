import { Checkbox, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSmsEnabled } from '../../app/AppData.tsx';
import { TextConsentNotice, useTextConsent, type TextConsentState } from './TextConsent.tsx';

/** A send dialog's choice of ways: e-mail and/or text, the text only where the server can text and under the customer's consent. */
export interface Channels {
  smsEnabled: boolean;
  byEmail: boolean;
  setByEmail: (on: boolean) => void;
  /** Texted: chosen, and the server can text. */
  bySms: boolean;
  setBySms: (on: boolean) => void;
  consent: TextConsentState;
  /** A text chosen that waits for the customer's consent: the send stays disabled. */
  textBlocked: boolean;
  /** Back to the start of a dialog: e-mailed as said, not texted. */
  reset: (byEmail: boolean) => void;
}

/** The ways a dialog open (`open`) offers to send to this customer, their consent read while it is. */
export function useChannels(customer: { id?: string; phone?: string | null } | null | undefined, open: boolean): Channels {
  const smsEnabled = useSmsEnabled();
  const [byEmail, setByEmail] = useState(false);
  const [smsChosen, setBySms] = useState(false);
  const consent = useTextConsent(customer?.id, customer?.phone, open && smsEnabled);
  const bySms = smsEnabled && smsChosen;
  return {
    smsEnabled,
    byEmail,
    setByEmail,
    bySms,
    setBySms,
    consent,
    textBlocked: bySms && !consent.allowed,
    reset: (email) => {
      setByEmail(email);
      setBySms(false);
    },
  };
}

/**
 * « Envoyer par : Courriel / Texto », and under a text chosen what the customer's consent allows
 * (recorded here when they give it at the counter). Where the server cannot text, the e-mail box
 * alone, labelled `emailOnly` when given. `emailDisabled`: no address to e-mail.
 */
export function ChannelChoice({ channels, customerId, emailDisabled = false, emailOnly, testId }: { channels: Channels; customerId: string | null | undefined; emailDisabled?: boolean; emailOnly?: string; testId: string }) {
  const { t } = useTranslation();
  const email = (label: string) => (
    <Checkbox label={label} checked={channels.byEmail} disabled={emailDisabled} onChange={(e) => channels.setByEmail(e.currentTarget.checked)} data-testid={`${testId}-by-email`} />
  );
  if (!channels.smsEnabled && emailOnly) return email(emailOnly);
  return (
    <>
      <Group gap="lg" role="group" aria-label={t('texts:channel.label')}>
        <Text size="sm" fw={500}>
          {t('texts:channel.label')}
        </Text>
        {email(t('texts:channel.email'))}
        {channels.smsEnabled ? <Checkbox label={t('texts:channel.sms')} checked={channels.bySms} onChange={(e) => channels.setBySms(e.currentTarget.checked)} data-testid={`${testId}-by-sms`} /> : null}
      </Group>
      {channels.bySms ? <TextConsentNotice customerId={customerId} state={channels.consent} testId={testId} /> : null}
    </>
  );
}
