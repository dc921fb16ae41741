import { APPRAISAL_SOURCE_LABELS, CONDITION_LABELS, type RecordOf } from '@atelier/domain';
import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useList, useRecord } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { byFullName } from '../../components/resource/names.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate, formatDateTime, formatPercent } from '../../lib/format.ts';
import { comparedSale, reopenHref, type Appraisal } from './appraisalModel.ts';
import { InspectionLink, OfferSteps } from './EstimateResult.tsx';
import { dollars, kilometres } from './format.ts';

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Who asked: the user, the API key (its hint), the frame's site (and the visitor's lead). */
function Appraiser({ a }: { a: Appraisal }) {
  const { t } = useTranslation();
  if (a.source === 'api') return <Text size="sm">{t('appraisals:by_api', { hint: a.key_hint ?? '' })}</Text>;
  if (a.source === 'frame')
    return (
      <Group gap="xs">
        <Text size="sm">{t('appraisals:by_frame', { host: a.host ?? '—' })}</Text>
        {a.lead && (
          <Anchor component={Link} to={`/vehicles/requests?id=${a.lead.id}&action=view`} size="sm" data-testid="appraisal-lead">
            {t('appraisals:lead')}
          </Anchor>
        )}
      </Group>
    );
  return <Text size="sm">{a.user ? t('appraisals:by_user', { name: byFullName(a.user) }) : '—'}</Text>;
}

/** How far the offer was from what the vehicle sold for, when a sale of its VIN is known. */
function SaleComparison({ a }: { a: Appraisal }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const locale = currentLocale();
  const allowed = can('view any vehicle sales') && !!a.vin;
  const sales = useList<RecordOf<'vehicle-sales'>>('vehicle-sales', { page: { number: 1, size: 20 }, sort: '-sold_on', filter: { search: a.vin ?? '', kind: 'sale' } }, { enabled: allowed, meta: { silent: true } });
  if (!allowed) return null;
  if (sales.isPending) return <Loader size="sm" />;
  const sale = comparedSale(a, sales.data?.data ?? []);
  return (
    <Paper withBorder p="md" data-testid="appraisal-sale">
      <Title order={2} size="h5" mb="sm">
        {t('appraisals:sale')}
      </Title>
      {sale ? (
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Line label={t('appraisals:sold_on')} value={formatDate(sale.soldOn, locale)} />
          <Line label={t('appraisals:sale_price')} value={dollars(sale.sale, locale)} testId="appraisal-sale-price" />
          <Line label={t('appraisals:difference')} value={`${sale.difference > 0 ? '+' : ''}${dollars(sale.difference, locale)}`} testId="appraisal-difference" />
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {t('appraisals:no_sale')}
        </Text>
      )}
    </Paper>
  );
}

/** /vehicles/appraisals/:id: an estimate kept (issue 27): what was asked, answered and how, by whom; run again; compared with the sale. */
export default function AppraisalPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const locale = currentLocale();
  const q = useRecord<Appraisal>('appraisals', id, { include: 'user,vehicle,inspection,lead' });
  if (q.isPending) return <Loader />;
  if (!q.data) return <Alert color="red">{t('appraisals:not_found')}</Alert>;
  const a = q.data;
  const name = [a.year, a.make, a.model, a.series, a.style].filter(Boolean).join(' ') || a.vin || '—';
  return (
    <Stack gap="md" data-testid="appraisal-page">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('appraisals:record', { name })}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateTime(a.created_at, locale)} · {APPRAISAL_SOURCE_LABELS[a.source][locale]}
          </Text>
          <Appraiser a={a} />
        </Stack>
        <Button component={Link} to={reopenHref(a.id)} leftSection={<IconRefresh size={16} />} data-testid="appraisal-reopen">
          {t('appraisals:reopen')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="sm">
            {t('appraisals:inputs')}
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Line label={t('fields:appraisals.vin')} value={a.vin ?? '—'} />
            <Line label={t('fields:appraisals.mileage')} value={kilometres(a.mileage, locale)} />
            <Line label={t('fields:appraisals.province')} value={a.province} />
            <Line label={t('fields:appraisals.condition')} value={CONDITION_LABELS[a.condition][locale]} />
            <Line label={t('fields:appraisals.accident')} value={t(a.accident ? 'common:boolean.true' : 'common:boolean.false')} />
            <Line label={t('fields:appraisals.rebuilt')} value={t(a.rebuilt ? 'common:boolean.true' : 'common:boolean.false')} />
            <Line label={t('fields:appraisals.desired_profit')} value={dollars(a.desired_profit, locale)} />
            <Line label={t('fields:appraisals.aggression_percentage')} value={formatPercent(Number(a.aggression_percentage) / 100, locale, 1)} />
            <Line label={t('fields:appraisals.damage_cost')} value={dollars(a.damage_cost, locale)} />
            {a.vehicle && (
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {t('fields:appraisals.vehicle')}
                </Text>
                <Anchor component={Link} to={`/vehicles/vehicles?id=${a.vehicle.id}&action=view`} data-testid="appraisal-vehicle">
                  {a.vehicle.vin}
                </Anchor>
              </Stack>
            )}
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="sm">
            {t('appraisals:result')}
          </Title>
          <SimpleGrid cols={2} spacing="sm" mb="sm">
            <Line label={t('fields:appraisals.offer')} value={dollars(a.offer, locale)} testId="appraisal-offer" />
            <Line label={t('fields:appraisals.market_retail')} value={dollars(a.market_retail, locale)} />
            {a.range_low !== null && a.range_high !== null && <Line label={t('appraisals:range')} value={`${dollars(a.range_low, locale)} – ${dollars(a.range_high, locale)}`} />}
          </SimpleGrid>
          {/* The reconditioning came from the inspection: its cost and origin beside the link. */}
          {a.inspection && <InspectionLink inspection={{ id: a.inspection.id, score: a.inspection_score }} origin={a.reconditioning_origin} cents={a.reconditioning_cents} />}
          <Title order={3} size="h6" mt="md" mb="xs">
            {t('pricing:result.steps')}
          </Title>
          <OfferSteps steps={a.steps ?? []} status={a.condition} />
        </Paper>
      </SimpleGrid>
      <SaleComparison a={a} />
    </Stack>
  );
}
