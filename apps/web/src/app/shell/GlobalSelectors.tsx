import { useEffect, useMemo, useRef, useState } from 'react';
import { Group, Loader, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useList } from '../../api/hooks.ts';
import type { Location, Organization } from '../../api/types.ts';
import { useMe } from '../AppData.tsx';
import {
  applySelection,
  canChooseOrganization,
  GLOBAL_LOCATION_DEBOUNCE_MS,
  optionDisabled,
  ownLocationsOnly,
  selectorDisabled,
} from '../globalSelection.ts';
import { setSelection, useSelection } from '../session.ts';

const LOCATION_PARAMS = {
  sort: '-updated_at',
  page: { number: 1, size: 10 },
  include: 'organization',
  fields: { organizations: 'name' },
};

/** Applies a new global selection: a loading dialog, '/', then back to the route (spec platform §2). */
function useApplySelection() {
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const apply = (next: Parameters<typeof setSelection>[0]) => {
    const back = location.pathname + location.search;
    setBusy(true);
    setSelection(next);
    navigate('/', { replace: true });
    window.setTimeout(() => {
      navigate(back, { replace: true });
      void qc.invalidateQueries().finally(() => setBusy(false));
    }, 50);
  };
  return { apply, busy };
}

export function GlobalSelectors() {
  const { t } = useTranslation();
  const { me, can } = useMe();
  const selection = useSelection();
  const { apply, busy } = useApplySelection();
  return (
    <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      {canChooseOrganization(me) && can('view any organizations') ? (
        <OrganizationSelector value={selection.organization} onChange={(organization) => apply({ organization, locations: [] })} />
      ) : null}
      <LocationSelector value={selection.locations} organization={selection.organization} onCommit={(locations) => apply({ locations })} />
      <Modal opened={busy} onClose={() => {}} withCloseButton={false} centered size="xs" title={t('common:app.loading_title')}>
        <Stack align="center" py="sm">
          <Loader />
          <Text size="sm">{t('shell:selector.changing')}</Text>
        </Stack>
      </Modal>
    </Group>
  );
}

function OrganizationSelector({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const list = useList<Organization>('organizations', { sort: 'name', page: { number: 1, size: 10 }, filter: { search: q } }, { global: false, meta: { silent: true } });
  const chosen = useList<Organization>('organizations', { filter: { with_ids: value ? [value] : [] }, page: { size: 1 } }, { global: false, enabled: Boolean(value), meta: { silent: true } });
  const data = useMemo(() => {
    const m = new Map<string, string>();
    for (const o of [...(chosen.data?.data ?? []), ...(list.data?.data ?? [])]) m.set(o.id, o.name);
    return [...m].map(([v, label]) => ({ value: v, label }));
  }, [list.data, chosen.data]);
  return (
    <Select
      aria-label={t('shell:selector.organization')}
      placeholder={t('shell:selector.all_organizations')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      onSearchChange={setSearch}
      nothingFoundMessage={t('common:form.nothing_found')}
      maw={240}
      size="sm"
      data-testid="global-organization"
    />
  );
}

/**
 * 'All locations' multi-select: only locations of the first chosen one's organization; restricted
 * users pick among their allowed locations; disabled with one; changes debounced 1 s.
 */
function LocationSelector({ value, organization, onCommit }: { value: string[]; organization: string | null; onCommit: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const { me, can } = useMe();
  const [draft, setDraft] = useState<string[]>(value);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [debounced] = useDebouncedValue(draft, GLOBAL_LOCATION_DEBOUNCE_MS);
  const restricted = Boolean(me.restrict_to_locations);
  const ownOnly = ownLocationsOnly(me, can);
  const committed = useRef(value);

  useEffect(() => {
    setDraft(value);
    committed.current = value;
  }, [value]);

  useEffect(() => {
    if (debounced.join(',') === committed.current.join(',')) return;
    committed.current = debounced;
    onCommit(debounced);
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps

  const remote = useList<Location>(
    'locations',
    { ...LOCATION_PARAMS, filter: { search: q, organization: organization ?? undefined } },
    // A failure to load locations is said in a danger notification (platform §8); the chosen ones' names below stay silent.
    { global: false, enabled: !ownOnly, meta: { notify: true } },
  );
  const chosen = useList<Location>(
    'locations',
    { ...LOCATION_PARAMS, page: { number: 1, size: Math.max(10, draft.length) }, filter: { with_ids: draft } },
    { global: false, enabled: !ownOnly && draft.length > 0, meta: { silent: true } },
  );

  const known = useMemo(() => {
    const m = new Map<string, Location>();
    const source = ownOnly ? (me.allowedLocations ?? []) : [...(chosen.data?.data ?? []), ...(remote.data?.data ?? [])];
    for (const l of source) if (!m.has(l.id)) m.set(l.id, l);
    return m;
  }, [ownOnly, me.allowedLocations, remote.data, chosen.data]);

  const data = useMemo(() => {
    const selected = draft.map((id) => known.get(id)).filter((l): l is Location => Boolean(l));
    return [...known.values()].map((l) => ({
      value: l.id,
      label: l.organization?.name && !ownOnly ? `${l.name} · ${l.organization.name}` : l.name,
      disabled: optionDisabled(l, selected),
    }));
  }, [known, draft, ownOnly]);

  return (
    <MultiSelect
      aria-label={t('shell:selector.locations')}
      placeholder={draft.length ? undefined : t('shell:selector.all_locations')}
      data={data}
      value={draft}
      onChange={(v) => setDraft(applySelection(me, v))}
      searchable
      clearable={!restricted}
      onSearchChange={setSearch}
      searchValue={search}
      disabled={selectorDisabled(me)}
      nothingFoundMessage={t('common:form.nothing_found')}
      maxValues={undefined}
      style={{ flex: 1, maxWidth: 460, minWidth: 160 }}
      size="sm"
      data-testid="global-locations"
    />
  );
}
