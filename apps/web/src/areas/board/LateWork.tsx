import { Alert, Anchor, Group } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useList } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { listPath } from '../../app/resources.ts';
import { writeListState } from '../../components/resource/listState.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';

/** How many of a type are late (filter[late], the same rule as the board and the lists), when the user may list them. */
function useLate(type: 'repairs' | 'requests', allowed: boolean): number {
  const q = useList(type, { page: { number: 1, size: 1 }, filter: { late: 'true' } }, { meta: { silent: true }, enabled: allowed });
  return allowed ? (q.data?.total ?? 0) : 0;
}

const lateHref = (type: 'repairs' | 'requests') => `${listPath(type)}?${writeListState(new URLSearchParams(), { filters: { late: 'true' } })}`;

/** On the dashboard: the work past its promised time, each count opening the list of it, and the board; nothing when nothing is late. */
export function LateWork() {
  const { t } = useTranslation();
  const { can } = useMe();
  const locale = currentLocale();
  const late = [
    { type: 'repairs' as const, count: useLate('repairs', can('view any repairs')), label: 'board:late_repairs' },
    { type: 'requests' as const, count: useLate('requests', can('view any requests')), label: 'board:late_requests' },
  ].filter((l) => l.count > 0);
  if (late.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconClockExclamation aria-hidden />} title={t('board:late_title')} data-testid="dashboard-late">
      <Group gap="lg">
        {late.map((l) => (
          <Anchor key={l.type} component={Link} to={lateHref(l.type)} c="red.9" fw={600} data-testid={`dashboard-late-${l.type}`}>
            {t(l.label, { count: l.count, formatted: formatNumber(l.count, locale) })}
          </Anchor>
        ))}
        {can('view any repairs') ? (
          <Anchor component={Link} to="/inspecpro/board">
            {t('board:open')}
          </Anchor>
        ) : null}
      </Group>
    </Alert>
  );
}
