import { useState } from 'react';
import { Button, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { Panel } from '../../components/Panel.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecordOf } from '@atelier/domain';
import { request } from '../../api/client.ts';
import { useMe } from '../../app/AppData.tsx';
import { columnsOf } from '../../components/resource/declared.tsx';
import { ResourceList } from '../../components/resource/ResourceList.tsx';

type Delivery = RecordOf<'callback-deliveries'>;
type SecretDoc = { data: { attributes: { secret: string } } };

/** The organization's signing secret: hidden until asked for, regenerated after a confirmation. */
function Secret() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [shown, setShown] = useState(false);
  const secret = useQuery({ queryKey: ['callbacks', 'secret'], queryFn: () => request<SecretDoc>('/callbacks/secret', { global: false }), enabled: shown });
  const regenerate = useMutation({
    mutationFn: () => request<SecretDoc>('/callbacks/secret/regenerate', { method: 'POST', global: false }),
    onSuccess: (doc) => {
      qc.setQueryData(['callbacks', 'secret'], doc);
      setShown(true);
    },
  });
  // A confirmation of its own (the app mounts no ModalsProvider: modals.openConfirmModal showed nothing).
  const [confirming, setConfirming] = useState(false);
  return (
    <Panel title={t('settings:callbacks.secret')}>
      <Text size="sm" c="dimmed">
        {t('settings:callbacks.secret_help')}
      </Text>
      {shown && secret.data && (
        <Code block data-testid="callback-secret">
          {secret.data.data.attributes.secret}
        </Code>
      )}
      <Group>
        <Button variant="default" onClick={() => setShown((s) => !s)} loading={shown && secret.isLoading}>
          {t(shown ? 'settings:callbacks.hide' : 'settings:callbacks.show')}
        </Button>
        <Button color="red.8" variant="outline" onClick={() => setConfirming(true)} loading={regenerate.isPending}>
          {t('settings:callbacks.regenerate')}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('settings:callbacks.regenerate')} centered>
        <Stack>
          <Text size="sm">{t('settings:callbacks.regenerate_warning')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color="red.8"
              onClick={() => {
                setConfirming(false);
                regenerate.mutate();
              }}
            >
              {t('settings:callbacks.regenerate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Panel>
  );
}

/** Callbacks: the secret and the delivery log (read only). */
export default function CallbacksPage() {
  const { t } = useTranslation();
  const { can } = useMe();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('settings:callbacks.title')}
      </Title>
      <Text c="dimmed">{t('settings:callbacks.intro')}</Text>
      {can('edit settings') && <Secret />}
      <ResourceList<Delivery>
        type="callback-deliveries"
        title="settings:callbacks.log"
        titleOrder={2}
        defaultSort="-created_at"
        permissions={{ view: 'view settings' }}
        columns={columnsOf('callback-deliveries', [
          'created_at',
          'event',
          'status',
          { key: 'url', visibleFrom: 'md' },
          { key: 'attempts', visibleFrom: 'sm' },
          { key: 'response_code', visibleFrom: 'sm' },
          { key: 'last_error', visibleFrom: 'lg' },
        ])}
      />
    </Stack>
  );
}
