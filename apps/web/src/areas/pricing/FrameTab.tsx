import { useState } from 'react';
import { Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/index.ts';
import { SimpleResourcePage } from '../admin/SimpleResourcePage.tsx';
import { KeyConfirm } from './KeyConfirm.tsx';
import { fetchKeys, frameUrl, makePublicKey } from './pricingApi.ts';

/** The frame: the snippet to paste in the dealership's site, a live preview, and the domains allowed to embed it. */
export function FrameTab({ canManageDomains, canRegenerate }: { canManageDomains: boolean; canRegenerate: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const keys = useQuery({ queryKey: ['estimate-vehicle-keys'], queryFn: fetchKeys });
  const regenerate = useMutation({ mutationFn: makePublicKey, onSuccess: (k) => qc.setQueryData(['estimate-vehicle-keys'], k) });
  const url = keys.data ? frameUrl(window.location.origin, keys.data.public_key, currentLocale()) : '';
  const snippet = `<iframe src="${url}" title="${t('pricing:embed.title')}" style="width:100%;min-height:900px;border:0" loading="lazy"></iframe>`;
  return (
    <Stack gap="md">
      <Text>{t('pricing:frame.intro')}</Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('pricing:frame.snippet')}
          </Title>
          {keys.data && (
            <>
              <Code block data-testid="frame-snippet">
                {snippet}
              </Code>
              <Group>
                <CopyButton value={snippet}>{({ copied, copy }) => <Button variant="default" onClick={copy}>{t(copied ? 'pricing:frame.copied' : 'pricing:frame.copy')}</Button>}</CopyButton>
                {canRegenerate && (
                  <Button color="red.8" variant="outline" onClick={() => setConfirming(true)} loading={regenerate.isPending}>
                    {t('pricing:frame.regenerate_public')}
                  </Button>
                )}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
      {canManageDomains && (
        <SimpleResourcePage
          type="estimate-vehicle-allow-domains"
          subject="vehicle estimation domains"
          title="pricing:frame.domains"
          recordTitle="pricing:frame.domain"
          newTitle="pricing:frame.new_domain"
          columns={['domain', { key: 'created_at', visibleFrom: 'sm' }]}
          fields={['domain', 'created_at']}
        />
      )}
      {keys.data && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            {t('pricing:frame.preview')}
          </Title>
          <iframe src={url} title={t('pricing:frame.preview')} style={{ width: '100%', minHeight: 900, border: 0 }} data-testid="frame-preview" />
        </Paper>
      )}
      <KeyConfirm
        opened={confirming}
        title={t('pricing:frame.regenerate_public')}
        warning={t('pricing:frame.regenerate_public_warning')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          regenerate.mutate();
        }}
      />
    </Stack>
  );
}
