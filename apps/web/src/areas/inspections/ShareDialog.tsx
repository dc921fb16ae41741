import { Alert, Button, Group, List, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { IconCheck, IconLinkOff, IconShare } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOCALES, LOCALE_LABELS, type Locale, type RecordOf } from '@atelier/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/AppData.tsx';
import { ChannelChoice, useChannels } from '../messaging/ChannelChoice.tsx';
import { SentTextNotice } from '../messaging/SentText.tsx';
import { LinkToCopy } from '../../components/LinkToCopy.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { actionsInputOf, userActions } from './inspectionActions.ts';
import { activeShares, createShare, revokeShares, type ShareLink } from './reportApi.ts';

const DURATIONS = [7, 30, 90] as const;

type Inspection = RecordOf<'inspections'>;

/**
 * "Partager": a public link to the report for the customer (issue 11, share). The dialog makes a
 * link (duration, language: the customer's by default), shows it once to copy, lists the active
 * links' languages and expiry dates, and revokes them. Shown to whoever may share.
 */
export function ShareDialog({ inspection }: { inspection: Inspection }) {
  const { t } = useTranslation();
  const { me, permissions } = useMe();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<string>('30');
  // The customer's language, when the inspection's customer is loaded with it.
  const defaultLocale = inspection.customer?.locale ?? null;
  const [chosen, setLocale] = useState<Locale | null>(null);
  // What the select shows is what is sent: the choice, else the customer's language, else the screen's.
  const locale = chosen ?? defaultLocale ?? currentLocale();
  const [link, setLink] = useState<ShareLink | null>(null);
  const [confirm, setConfirm] = useState(false);
  // Where the server can text: the link e-mailed and/or texted to the customer (a text under their consent).
  const customer = inspection.customer as { id?: string; phone?: string | null; email?: string | null } | null | undefined;
  const channels = useChannels(customer, open);
  const may = userActions(actionsInputOf(inspection, me.id, permissions)).includes('share');
  const shares = useQuery({ queryKey: ['inspections', inspection.id, 'shares'], queryFn: () => activeShares(inspection.id), enabled: open && may });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['inspections'] });
  };
  const create = useMutation({
    mutationFn: () => createShare(inspection.id, { expires_in_days: Number(days), locale, send_email: channels.byEmail, send_sms: channels.bySms }),
    onSuccess: (made) => {
      setLink(made);
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeShares(inspection.id),
    onSuccess: () => {
      setLink(null);
      setConfirm(false);
      notify({ color: 'teal', message: t('reports:share.revoked') });
      refresh();
    },
  });
  if (!may) return null;
  const ui = currentLocale();
  const language = (l: Locale) => LOCALE_LABELS[l][ui];
  const close = () => {
    setOpen(false);
    setLink(null);
    setConfirm(false);
    channels.reset(false);
  };
  const active = shares.data ?? [];

  return (
    <>
      <Button size="md" variant="light" color="indigo" leftSection={<IconShare size={18} />} onClick={() => setOpen(true)} data-testid="inspection-share">
        {t('reports:share.button')}
      </Button>
      <Modal opened={open} onClose={close} title={t('reports:share.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('reports:share.close') }}>
        <Stack gap="md">
          <Text size="sm">{t('reports:share.intro')}</Text>
          {link ? (
            <Alert color="teal" icon={<IconCheck />} data-testid="share-created">
              <Stack gap="xs">
                <Text size="sm">{t('reports:share.created')}</Text>
                {link.email ? <Text size="sm">{t('texts:sent.emailed', { email: link.email })}</Text> : null}
                <SentTextNotice text={link.text} testId="share" />
                <LinkToCopy url={link.url} label={t('reports:share.link')} copy={t('reports:share.copy')} copied={t('reports:share.copied')} testId="share" />
              </Stack>
            </Alert>
          ) : (
            <Stack gap="sm">
              <div>
                <Text size="sm" fw={500} id="share-duration-label" mb={4}>
                  {t('reports:share.duration')}
                </Text>
                <SegmentedControl
                  value={days}
                  onChange={setDays}
                  aria-labelledby="share-duration-label"
                  data={DURATIONS.map((d) => ({ value: String(d), label: t('reports:share.days', { count: d }) }))}
                  data-testid="share-days"
                />
              </div>
              <Select
                label={t('reports:share.language')}
                value={locale}
                onChange={(v) => setLocale(LOCALES.find((l) => l === v) ?? null)}
                allowDeselect={false}
                data={LOCALES.map((l) => ({ value: l, label: l === defaultLocale ? t('reports:share.language_customer', { language: language(l) }) : language(l) }))}
                data-testid="share-locale"
              />
              {/* E-mail whenever the customer has an address; the text only where the server can text. */}
              <ChannelChoice channels={channels} customerId={customer?.id} emailDisabled={!customer?.email} testId="share" />
              <Group justify="flex-end">
                <Button leftSection={<IconShare size={16} />} loading={create.isPending} disabled={channels.textBlocked} onClick={() => create.mutate()} data-testid="share-create">
                  {t('reports:share.create')}
                </Button>
              </Group>
            </Stack>
          )}
          <Stack gap={4} data-testid="share-active">
            <Text fw={600} size="sm">
              {t('reports:share.active')}
            </Text>
            {active.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('reports:share.active_none')}
              </Text>
            ) : (
              <List size="sm" spacing={2}>
                {active.map((s) => (
                  <List.Item key={s.id} data-testid="share-active-item">
                    {t('reports:share.active_item', { language: language(s.locale), date: formatDate(s.expires_at, ui) })}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
          {confirm && (
            <Alert color="red" data-testid="share-revoke-confirm">
              <Stack gap="xs">
                <Text size="sm">{t('reports:share.revoke_confirm')}</Text>
                <Group justify="flex-end" gap="xs">
                  <Button size="sm" variant="default" onClick={() => setConfirm(false)}>
                    {t('reports:share.close')}
                  </Button>
                  <Button size="sm" color="red.8" leftSection={<IconLinkOff size={16} />} loading={revoke.isPending} onClick={() => revoke.mutate()} data-testid="share-revoke-yes">
                    {t('reports:share.revoke')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="subtle" color="red.8" leftSection={<IconLinkOff size={16} />} disabled={active.length === 0 || confirm} onClick={() => setConfirm(true)} data-testid="share-revoke">
              {t('reports:share.revoke')}
            </Button>
            <Button variant="default" onClick={close} data-testid="share-close">
              {t('reports:share.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
