import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import { hrefOf, listPath } from '../../app/resources.ts';
import { useSelection } from '../../app/session.ts';
import { currentLocale } from '../../i18n/index.ts';
import { FigureCard } from '../../components/FigureCard.tsx';
import { formatDate, formatMoney, formatPercent } from '../../lib/format.ts';
import { TableHead } from '../../components/TableHead.tsx';

/** GET /sales/figures: this month's sales figures (the server's rules: figures.routes.ts). */
export interface SalesFigures {
  month: { from: string; to: string };
  invoiced: number;
  paid: number;
  outstanding: number;
  invoice_count: number;
  overdue: { count: number; balance: number; invoices: { id: string; code: string | null; due_on: string; balance: number; customer: string | null }[] };
  average_repair_order: { amount: number | null; repairs: number };
  approval: { rate: number | null; approved: number; proposed: number } | null;
}

export function useSalesFigures() {
  const sel = useSelection();
  // Keyed under the invoices' type: a payment or an invoice written refreshes the figures with their lists.
  return useQuery({
    queryKey: ['sales-invoices', 'figures', sel],
    queryFn: async () => (await request<{ meta: SalesFigures }>('/sales/figures')).meta,
    meta: { silent: true },
  });
}

/** The month's key figures as cards, each opening the list it counts (the sales home and the dashboard). */
export function SalesFigureCards({ figures }: { figures: SalesFigures }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const money = (cents: number | null) => (cents === null ? t('sales-invoices:figures.none') : formatMoney(cents, locale));
  const invoices = listPath('sales-invoices');
  const approval = figures.approval;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: approval ? 5 : 4 }}>
      <FigureCard testId="sales-invoiced" label={t('sales-invoices:figures.invoiced')} value={money(figures.invoiced)} help={t('sales-invoices:figures.invoiced_help')} to={invoices} />
      <FigureCard testId="sales-paid" label={t('sales-invoices:figures.paid')} value={money(figures.paid)} help={t('sales-invoices:figures.paid_help')} to={invoices} />
      <FigureCard testId="sales-outstanding" label={t('sales-invoices:figures.outstanding')} value={money(figures.outstanding)} help={t('sales-invoices:figures.outstanding_help')} to={invoices} />
      <FigureCard
        testId="sales-average-repair"
        label={t('sales-invoices:figures.average_repair_order')}
        value={money(figures.average_repair_order.amount)}
        help={t('sales-invoices:figures.average_repair_order_help', { count: figures.average_repair_order.repairs })}
        to={invoices}
      />
      {approval ? (
        <FigureCard
          testId="sales-approval-rate"
          label={t('sales-invoices:figures.approval_rate')}
          value={approval.rate === null ? t('sales-invoices:figures.none') : formatPercent(approval.rate / 100, locale, 1)}
          help={t('sales-invoices:figures.approval_rate_help', { approved: money(approval.approved), proposed: money(approval.proposed) })}
          to={listPath('estimations')}
        />
      ) : null}
    </SimpleGrid>
  );
}

/** The overdue invoices, oldest due first; each opens the invoice. */
export function OverdueInvoices({ figures }: { figures: SalesFigures }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { overdue } = figures;
  const invoiceHref = hrefOf('sales-invoices');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="sales-overdue">
      <Title order={2} size="h4" mb="sm">
        {t('sales-invoices:figures.overdue')}
      </Title>
      {overdue.count === 0 ? (
        <Text c="dimmed">{t('sales-invoices:figures.overdue_none')}</Text>
      ) : (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <TableHead columns={[t('sales-invoices:title'), t('sales-invoices:figures.customer'), t('sales-invoices:figures.due_on'), { title: t('sales-invoices:figures.balance'), ta: 'right' }]} />
              <Table.Tbody>
                {overdue.invoices.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>
                      <Anchor component={Link} to={invoiceHref(i.id)}>
                        {i.code ?? i.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{i.customer ?? ''}</Table.Td>
                    <Table.Td>{formatDay(i.due_on, locale)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(i.balance, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Anchor component={Link} to={listPath('sales-invoices')} size="sm">
            {t('sales-invoices:figures.overdue_more', { count: overdue.count, balance: formatMoney(overdue.balance, locale) })}
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}

/** The month's figures with their title, loading and failure states. */
export function SalesFiguresSection({ withOverdue }: { withOverdue?: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { data, isError, isPending } = useSalesFigures();
  return (
    <Stack gap="sm" data-testid="sales-figures">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          {t('sales-invoices:figures.title')}
        </Title>
        {data ? (
          <Text c="dimmed" size="sm">
            {t('sales-invoices:figures.month', { from: formatDay(data.month.from, locale), to: formatDay(lastDayOf(data.month.to), locale) })}
          </Text>
        ) : null}
      </Group>
      {isError ? <Alert color="red">{t('sales-invoices:figures.error')}</Alert> : null}
      {isPending ? <Skeleton h={120} /> : null}
      {data ? <SalesFigureCards figures={data} /> : null}
      {data && withOverdue ? <OverdueInvoices figures={data} /> : null}
    </Stack>
  );
}

/** A calendar date (YYYY-MM-DD) read at local noon, so that no time zone moves it to the day before. */
const formatDay = (day: string, locale: string) => formatDate(`${day}T12:00:00`, locale);

/** The day before an exclusive end (YYYY-MM-DD), read as a calendar date. */
function lastDayOf(end: string): string {
  const d = new Date(`${end}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
