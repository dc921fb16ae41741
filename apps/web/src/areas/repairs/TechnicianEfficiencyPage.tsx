import { Alert, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { request } from '../../api/client.ts';
import { useSelection } from '../../app/session.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { usePeriodPicker } from './PeriodPicker.tsx';
import { TableHead } from '../../components/TableHead.tsx';

interface Technician {
  user_id: string;
  name: string;
  clocked: number;
  billed: number;
  efficiency: number | null;
  productive: number | null;
}
interface Figures {
  meta: { from: string; to: string; working_hours: number; technicians: Technician[] };
}

/**
 * /inspecpro/technicians (issue 27): per technician and period, the hours clocked on repairs against
 * the labour billed on the invoiced ones (efficiency) and the share of the working hours clocked
 * (productive), as a table and a chart of the two hours side by side.
 */
export default function TechnicianEfficiencyPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const sel = useSelection();
  const { days, complete, picker } = usePeriodPicker('efficiency-period');
  const q = useQuery({
    queryKey: ['repairs', 'technician-efficiency', days, sel],
    queryFn: () => request<Figures>(`/repairs/technician-efficiency?from=${days.from}&to=${days.to}`),
    enabled: complete,
    meta: { silent: true },
  });
  const rows = q.data?.meta.technicians ?? [];
  const hours = (n: number) => formatNumber(n, locale, 1);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('repairs:efficiency.title')}
      </Title>
      <Text c="dimmed" maw={820}>
        {t('repairs:efficiency.intro')}
      </Text>
      {picker}
      {q.data ? (
        <Text size="sm" data-testid="efficiency-working-hours">
          {t('repairs:efficiency.working_hours', { hours: hours(q.data.meta.working_hours) })}
        </Text>
      ) : null}
      {q.isError ? <Alert color="red">{t('errors:SOMETHING_WENT_WRONG')}</Alert> : null}
      <Paper withBorder radius="md" p="md">
        {q.isPending && complete ? (
          <Skeleton h={160} />
        ) : rows.length === 0 ? (
          <Text c="dimmed">{t('repairs:efficiency.none')}</Text>
        ) : (
          <Stack>
            <Table.ScrollContainer minWidth={560}>
              <Table striped data-testid="efficiency-table">
                <TableHead columns={[t('repairs:efficiency.technician'), { title: t('repairs:efficiency.clocked'), ta: 'right' }, { title: t('repairs:efficiency.billed'), ta: 'right' }, { title: t('repairs:efficiency.efficiency'), ta: 'right' }, { title: t('repairs:efficiency.productive'), ta: 'right' }]} />
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.user_id} data-testid="efficiency-row">
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td ta="right">{hours(r.clocked)}</Table.Td>
                      <Table.Td ta="right">{hours(r.billed)}</Table.Td>
                      <Table.Td ta="right">{r.efficiency === null ? '—' : formatPercent(r.efficiency, locale)}</Table.Td>
                      <Table.Td ta="right">{r.productive === null ? '—' : formatPercent(r.productive, locale)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 600, height: 260 }}>
              <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" />
                {/* Whole hours up the axis (3.8 h split in four read 0.95, 1.9, 2.85) */}
                <YAxis tickFormatter={(v: number) => hours(v)} allowDecimals={false} domain={[0, (max: number) => Math.max(1, Math.ceil(max))]} />
                <Tooltip formatter={(v) => hours(Number(v))} />
                <Legend />
                <Bar dataKey="clocked" name={t('repairs:efficiency.clocked')} fill="var(--mantine-color-blue-7)" />
                <Bar dataKey="billed" name={t('repairs:efficiency.billed')} fill="var(--mantine-color-teal-7)" />
              </BarChart>
            </ResponsiveContainer>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
