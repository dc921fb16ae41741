import { useMemo, useState } from 'react';
import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useList } from '../../api/hooks.ts';
import type { ListParams, Model } from '../../api/jsonapi.ts';

export interface RelationConfig {
  /** JSON:API type to search. */
  type: string;
  many?: boolean;
  /** Dropdown label (spec: customer_name, company_name, firstname + lastname ...). */
  labelOf: (m: Model) => string;
  filter?: ListParams['filter'];
  include?: string;
  sort?: string;
  /** Apply the global organization and location filters (default true). */
  global?: boolean;
}

interface Props {
  relation: RelationConfig;
  label: string;
  value: string | string[] | null;
  onChange: (v: string | string[] | null) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  /** Records already loaded with the form (so their labels show without a call). */
  known?: Model[];
  /** In a table's cell: the column says what it is, the label is for assistive technology only. */
  hideLabel?: boolean;
}

/** The record a single picker names, or none. */
export const singleId = (v: string | string[] | null) => (typeof v === 'string' ? v : null);

/** A relation picker that searches the server (filter[search]) and shows the chosen records' labels. */
const NONE: Model[] = [];
const NO_IDS: string[] = [];
/** The server filters the options: show them as they come. */
const serverFiltered = ({ options }: { options: unknown[] }) => options as never;

export function RelationSelect({ relation, label, value, onChange, onBlur, error, required, disabled, name, known = NONE, hideLabel }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const ids = useMemo(() => (value === null || value === undefined ? NO_IDS : Array.isArray(value) ? value : [value]), [value]);
  const opts = { global: relation.global, meta: { silent: true } };
  const found = useList(
    relation.type,
    { page: { number: 1, size: 20 }, sort: relation.sort, include: relation.include, filter: { ...(relation.filter ?? {}), search: q || undefined } },
    opts,
  );
  const knownKey = known.map((k) => k.id).join(',');
  const missing = ids.filter((id) => !knownKey.split(',').includes(id));
  const chosen = useList(
    relation.type,
    { page: { number: 1, size: Math.max(10, missing.length) }, include: relation.include, filter: { with_ids: missing } },
    { ...opts, enabled: missing.length > 0 },
  );
  const data = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of [...known, ...(chosen.data?.data ?? []), ...(found.data?.data ?? [])]) if (!m.has(r.id)) m.set(r.id, relation.labelOf(r));
    return [...m].map(([v, l]) => ({ value: v, label: l }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [knownKey, chosen.data, found.data, relation.type]);

  const common = {
    ...(hideLabel ? { 'aria-label': label } : { label }),
    data,
    searchable: true,
    onSearchChange: setSearch,
    nothingFoundMessage: t('common:form.nothing_found'),
    placeholder: t('common:form.search_relation'),
    error,
    required,
    disabled,
    onBlur,
    name,
    'data-field': name,
    filter: serverFiltered,
  };
  return relation.many ? (
    <MultiSelect {...common} value={ids} onChange={(v) => onChange(v)} clearable hidePickedOptions />
  ) : (
    <Select {...common} value={ids[0] ?? null} onChange={(v) => onChange(v)} clearable={!required} />
  );
}
