import { Alert, Anchor, Badge, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { CONDITIONS, RECONDITIONING_ORIGIN_LABELS, formatPercent, type Condition, type OfferStep } from '@atelier/domain';
import { Link } from 'react-router';
import { currentLocale } from '../../i18n/index.ts';
import { dollars, kilometres } from './format.ts';
import type { EstimateResult as Result } from './pricingApi.ts';
import { TableHead } from '../../components/TableHead.tsx';

// The result of an estimation: the offer and how it was computed (so the appraiser can explain
// it), the market statistics with the comparables on a chart and the subject placed among them,
// and Black Book's values or what it said.

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Comparables' prices against their kilometres; the subject at its kilometres and market retail. */
function ComparablesChart({ result }: { result: Result }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const comparables = result.ess?.comparables ?? [];
  const kept = comparables.filter((c) => c.kept).map((c) => ({ km: c.km, price: c.price }));
  const dropped = comparables.filter((c) => !c.kept).map((c) => ({ km: c.km, price: c.price }));
  const subject = [{ km: result.mileage, price: result.offer.market_retail }];
  return (
    <figure style={{ margin: 0 }} aria-label={t('pricing:result.chart')} data-testid="estimate-chart">
      <Text size="sm" fw={600} component="figcaption" mb="xs">
        {t('pricing:result.chart')}
      </Text>
      <ResponsiveContainer width="100%" height={280} initialDimension={{ width: 600, height: 280 }}>
        <ScatterChart margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" dataKey="km" name={t('pricing:result.km_axis')} tickFormatter={(v: number) => `${Math.round(v / 1000)}k`} />
          <YAxis type="number" dataKey="price" name={t('pricing:result.price_axis')} width={72} tickFormatter={(v: number) => dollars(v, locale)} />
          <Tooltip formatter={(v, name) => (name === t('pricing:result.km_axis') ? kilometres(Number(v), locale) : dollars(Number(v), locale))} />
          <Legend />
          <Scatter name={t('pricing:result.chart_kept')} data={kept} fill="#1c7ed6" />
          <Scatter name={t('pricing:result.chart_dropped')} data={dropped} fill="#adb5bd" shape="cross" />
          <Scatter name={t('pricing:result.chart_subject')} data={subject} fill="#c92a2a" shape="star" />
        </ScatterChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** The offer's steps, one row each (a reconditioning step per line of the inspection's estimate or canned job). */
export function OfferSteps({ steps, status, caption }: { steps: readonly OfferStep[]; status: Condition; caption?: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Table data-testid="estimate-steps" striped>
      {caption && <Table.Caption>{caption}</Table.Caption>}
      <Table.Tbody>
        {steps.map((s, i) => (
          <Table.Tr key={`${s.code}-${i}`} fw={s.code === 'offer' ? 700 : undefined} data-step={s.code}>
            <Table.Td>{t(`pricing:result.step.${s.code}`, { percent: s.percent === undefined ? '' : formatPercent(s.percent, locale), status: t(`pricing:status.${status}`), label: s.label ?? '' })}</Table.Td>
            <Table.Td ta="right">{s.code === 'market_retail' || s.code === 'offer' ? dollars(s.total, locale) : dollars(s.amount, locale)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The inspection the offer took its reconditioning from: its score, a link to it, and where the cost came from. */
export function InspectionLink({ inspection, origin, cents }: { inspection: { id: string; score: number | null }; origin: keyof typeof RECONDITIONING_ORIGIN_LABELS; cents: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Group gap="xs" data-testid="estimate-inspection">
      <Anchor component={Link} to={`/inspecpro/inspections/${inspection.id}`}>
        {inspection.score === null ? t('pricing:result.inspection') : t('pricing:result.inspection_score', { score: inspection.score })}
      </Anchor>
      <Text size="sm" c="dimmed">
        {t('pricing:result.reconditioning', { origin: RECONDITIONING_ORIGIN_LABELS[origin][locale], amount: dollars(Math.round(cents / 100), locale) })}
      </Text>
    </Group>
  );
}

export function EstimateResult({ result }: { result: Result }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const v = result.vehicle;
  const ess = result.ess;
  const bb = result.black_book;
  return (
    <Stack gap="md" data-testid="estimate-result">
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {[v.year, v.make, v.model, v.series, v.style].filter(Boolean).join(' ')}
            </Title>
            <Text size="sm" c="dimmed">
              {kilometres(result.mileage, locale)} · {result.province} · {t(`pricing:status.${result.status}`)}
            </Text>
            {result.appraisal?.inspection && <InspectionLink inspection={result.appraisal.inspection} origin={result.appraisal.reconditioning.origin} cents={result.appraisal.reconditioning.cents} />}
            {result.appraisal && (
              <Anchor component={Link} to={`/vehicles/appraisals/${result.appraisal.id}`} size="sm" data-testid="estimate-appraisal">
                {t('pricing:result.open_appraisal')}
              </Anchor>
            )}
          </Stack>
          <SimpleGrid cols={2} spacing="lg">
            <Stat label={t('pricing:result.market_retail')} value={dollars(result.offer.market_retail, locale)} />
            <Stat label={t('pricing:result.offer')} value={dollars(result.offer.amount, locale)} testId="estimate-offer" />
          </SimpleGrid>
        </Group>
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" h="100%">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={3} size="h5">
                  {t('pricing:result.ess')}
                </Title>
                {ess?.low_confidence && (
                  <Badge color="orange.9" leftSection={<IconAlertTriangle size={12} />} data-testid="estimate-low-confidence">
                    {t('pricing:result.low_confidence')}
                  </Badge>
                )}
              </Group>
              {ess ? (
                <>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <Stat label={t('pricing:result.average_retail_sales')} value={dollars(ess.average_retail_sales, locale)} testId="estimate-average" />
                    <Stat label={t('pricing:result.median_retail_sales')} value={dollars(ess.median_retail_sales, locale)} />
                    <Stat
                      label={t('pricing:result.official_price')}
                      value={`${dollars(ess.official_price.low, locale)} – ${dollars(ess.official_price.high, locale)}`}
                      testId="estimate-official"
                    />
                    <Stat label={t('pricing:result.taxed', { rate: formatPercent(ess.official_price.tax_rate_percent, locale) })} value={`${dollars(ess.official_price.taxed_low, locale)} – ${dollars(ess.official_price.taxed_high, locale)}`} />
                    <Stat label={t('pricing:result.price_variation')} value={`± ${dollars(ess.price_variation, locale)} (${formatPercent(ess.price_variation_percent, locale)})`} />
                  </SimpleGrid>
                  <Text size="sm" data-testid="estimate-count">
                    {t('pricing:result.vehicle_count', { count: ess.vehicle_count })}
                    {ess.average_days_on_market !== null && ` · ${t('pricing:result.days_on_market', { count: ess.average_days_on_market })} (${t('pricing:result.median_days', { count: ess.median_days_on_market ?? 0 })})`}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`pricing:result.widening.${ess.widening_step}`)} · {t('pricing:result.valid_range', { margin: ess.valid_price_range_margin })}
                  </Text>
                  <ComparablesChart result={result} />
                </>
              ) : (
                <Text size="sm">{t('pricing:result.ess_none')}</Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Paper withBorder p="md">
              <Title order={3} size="h5" mb="sm">
                {t('pricing:result.steps')}
              </Title>
              <OfferSteps steps={result.offer.steps} status={result.status} caption={t(`pricing:result.basis.${result.offer.basis}`)} />
            </Paper>
            <Paper withBorder p="md" data-testid="estimate-black-book">
              <Title order={3} size="h5" mb="sm">
                {t('pricing:result.black_book')}
              </Title>
              {bb.status === 'ok' ? (
                <Stack gap="xs">
                  <Table>
                    <TableHead columns={['', { title: t('pricing:result.wholesale'), ta: 'right' }, { title: t('pricing:result.retail'), ta: 'right' }]} />
                    <Table.Tbody>
                      {CONDITIONS.map((c) => (
                        <Table.Tr key={c} fw={c === result.status ? 700 : undefined}>
                          <Table.Td>{t(`pricing:status.${c}`)}</Table.Td>
                          <Table.Td ta="right">{dollars(bb.wholesale[c], locale)}</Table.Td>
                          <Table.Td ta="right">{dollars(bb.retail[c], locale)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                  <Text size="sm">{t('pricing:result.msrp_line', { value: dollars(bb.msrp, locale) })}</Text>
                  <Text size="sm">{t('pricing:result.mileage_adjustment_line', { value: dollars(bb.mileage_adjustment, locale) })}</Text>
                  {bb.warranty_basic && <Text size="sm">{t('pricing:result.warranty_basic_line', { value: bb.warranty_basic })}</Text>}
                  {bb.warranty_powertrain && <Text size="sm">{t('pricing:result.warranty_powertrain_line', { value: bb.warranty_powertrain })}</Text>}
                </Stack>
              ) : (
                <Alert color="gray" variant="light" data-testid="estimate-black-book-message">
                  {bb.message}
                </Alert>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {result.debug && (
        <Paper withBorder p="md">
          <Title order={3} size="h5" mb="sm">
            {t('pricing:result.debug')}
          </Title>
          {/* Focusable: a keyboard user scrolls it too. */}
          <Text component="pre" size="xs" style={{ overflow: 'auto', maxHeight: 320 }} tabIndex={0} aria-label={t('pricing:result.debug')} data-testid="estimate-debug">
            {JSON.stringify(result.debug, null, 2)}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
