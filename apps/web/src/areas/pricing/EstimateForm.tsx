import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Grid, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONDITIONS, PROVINCES, type CatalogueFilter, type CatalogueLevel } from '@atelier/domain';
import { ApiError } from '../../api/jsonapi.ts';
import { isOneOf } from '../../lib/enums.ts';
import { catalogue, type Channel } from './pricingApi.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';

// The estimation form, the same on the screen and in the embedded frame: a VIN, or the vehicle
// picked level by level from the catalogue; the mileage; on the screen, the appraisal terms (the
// frame's margin is the dealership's frame settings, never the visitor's). The server checks
// everything (domain checkPriceRequest) and its messages show under their fields.

/** The mileage's units, as the price request names them. */
const UNITS = ['kilometers', 'miles'] as const;

export interface FormValues {
  vin: string;
  year: string;
  make: string;
  model: string;
  series: string;
  style: string;
  mileage: number | '';
  unit: (typeof UNITS)[number];
  province: string;
  status: string;
  accident: boolean;
  rebuilt: boolean;
  damage_cost: number | '';
  desired_profit: number | '';
  aggression_percentage: number | '';
}

export const EMPTY: FormValues = {
  vin: '',
  year: '',
  make: '',
  model: '',
  series: '',
  style: '',
  mileage: '',
  unit: 'kilometers',
  province: 'QC',
  status: 'good',
  accident: false,
  rebuilt: false,
  damage_cost: '',
  desired_profit: '',
  aggression_percentage: '',
};

/** The appraisal terms: the screen's user gives them, the frame takes the dealership's settings. */
const MARGIN = ['damage_cost', 'desired_profit', 'aggression_percentage'] as const;

/** The body the API takes: only what is filled; numbers as numbers. */
export function bodyOf(v: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { province: v.province, status: v.status, accident: v.accident, rebuilt: v.rebuilt };
  if (v.vin.trim()) body.vin = v.vin.trim();
  if (v.year) body.year = Number(v.year);
  for (const k of ['make', 'model', 'series', 'style'] as const) if (v[k]) body[k] = v[k];
  if (v.mileage !== '') body[v.unit] = v.mileage;
  for (const k of MARGIN) if (v[k] !== '') body[k] = v[k];
  return body;
}

function useLevel(channel: Channel, level: CatalogueLevel, filter: CatalogueFilter, enabled: boolean) {
  const key = channel.kind === 'embed' ? channel.key : 'app';
  return useQuery({ queryKey: ['estimate-vehicle', key, level, filter], queryFn: () => catalogue(channel, level, filter), enabled, staleTime: 60_000 });
}

/**
 * `estimate` makes the call (the screen's estimation, or the frame's offer); `onResult` gets its
 * answer with the body it was made of (the frame's lead sends the same vehicle). `margin`: whether
 * the appraisal terms are asked (not in the frame).
 */
