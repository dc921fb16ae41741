import { isLate } from '@atelier/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/index.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { yesNoFilter } from './resource/listState.ts';

/**
 * When work was promised (a request's due time, a repair's promised time): past it while the work is
 * open (domain isLate, as the lists' filter[late] and the dashboard count it), it says so in words
 * and in red, not by colour alone.
 */
export function PromisedTime({ at, state, workflow, withTime }: { at: string | null | undefined; state: string | null | undefined; workflow: { openStates: readonly string[] }; withTime?: boolean }) {
  const { t } = useTranslation();
  if (!at) return null;
  const locale = currentLocale();
  const late = Boolean(state) && isLate(at, state as string, workflow);
  return (
    <Text component="span" size="sm" c={late ? 'red.9' : undefined} fw={late ? 600 : undefined} data-late={late || undefined}>
      {withTime ? formatDateTime(at, locale) : formatDate(at, locale)}
      {late ? ` · ${t('common:late')}` : ''}
    </Text>
  );
}

/** The lists' filter on lateness (filter[late]: past the promised time while open), as the dashboard links to it. */
export const LATE_FILTER = yesNoFilter('late', 'common:late_filter.label', 'common:late_filter.late', 'common:late_filter.on_time');
