import { useState, type ReactNode } from 'react';
import { Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../components/DateInputs.tsx';
import { PERIODS, periodDays, type Period } from './efficiencyModel.ts';

/**
 * The period of a figures screen (technician efficiency, the service manager's reports): this or
 * last week or month, or days chosen. `days` are the server's from/to; `complete` while both are
 * given in order (the query waits otherwise); `picker` is the control to show.
 */
export function usePeriodPicker(testId: string): { days: { from: string; to: string }; complete: boolean; picker: ReactNode } {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('this_week');
  const [custom, setCustom] = useState(() => periodDays('this_month'));
  const days = period === 'custom' ? custom : periodDays(period);
  const picker = (
    <Group align="flex-end" wrap="wrap">
      <SegmentedControl value={period} onChange={(v) => setPeriod(v as Period)} data={PERIODS.map((p) => ({ value: p, label: t(`repairs:efficiency.periods.${p}`) }))} aria-label={t('repairs:efficiency.period')} data-testid={testId} />
      {period === 'custom' ? (
        <>
          <DayInput label={t('repairs:efficiency.from')} value={custom.from} onChange={(from) => setCustom((c) => ({ ...c, from }))} name="from" />
          <DayInput label={t('repairs:efficiency.to')} value={custom.to} onChange={(to) => setCustom((c) => ({ ...c, to }))} name="to" />
        </>
      ) : null}
    </Group>
  );
  return { days, complete: Boolean(days.from && days.to && days.from <= days.to), picker };
}
