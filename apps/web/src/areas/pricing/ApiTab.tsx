import { useState } from 'react';
import { Alert, Anchor, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Panel } from '../../components/Panel.tsx';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { KeyConfirm } from './KeyConfirm.tsx';
import { makeSecret, revokeSecretKey, useKeys, type Keys } from './pricingApi.ts';

const EXAMPLE_BODY = { vin: '2T3W1RFV8MW123456', kilometers: 60000, province: 'QC', status: 'good', accident: false, damage_cost: 0, desired_profit: 1500, aggression_percentage: 10 };

/** The API: what to call, an example, and the organization's secret key (shown once, revocable). */
export function ApiTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [fresh, setFresh] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'make' | 'revoke' | null>(null);
  const { keys, setKeys } = useKeys();
  const done = (k: Keys) => {
    setKeys(k);
    setFresh(k.secret ?? null);
  };
  const make = useMutation({ mutationFn: makeSecret, onSuccess: done });
  const revoke = useMutation({ mutationFn: revokeSecretKey, onSuccess: done });
  const example = `curl -X POST ${window.location.origin}/api/v1/estimations/vehicle-price \\
  -H 'Content-Type: application/json' -H 'Accept-Language: ${locale}' \\
  -H 'X-Api-Key: ${fresh ?? 'sk_…'}' \\
  -d '${JSON.stringify(EXAMPLE_BODY)}'`;
  const k = keys.data;
  return (
    <Stack gap="md">
      <Text>{t('pricing:api.intro')}</Text>
      <Panel title={t('pricing:api.docs')}>
      <Text size="sm">{t('pricing:api.fields')}</Text>
      <Anchor href="/api/docs" target="_blank" rel="noreferrer">
        {t('pricing:api.docs_link')}
      </Anchor>
      <Title order={3} size="h5">
        {t('pricing:api.example')}
      </Title>
      {/* A scrollable block: focusable, so a keyboard can scroll it (axe scrollable-region-focusable). */}
      <Code block tabIndex={0} aria-label={t('pricing:api.example_label')} data-testid="api-example">
        {example}
      </Code>
      </Panel>
      <Panel title={t('pricing:api.secret')}>
      {k && (
        <Text size="sm" data-testid="api-secret-state">
          {k.has_secret ? t('pricing:api.secret_hint', { hint: k.secret_hint, date: formatDate(k.secret_created_at, locale) }) : t('pricing:api.no_secret')}
        </Text>
      )}
      {fresh && (
        <Alert color="teal" title={t('pricing:api.secret_once')}>
          <Code data-testid="api-secret">{fresh}</Code>
        </Alert>
      )}
      {k && (
        <Stack gap={2}>
          <Text size="sm">{t('pricing:api.public_key')}</Text>
          <Code>{k.public_key}</Code>
        </Stack>
      )}
      {canManage && (
        <Group>
          <Button onClick={() => (k?.has_secret ? setConfirming('make') : make.mutate())} loading={make.isPending} data-testid="api-make-secret">
            {t('pricing:api.make_secret')}
          </Button>
          {k?.has_secret && (
            <Button color="red.8" variant="outline" onClick={() => setConfirming('revoke')} loading={revoke.isPending}>
              {t('pricing:api.revoke')}
            </Button>
          )}
        </Group>
      )}
      </Panel>
      <KeyConfirm
        opened={confirming !== null}
        title={t(confirming === 'revoke' ? 'pricing:api.revoke' : 'pricing:api.make_secret')}
        warning={t('pricing:api.make_secret_warning')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const what = confirming;
          setConfirming(null);
          if (what === 'revoke') revoke.mutate();
          else make.mutate();
        }}
      />
    </Stack>
  );
}
