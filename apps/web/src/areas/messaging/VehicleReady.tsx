import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCarGarage } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import { type JsonApiDocument } from '../../api/jsonapi.ts';
import { refusalOf } from '../../api/refusal.ts';
import { DialogRefusal } from '../../components/DialogRefusal.tsx';
import { useMe } from '../../app/AppData.tsx';
import type { SentLink } from '../../components/SendLinkDialog.tsx';
import { SentTextNotice } from './SentText.tsx';
import { ChannelChoice, useChannels } from './ChannelChoice.tsx';
import { DialogFooter } from '../../components/DialogFooter.tsx';

type Ready = { email: string | null; sms: string | null; text: SentLink['text'] };

/** POST /repairs/{id}/notify-ready: "your vehicle is ready", e-mailed and/or texted (meta.ready). */
async function notifyReady(repairId: string, attributes: { send_email: boolean; send_sms: boolean }): Promise<Ready> {
  const doc = await request<JsonApiDocument>(`/repairs/${encodeURIComponent(repairId)}/notify-ready`, { method: 'POST', global: false, body: { data: { type: 'repairs', id: repairId, attributes } } });
  return (doc.meta as { ready: Ready }).ready;
}

/**
 * « Prévenir le client : véhicule prêt » on a completed (or validated) repair of a customer: by
 * e-mail and/or text (a text under the customer's consent, recorded here if given at the counter).
 */
export function VehicleReadyButton({ repair }: { repair: { id: string; state?: string | null; customer?: { id?: string; email?: string | null; phone?: string | null } | null } }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const customer = repair.customer ?? null;
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<Ready | null>(null);
  const channels = useChannels(customer, open);
  const send = useMutation({ meta: { silent: true }, mutationFn: () => notifyReady(repair.id, { send_email: channels.byEmail, send_sms: channels.bySms }), onSuccess: setDone });
  if (!can('edit repairs') || (repair.state !== 'completed' && repair.state !== 'validated') || !customer) return null;
  const start = () => {
    channels.reset(!!customer.email);
    setDone(null);
    send.reset();
    setOpen(true);
  };
  const refusal = refusalOf(send.error, t('errors:SOMETHING_WENT_WRONG'));
  const noChannel = !channels.byEmail && !channels.bySms;
  return (
    <>
      <Button size="md" variant="light" color="teal" leftSection={<IconCarGarage size={18} />} onClick={start} data-testid="repair-ready">
        {t('texts:ready.button')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('texts:ready.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('texts:ready.close') }}>
        {done ? (
          <Stack gap="sm" data-testid="repair-ready-done">
            <Alert color="teal" icon={<IconCheck />}>
              <Text size="sm">{t('texts:ready.done')}</Text>
              {done.email ? <Text size="sm">{t('texts:sent.emailed', { email: done.email })}</Text> : null}
            </Alert>
            <SentTextNotice text={done.text} testId="repair-ready" link={false} />
            <DialogFooter onCancel={() => setOpen(false)} cancelLabel={t('texts:ready.close')} />
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">{t('texts:ready.intro')}</Text>
            <ChannelChoice channels={channels} customerId={customer.id} emailDisabled={!customer.email} testId="repair-ready" />
            {!customer.email ? (
              <Text size="xs" c="dimmed">
                {t('texts:ready.no_email')}
              </Text>
            ) : null}
            {noChannel ? (
              <Text size="xs" c="dimmed">
                {t('texts:ready.no_channel')}
              </Text>
            ) : null}
            <DialogRefusal refusal={refusal} />
            <DialogFooter onCancel={() => setOpen(false)} cancelLabel={t('texts:ready.close')}>
              <Button loading={send.isPending} disabled={noChannel || channels.textBlocked} onClick={() => send.mutate()} data-testid="repair-ready-confirm">
                {t('texts:ready.confirm')}
              </Button>
            </DialogFooter>
          </Stack>
        )}
      </Modal>
    </>
  );
}
