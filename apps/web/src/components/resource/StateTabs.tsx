import { Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import type { JsonApiDocument } from '../../api/jsonapi.ts';
import { useSelection } from '../../app/session.ts';
import { labelKey } from './declared.tsx';

/** GET /{type}/list/count: how many records per state (the state tabs' counts), under the global selection. */
export function useStateCounts(type: string) {
  const sel = useSelection();
  return useQuery({
    queryKey: [type, 'count', sel],
    queryFn: () => request<JsonApiDocument>(`/${type}/list/count`),
    select: (doc) => (doc.meta?.counts ?? {}) as Record<string, number>,
    meta: { silent: true },
  });
}

interface Props {
  type: string;
  states: readonly string[];
  /** A state in the user's language. */
  labelOf: (state: string) => string;
  /** i18n key of the first tab, every state. */
  allLabel: string;
  get: (name: string) => string | undefined;
  set: (name: string, value: string | null) => void;
}

/** A list's states as tabs, each with its count, "all" first: one tap filters the list (filter[state] in the URL). */
export function StateTabs({ type, states, labelOf, allLabel, get, set }: Props) {
  const { t } = useTranslation();
  const counts = useStateCounts(type);
  const total = counts.data ? Object.values(counts.data).reduce((a, b) => a + b, 0) : null;
  const label = (text: string, n: number | null) => (n === null ? text : `${text} (${n})`);
  return (
    <Tabs value={get('state') ?? 'all'} onChange={(v) => set('state', !v || v === 'all' ? null : v)} variant="pills" data-testid="state-tabs">
      <Tabs.List style={{ flexWrap: 'wrap' }} aria-label={t(labelKey(type, 'state'))}>
        <Tabs.Tab value="all" mih={44} data-testid="state-tab-all">
          {label(t(allLabel), total)}
        </Tabs.Tab>
        {states.map((s) => (
          <Tabs.Tab key={s} value={s} mih={44} data-testid={`state-tab-${s}`}>
            {label(labelOf(s), counts.data && Object.hasOwn(counts.data, s) ? counts.data[s] : null)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
