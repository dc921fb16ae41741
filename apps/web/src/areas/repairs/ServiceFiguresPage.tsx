import { isOneOf } from '../../lib/enums.ts';
import { useState, type ReactElement } from 'react';
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ServiceFigures } from '@atelier/domain';
import { API_BASE, request, urlOf } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { storage, useSelection } from '../../app/session.ts';
import { notify } from '../../app/notify.tsx';
import { FigureCard } from '../../components/FigureCard.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatMoney, formatNumber, formatPercent, regionLocale } from '../../lib/format.ts';
import { periodDays } from './efficiencyModel.ts';
import { figureLinks } from './figuresModel.ts';
import { usePeriodPicker } from './PeriodPicker.tsx';

/** Where the reports page is (the menu's entry, app/resources.ts). */
export const REPORTS_PATH = '/inspecpro/reports';

interface Step {
  bucket: string;
  repair_orders: number;
  average_repair_order: number | null;
  parts_margin: number;
  labour_margin: number | null;
  comebacks: number;
}
interface FiguresMeta {
  from: string;
  to: string;
  step: 'day' | 'month';
  figures: ServiceFigures;
  series: Step[];
}

/** GET /repairs/figures of the days (the global selection's locations), keyed under the repairs so their writes refresh it. */
export function useServiceFigures(days: { from: string; to: string }, enabled = true) {
  const sel = useSelection();
  return useQuery({
    queryKey: ['repairs', 'figures', days, sel],
    queryFn: async () => (await request<{ meta: FiguresMeta }>(`/repairs/figures?from=${days.from}&to=${days.to}`)).meta,
    enabled,
    meta: { silent: true },
  });
}

/** The figures as cards, each opening the records it counts. */
export function ServiceFigureCards({ figures, days }: { figures: ServiceFigures; days: { from: string; to: string } }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const none = t('repairs:figures.none');
  const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? none : formatMoney(cents, locale));
  // The server's rates are percentages (98.4): written as the reader's language writes them.
  const percent = (rate: number | null | undefined) => (rate === null || rate === undefined ? none : formatPercent(rate / 100, locale, 1));
  const links = figureLinks(days);
  const { approval, declined, labour, parts } = figures;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="service-figures">
      <FigureCard testId="figure-repair-orders" label={t('repairs:figures.repair_orders')} value={formatNumber(figures.repair_orders, locale)} help={t('repairs:figures.repair_orders_help')} to={links.repairs} />
      <FigureCard testId="figure-average" label={t('repairs:figures.average_repair_order')} value={money(figures.average_repair_order)} help={t('repairs:figures.average_repair_order_help')} to={links.repairs} />
      <FigureCard
        testId="figure-hours"
        label={t('repairs:figures.hours_per_repair_order')}
        value={figures.hours_per_repair_order === null ? none : `${formatNumber(figures.hours_per_repair_order, locale, 2)} h`}
        help={t('repairs:figures.hours_per_repair_order_help')}
        to={links.repairs}
      />
      <FigureCard testId="figure-comebacks" label={t('repairs:figures.comebacks')} value={formatNumber(figures.comebacks.count, locale)} help={t('repairs:figures.comebacks_help', { rate: percent(figures.comebacks.rate) })} to={links.comebacks} />
      {approval ? (
        <FigureCard testId="figure-approval" label={t('repairs:figures.approval')} value={percent(approval.rate)} help={t('repairs:figures.approval_help', { approved: money(approval.approved), proposed: money(approval.proposed) })} to={links.decided} />
      ) : null}
      {declined ? (
        <FigureCard
          testId="figure-declined"
          label={t('repairs:figures.declined')}
          value={money(declined.amount)}
          help={t('repairs:figures.declined_help', { returned: money(declined.returned_amount), rate: percent(declined.returned_rate) })}
          to={links.declined}
        />
      ) : null}
      {/* Without any part of known cost there is no margin to show (not a margin of 0). */}
      <FigureCard
        testId="figure-parts-margin"
        label={t('repairs:figures.parts_margin')}
        value={parts.rate === null ? none : money(parts.margin)}
        help={parts.rate === null ? t('repairs:figures.parts_cost_missing', { uncosted: money(parts.uncosted) }) : t('repairs:figures.parts_margin_help', { rate: percent(parts.rate), uncosted: money(parts.uncosted) })}
        to={links.repairs}
      />
      <FigureCard
        testId="figure-labour-margin"
        label={t('repairs:figures.labour_margin')}
        value={labour ? money(labour.margin) : none}
        help={labour ? t('repairs:figures.labour_margin_help', { rate: percent(labour.rate) }) : t('repairs:figures.labour_cost_missing')}
        to={links.repairs}
      />
    </SimpleGrid>
  );
}

/** A chart of the period's steps, under its title. */
function ChartPanel({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 500, height: 260 }}>
        {children}
      </ResponsiveContainer>
    </Paper>
  );
}

const DASHBOARD_PERIODS = ['this_week', 'last_week', 'this_month', 'last_month'] as const;
type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
const DASHBOARD_PERIOD_KEY = 'atelier.dashboard.figures_period';

