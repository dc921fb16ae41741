import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_STATUS_LABELS } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PublicLinkPage } from '../../components/PublicLinkPage.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate, formatMoney, formatNumber } from '../../lib/format.ts';
import { PayOnline } from '../online-payments/PayOnline.tsx';
import { fetchInvoiceView, invoiceLinkPath, type InvoiceView } from './invoiceLinkApi.ts';
import { AmountRow } from '../../components/AmountRow.tsx';
import { TableHead } from '../../components/TableHead.tsx';

// The page a customer opens from an invoice's e-mail (issue 23): the invoice as it is now (lines,
// taxes, what is paid, the balance), its PDF, and « Payer en ligne » where the dealership offers a
// provider; back from the provider (?payment=returned) it says so and shows the invoice again.

function InvoiceBody({ view, token }: { view: InvoiceView; token: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const locale = view.locale;
  const money = (cents: number) => formatMoney(cents, locale);
  const returned = params.get('payment');
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap={4}>
          <Text fw={700} data-testid="public-invoice-code">
            {t('sales-invoices:public.number', { code: view.code })}
          </Text>
          {view.issued_on ? <Text size="sm">{t('sales-invoices:public.issued', { date: formatDate(view.issued_on, locale) })}</Text> : null}
          {view.expiration_time ? <Text size="sm">{t('sales-invoices:public.due', { date: formatDate(view.expiration_time, locale) })}</Text> : null}
          {view.billing_address ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {view.billing_address}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs" aria-label={t('sales-invoices:public.lines')}>
            <TableHead columns={[t('sales-invoices:public.description'), { title: t('sales-invoices:public.quantity'), ta: 'right' }, { title: t('sales-invoices:public.amount'), ta: 'right' }]} />
            <Table.Tbody>
              {view.lines.map((l, n) => (
                <Table.Tr key={n}>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td ta="right">{formatNumber(Number(l.quantity), locale)}</Table.Td>
                  <Table.Td ta="right">{money(l.subtotal)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Table withRowBorders={false} verticalSpacing={4} mt="sm" aria-label={t('sales-invoices:public.totals')}>
          <Table.Tbody>
            <AmountRow label={t('sales-invoices:public.subtotal')} amount={view.subtotal} locale={locale} />
            {view.taxes.map((tax) => (
              <AmountRow key={tax.code} label={tax.code} amount={tax.amount} locale={locale} />
            ))}
            <AmountRow label={t('sales-invoices:public.total')} amount={view.total} locale={locale} bold />
            {view.amount_paid ? <AmountRow label={t('sales-invoices:public.paid')} amount={view.amount_paid} locale={locale} /> : null}
            <AmountRow label={t('sales-invoices:public.balance')} amount={view.balance} locale={locale} testId="public-invoice-balance" bold />
          </Table.Tbody>
        </Table>
        <Text size="sm" mt="xs" data-testid="public-invoice-status">
          {PAYMENT_STATUS_LABELS[view.payment_status][locale]}
        </Text>
      </Paper>
      <PayOnline type="sales-invoices" token={token} amountDue={view.balance} locale={locale} returned={returned === 'returned' || returned === 'canceled' ? returned : null} />
      <Group>
        <Button component="a" href={`${invoiceLinkPath(token)}/report`} target="_blank" rel="noopener" variant="light" leftSection={<IconDownload size={18} aria-hidden />} data-testid="public-invoice-pdf">
          {t('sales-invoices:public.pdf')}
        </Button>
      </Group>
    </Stack>
  );
}

export default function PublicInvoicePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const query = useQuery({ queryKey: ['public-invoice', token], queryFn: () => fetchInvoiceView(token, currentLocale()), retry: false, meta: { silent: true } });
  return (
    <PublicLinkPage query={query} ns="sales-invoices" prefix="public" testId="public-invoice" title={t('sales-invoices:public.title')}>
      {(view) => <InvoiceBody view={view} token={token} />}
    </PublicLinkPage>
  );
}