export function EstimateForm<T>({ channel, estimate, onResult, margin = true, initial }: { channel: Channel; estimate: (body: Record<string, unknown>) => Promise<T>; onResult: (result: T | null, body: Record<string, unknown>) => void; margin?: boolean; initial?: FormValues }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(initial ?? EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  // Choosing a level clears the ones after it.
  const choose = (level: 'year' | 'make' | 'model' | 'series' | 'style', value: string | null) => {
    const order = ['year', 'make', 'model', 'series', 'style'] as const;
    setValues((v) => {
      const next = { ...v, [level]: value ?? '' };
      for (const later of order.slice(order.indexOf(level) + 1)) next[later] = '';
      return next;
    });
  };
  const year = values.year ? Number(values.year) : undefined;
  const years = useLevel(channel, 'years', {}, true);
  const makes = useLevel(channel, 'makes', { year }, !!values.year);
  const models = useLevel(channel, 'models', { year, make: values.make }, !!values.make);
  const series = useLevel(channel, 'series', { year, make: values.make, model: values.model }, !!values.model);
  const styles = useLevel(channel, 'styles', { year, make: values.make, model: values.model, series: values.series || undefined }, !!values.model);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setErrors({});
    setGeneral(null);
    const body = bodyOf(margin ? values : { ...values, ...Object.fromEntries(MARGIN.map((k) => [k, ''])) });
    try {
      onResult(await estimate(body), body);
    } catch (err) {
      onResult(null, body);
      if (err instanceof ApiError) {
        const fields = err.fieldErrors;
        // kilometers and miles are one input.
        if (fields.kilometers || fields.miles) fields.mileage = fields.kilometers ?? fields.miles!;
        setErrors(fields);
        setGeneral(err.generalErrors.map((g) => g.detail ?? g.title).join(' ') || (Object.keys(fields).length ? null : err.message));
      } else setGeneral(t('errors:SOMETHING_WENT_WRONG'));
    } finally {
      setPending(false);
    }
  }

  const select = (level: 'year' | 'make' | 'model' | 'series' | 'style', data: string[] | undefined, disabled: boolean) => (
    <Select
      label={t(`pricing:form.${level}`)}
      data={data ?? []}
      value={values[level] || null}
      onChange={(v) => choose(level, v)}
      disabled={disabled}
      searchable
      clearable
      error={errors[level]}
      data-testid={`estimate-${level}`}
    />
  );

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-labelledby="estimate-form-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="estimate-form-title">
          {t('pricing:form.title')}
        </Title>
        <TextInput label={t('pricing:form.vin')} description={t('pricing:form.vin_help')} value={values.vin} onChange={(e) => set('vin', e.currentTarget.value.toUpperCase())} error={errors.vin} maxLength={17} data-testid="estimate-vin" />
        <Text size="sm" c="dimmed">
          {t('pricing:form.or_vehicle')}
        </Text>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, xs: 4 }}>{select('year', years.data, false)}</Grid.Col>
          <Grid.Col span={{ base: 12, xs: 4 }}>{select('make', makes.data, !values.year)}</Grid.Col>
          <Grid.Col span={{ base: 12, xs: 4 }}>{select('model', models.data, !values.make)}</Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>{select('series', series.data, !values.model)}</Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>{select('style', styles.data, !values.model)}</Grid.Col>
        </Grid>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DecimalInput label={t('pricing:form.mileage')} value={values.mileage} onChange={(v) => set('mileage', v)} decimals={0} allowNegative={false} error={errors.mileage} style={{ flex: 1, minWidth: 160 }} data-testid="estimate-mileage" />
          <SegmentedControl
            aria-label={t('pricing:form.unit')}
            value={values.unit}
            onChange={(v) => {
              if (isOneOf(UNITS, v)) set('unit', v);
            }}
            data={[
              { value: 'kilometers', label: t('pricing:form.km') },
              { value: 'miles', label: t('pricing:form.miles') },
            ]}
          />
        </Group>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <Select label={t('pricing:form.province')} data={[...PROVINCES]} value={values.province} onChange={(v) => set('province', v ?? 'QC')} allowDeselect={false} error={errors.province} data-testid="estimate-province" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <Select
              label={t('pricing:form.status')}
              data={CONDITIONS.map((c) => ({ value: c, label: t(`pricing:status.${c}`) }))}
              value={values.status}
              onChange={(v) => set('status', v ?? 'good')}
              allowDeselect={false}
              error={errors.status}
              data-testid="estimate-status"
            />
          </Grid.Col>
        </Grid>
        <Group gap="lg">
          <Checkbox label={t('pricing:form.accident')} checked={values.accident} onChange={(e) => set('accident', e.currentTarget.checked)} data-testid="estimate-accident" />
          <Checkbox label={t('pricing:form.rebuilt')} checked={values.rebuilt} onChange={(e) => set('rebuilt', e.currentTarget.checked)} />
        </Group>
        {margin && (
        <Grid gap="sm">
          {MARGIN.map((k) => (
            <Grid.Col key={k} span={{ base: 12, xs: 4 }}>
              <DecimalInput
                label={t(`pricing:form.${k}`)}
                description={k === 'aggression_percentage' ? t('pricing:form.aggression_help') : undefined}
                value={values[k]}
                onChange={(v) => set(k, v)}
                allowNegative={false}
                decimals={k === 'aggression_percentage' ? 4 : 0}
                error={errors[k]}
                data-testid={`estimate-${k}`}
              />
            </Grid.Col>
          ))}
        </Grid>
        )}
        {general && (
          <Text c="red.8" size="sm" role="alert" data-testid="estimate-error">
            {general}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={pending} data-testid="estimate-submit">
            {t('pricing:form.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
