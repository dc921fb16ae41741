import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Code, CopyButton, Grid, Group, NumberInput, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Panel } from '../../components/Panel.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/index.ts';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';
import { FRAME_DISPLAYS, type FrameDisplay } from '@atelier/domain';
import { ApiError } from '../../api/jsonapi.ts';
import { isOneOf } from '../../lib/enums.ts';
import { KeyConfirm } from './KeyConfirm.tsx';
import { FRAME_HEIGHT_MESSAGE, fetchFrameSettings, frameSnippet, frameUrl, makePublicKey, saveFrameSettings, useKeys, type FrameSettings } from './pricingApi.ts';

const AMOUNTS = ['desired_profit', 'aggression_percentage', 'damage_cost'] as const;

/** The margin the frame's offers take and what it shows; read-only without the frame's permission. */
function FrameSettingsForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: ['estimate-vehicle-frame-settings'], queryFn: fetchFrameSettings });
  const [draft, setDraft] = useState<Partial<Record<keyof FrameSettings, number | '' | FrameDisplay>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveFrameSettings,
    onSuccess: (s) => {
      qc.setQueryData(['estimate-vehicle-frame-settings'], s);
      setDraft({});
      setErrors({});
    },
    onError: (err) => setErrors(err instanceof ApiError ? err.fieldErrors : {}),
  });
  if (!settings.data) return null;
  const value = <K extends keyof FrameSettings>(k: K) => (k in draft ? draft[k] : settings.data[k]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Only what the person changed is sent; an emptied amount is zero.
    save.mutate(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v === '' ? 0 : v])));
  };
  const fr = currentLocale() === 'fr';
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="frame-settings-title" data-testid="frame-settings">
      <Stack gap="sm">
        <Title order={2} size="h4" id="frame-settings-title">
          {t('pricing:frame.settings')}
        </Title>
        <Text size="sm">{t('pricing:frame.settings_intro')}</Text>
        <Grid gap="sm">
          {AMOUNTS.map((k) => (
            <Grid.Col key={k} span={{ base: 12, sm: 4 }}>
              <NumberInput
                label={t(`pricing:frame.${k}`)}
                value={value(k) as number | ''}
                onChange={(v) => setDraft((d) => ({ ...d, [k]: typeof v === 'number' ? v : v === '' ? '' : Number(String(v).replace(',', '.')) }))}
                min={0}
                max={k === 'aggression_percentage' ? 100 : undefined}
                allowDecimal={k === 'aggression_percentage'}
                decimalSeparator={fr ? ',' : '.'}
                thousandSeparator={fr ? ' ' : ','}
                disabled={!canEdit}
                error={errors[k]}
                data-testid={`frame-${k}`}
              />
            </Grid.Col>
          ))}
        </Grid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="frame-display-label">
            {t('pricing:frame.display')}
          </Text>
          <SegmentedControl
            aria-labelledby="frame-display-label"
            value={value('display') as FrameDisplay}
            onChange={(v) => {
              if (isOneOf(FRAME_DISPLAYS, v)) setDraft((d) => ({ ...d, display: v }));
            }}
            data={FRAME_DISPLAYS.map((d) => ({ value: d, label: t(`pricing:frame.display_${d}`) }))}
            disabled={!canEdit}
            style={{ alignSelf: 'flex-start' }}
            data-testid="frame-display"
          />
        </Stack>
        {canEdit && (
          <Group>
            <Button type="submit" loading={save.isPending} disabled={Object.keys(draft).length === 0} data-testid="frame-settings-save">
              {t('pricing:frame.save')}
            </Button>
            {save.isSuccess && Object.keys(draft).length === 0 && (
              <Text size="sm" role="status">
                {t('pricing:frame.saved')}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The preview sized like the dealership's page sizes it: by the frame's height messages. */
function Preview({ url, title }: { url: string; title: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(900);
  useEffect(() => {
    const listen = (e: MessageEvent) => {
      if (e.source === ref.current?.contentWindow && e.data?.type === FRAME_HEIGHT_MESSAGE && typeof e.data.height === 'number') setHeight(Math.ceil(e.data.height));
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);
  return <iframe ref={ref} src={url} title={title} style={{ width: '100%', height, border: 0 }} data-testid="frame-preview" />;
}

/** The frame: the snippet to paste in the dealership's site, a live preview, and the domains allowed to embed it. */
export function FrameTab({ canManageDomains, canManageFrame }: { canManageDomains: boolean; canManageFrame: boolean }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { keys, setKeys } = useKeys();
  const regenerate = useMutation({ mutationFn: makePublicKey, onSuccess: setKeys });
  const url = keys.data ? frameUrl(window.location.origin, keys.data.public_key, currentLocale()) : '';
  const snippet = url ? frameSnippet(url, t('pricing:embed.title')) : '';
  return (
    <Stack gap="md">
      <Text>{t('pricing:frame.intro')}</Text>
      <Panel title={t('pricing:frame.snippet')}>
      {keys.data && (
        <>
          {/* A scrollable block: focusable, so a keyboard can scroll it (axe scrollable-region-focusable). */}
          <Code block tabIndex={0} aria-label={t('pricing:frame.snippet_label')} data-testid="frame-snippet">
            {snippet}
          </Code>
          <Group>
            <CopyButton value={snippet}>{({ copied, copy }) => <Button variant="default" onClick={copy}>{t(copied ? 'pricing:frame.copied' : 'pricing:frame.copy')}</Button>}</CopyButton>
            {canManageFrame && (
              <Button color="red.8" variant="outline" onClick={() => setConfirming(true)} loading={regenerate.isPending}>
                {t('pricing:frame.regenerate_public')}
              </Button>
            )}
          </Group>
        </>
      )}
      </Panel>
      <FrameSettingsForm canEdit={canManageFrame} />
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
          <Preview url={url} title={t('pricing:frame.preview')} />
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
