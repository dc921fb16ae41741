import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Grid, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/jsonapi.ts';
import { currentLocale } from '../../i18n/index.ts';
import { dollars } from './format.ts';
import { sendLead, type Channel, type FrameOfferResult } from './pricingApi.ts';

/** What the dealership chose to show: its offer, or a range. */
export function FrameOffer({ result }: { result: FrameOfferResult }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const v = result.vehicle;
  return (
    <Paper withBorder p="md" role="status" aria-labelledby="frame-offer-title">
      <Stack gap={4}>
        <Title order={2} size="h4" id="frame-offer-title">
          {t(result.display === 'range' ? 'pricing:embed.range_title' : 'pricing:embed.offer_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {[v.year, v.make, v.model, v.series].filter(Boolean).join(' ')}
        </Text>
        <Text fz={28} fw={700} data-testid="estimate-offer">
          {result.display === 'range' ? `${dollars(result.low, locale)} – ${dollars(result.high, locale)}` : dollars(result.offer, locale)}
        </Text>
        <Text size="sm">{t('pricing:embed.offer_note')}</Text>
      </Stack>
    </Paper>
  );
}

const EMPTY = { name: '', phone: '', email: '', consent: false };

/** The visitor leaves their contact: the dealership gets an evaluation request with the vehicle and the offer. */
export function FrameLead({ channel, vehicle }: { channel: Extract<Channel, { kind: 'embed' }>; vehicle: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setErrors({});
    setGeneral(null);
    try {
      await sendLead(channel, { ...vehicle, name: values.name, consent: values.consent, ...(values.phone.trim() ? { phone: values.phone } : {}), ...(values.email.trim() ? { email: values.email } : {}) });
      setSent(true);
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.fieldErrors);
        setGeneral(err.generalErrors.map((g) => g.detail ?? g.title).join(' ') || (Object.keys(err.fieldErrors).length ? null : err.message));
      } else setGeneral(t('errors:SOMETHING_WENT_WRONG'));
    } finally {
      setPending(false);
    }
  }

  if (sent)
    return (
      <Alert color="teal" title={t('pricing:lead.sent_title')} data-testid="lead-sent">
        {t('pricing:lead.sent')}
      </Alert>
    );
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-labelledby="lead-title" data-testid="lead-form">
      <Stack gap="sm">
        <Title order={2} size="h4" id="lead-title">
          {t('pricing:lead.title')}
        </Title>
        <Text size="sm">{t('pricing:lead.intro')}</Text>
        <TextInput label={t('pricing:lead.name')} value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} required autoComplete="name" data-testid="lead-name" />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput type="tel" label={t('pricing:lead.phone')} value={values.phone} onChange={(e) => set('phone', e.currentTarget.value)} error={errors.phone} autoComplete="tel" data-testid="lead-phone" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput type="email" label={t('pricing:lead.email')} value={values.email} onChange={(e) => set('email', e.currentTarget.value)} error={errors.email} autoComplete="email" data-testid="lead-email" />
          </Grid.Col>
        </Grid>
        <Checkbox label={t('pricing:lead.consent')} checked={values.consent} onChange={(e) => set('consent', e.currentTarget.checked)} error={errors.consent} data-testid="lead-consent" />
        {general && (
          <Text c="red.8" size="sm" role="alert">
            {general}
          </Text>
        )}
        <Button type="submit" loading={pending} data-testid="lead-submit" style={{ alignSelf: 'flex-start' }}>
          {t('pricing:lead.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