/** The dashboard's section: the figures of this week (or of the period the manager switched to, kept on this device), and a link to the reports page. */
export function ServiceFiguresSection() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<DashboardPeriod>(() => {
    const kept = storage.get(DASHBOARD_PERIOD_KEY);
    return isOneOf(DASHBOARD_PERIODS, kept) ? kept : 'this_week';
  });
  const days = periodDays(period);
  const q = useServiceFigures(days);
  return (
    <Stack gap="sm" data-testid="dashboard-service-figures">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} size="h3">
          {t('repairs:figures.dashboard_title')}
        </Title>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            size="xs"
            value={period}
            onChange={(v) => {
              if (!isOneOf(DASHBOARD_PERIODS, v)) return;
              setPeriod(v);
              storage.set(DASHBOARD_PERIOD_KEY, v);
            }}
            data={DASHBOARD_PERIODS.map((p) => ({ value: p, label: t(`repairs:efficiency.periods.${p}`) }))}
            aria-label={t('repairs:efficiency.period')}
            data-testid="dashboard-figures-period"
          />
          <Anchor component={Link} to={REPORTS_PATH} size="sm">
            {t('repairs:figures.open_reports')}
          </Anchor>
        </Group>
      </Group>
      {q.isError ? <Alert color="red">{t('errors:SOMETHING_WENT_WRONG')}</Alert> : null}
      {q.isPending ? <Skeleton h={120} /> : null}
      {q.data ? <ServiceFigureCards figures={q.data.figures} days={days} /> : null}
    </Stack>
  );
}

/**
 * /inspecpro/reports (issue 27): the service manager's figures of a period in the locations of the
 * global selection, as cards opening the records behind them, charts per day or month, and the
 * figures as a CSV or XLSX file.
 */
export default function ServiceFiguresPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { days, complete, picker } = usePeriodPicker('figures-period');
  const q = useServiceFigures(days, complete);
  const meta = q.data;
  const stepFormat = new Intl.DateTimeFormat(regionLocale(locale), meta?.step === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' });
  // A calendar date read at local noon, so that no time zone moves it to the day before.
  const steps = (meta?.series ?? []).map((s) => ({ ...s, label: stepFormat.format(new Date(`${s.bucket}T12:00:00`)) }));
  const dollars = (cents: number) => formatMoney(cents, locale);
  const exportAs = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') =>
      downloadFile(urlOf('/repairs/figures/export', { params: { extra: { from: days.from, to: days.to, format } } }).slice(API_BASE.length), `${t('repairs:figures.file_name')} ${days.from} ${days.to}.${format}`, '*/*'),
    meta: { silent: true },
    onError: () => notify({ color: 'red', message: t('reports:failed') }),
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('repairs:figures.title')}
        </Title>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => exportAs.mutate('csv')} disabled={!complete} loading={exportAs.isPending && exportAs.variables === 'csv'} data-testid="figures-csv">
            {t('repairs:figures.export_csv')}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => exportAs.mutate('xlsx')} disabled={!complete} loading={exportAs.isPending && exportAs.variables === 'xlsx'} data-testid="figures-xlsx">
            {t('repairs:figures.export_xlsx')}
          </Button>
        </Group>
      </Group>
      <Text c="dimmed" maw={860}>
        {t('repairs:figures.intro')}
      </Text>
      {picker}
      {q.isError ? <Alert color="red">{t('errors:SOMETHING_WENT_WRONG')}</Alert> : null}
      {q.isPending && complete ? <Skeleton h={240} /> : null}
      {meta ? (
        <>
          <ServiceFigureCards figures={meta.figures} days={days} />
          {steps.length === 0 ? (
            <Text c="dimmed">{t('repairs:figures.no_repairs')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <ChartPanel title={t('repairs:figures.chart_orders')}>
                <BarChart data={steps} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  <Bar dataKey="repair_orders" name={t('repairs:figures.repair_orders')} fill="var(--mantine-color-blue-7)" />
                  <Bar dataKey="comebacks" name={t('repairs:figures.comebacks')} fill="var(--mantine-color-orange-8)" />
                </BarChart>
              </ChartPanel>
              <ChartPanel title={t('repairs:figures.chart_margins')}>
                <BarChart data={steps} margin={{ top: 8, right: 16, bottom: 8, left: 24 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis tickFormatter={(v: number) => dollars(v)} width={90} />
                  <Tooltip formatter={(v) => dollars(Number(v))} />
                  <Legend />
                  <Bar dataKey="average_repair_order" name={t('repairs:figures.average_repair_order')} fill="var(--mantine-color-gray-7)" />
                  <Bar dataKey="parts_margin" name={t('repairs:figures.parts_margin')} fill="var(--mantine-color-teal-8)" />
                  {meta.figures.labour ? <Bar dataKey="labour_margin" name={t('repairs:figures.labour_margin')} fill="var(--mantine-color-indigo-7)" /> : null}
                </BarChart>
              </ChartPanel>
            </SimpleGrid>
          )}
        </>
      ) : null}
    </Stack>
  );
}
