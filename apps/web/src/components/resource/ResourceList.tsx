import type { Permission } from '@atelier/domain';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Drawer,
  Group,
  NativeSelect,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconCloudOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useList } from '../../api/hooks.ts';
import type { ListParams, Model } from '../../api/jsonapi.ts';
import { useAppConfig, useMe } from '../../app/AppData.tsx';
import { useOnline } from '../../lib/online.ts';
import { pageAfterChange, pageCount } from '../../lib/pagination.ts';
import { Pagination } from './Pagination.tsx';
import { nextSort, readListState, sortDirection, writeListState, type RecordAction } from './listState.ts';
import type { FormMode } from './formModel.ts';
import type { FilterAccess } from './ListFilters.tsx';
import { withOrganizationColumn } from './organizationColumn.ts';
import { typeText } from '../../app/resources.ts';

export interface Column<T> {
  key: string;
  /** i18n key of the header. */
  label: string;
  /** Sort name sent to the server; true means the key. */
  sort?: string | true;
  render?: (row: T) => ReactNode;
  /** The column that links to the record (default: the first). */
  primary?: boolean;
  visibleFrom?: 'sm' | 'md' | 'lg' | 'xl';
  /** The cell links to a page of its own instead of the drawer (null: this row's cell links nowhere). */
  linkTo?: (row: T) => string | null;
}

export interface FilterDef {
  name: string;
  /** i18n key of the label. */
  label: string;
  /** Options: value and i18n key (or already translated label with `raw`). */
  options: { value: string; label: string; raw?: boolean }[];
}

export interface BulkAction<T> {
  key: string;
  label: string;
  color?: string;
  permission?: Permission;
  run: (rows: T[]) => Promise<unknown> | void;
}

export interface RecordDrawerProps {
  id: string | null;
  action: RecordAction;
  /** Switch between view and edit of the same record, or close. */
  setAction: (action: RecordAction | null, id?: string | null) => void;
  close: () => void;
}

/**
 * What a RecordForm in the list's drawer takes from it: the record, its mode from the URL's
 * action, and the way back (view and edit switch in place; leaving closes the drawer).
 */
export function recordFormProps({ id, action, setAction, close }: RecordDrawerProps) {
  return {
    id,
    mode: (action === 'add' ? 'add' : action === 'edit' ? 'edit' : 'view') as FormMode,
    onMode: (mode: FormMode | null, newId?: string) => (mode === null ? close() : setAction(mode, newId)),
    onClose: close,
  };
}

/**
 * A filter another screen sets (a figure's period, "comebacks only") that has no control here: while
 * it is in the URL, a chip says it (`label` gets the first two names' values as days, `{{from}}` and
 * `{{to}}`) and removes it; without it a list opened from a figure would not say what it shows.
 */
export interface NotedFilter {
  names: readonly [string] | readonly [from: string, to: string];
  label: string;
}

export interface ResourceListProps<T extends Model> {
  type: string;
  /** i18n key of the list's title (default the type's `title`). */
  title?: string;
  /** The title's heading level: 1 for a page of its own, 2 for a list inside a page. */
  titleOrder?: 1 | 2;
  columns: Column<T>[];
  include?: string;
  defaultSort?: string;
  search?: boolean;
  filters?: FilterDef[];
  /** Fixed filters of this screen (not shown). */
  baseFilter?: ListParams['filter'];
  fields?: ListParams['fields'];
  permissions: { create?: Permission; view?: Permission };
  renderRecord?: (props: RecordDrawerProps) => ReactNode;
  /** Drawer size; 'page' opens full screen. */
  drawerSize?: string;
  rowActions?: (row: T) => ReactNode;
  /**
   * Filters of a screen's own controls (a relation, a date or number range), kept in the URL as
   * `filter[name]` like the others: `get` reads one, `set` changes one (null removes it).
   */
  filterControls?: (get: FilterAccess['get'], set: FilterAccess['set']) => ReactNode;
  notedFilters?: readonly NotedFilter[];
  /** Above the filters: e.g. the states as tabs with their counts, through the same `get`/`set`. */
  filterTabs?: (get: FilterAccess['get'], set: FilterAccess['set']) => ReactNode;
  bulkActions?: BulkAction<T>[];
  /** The records kept on this device (the service worker's copies), shown offline when the list itself cannot be read. */
  offlineRows?: () => Promise<T[]>;
  headerExtra?: ReactNode;
  /** Re-reads the page every two seconds while this holds of its rows (work running on the server). */
  refetchWhile?: (rows: T[]) => boolean;
}

/**
 * The list page every resource screen reuses: sortable columns, filters and search, pagination
 * (5 links, size 10, back to page 1 when size or total changes), bulk selection, empty and
 * loading states, and records opened in a drawer through ?id=&action= (shareable, back works).
 */
export function ResourceList<T extends Model>(listProps: ResourceListProps<T>) {
  const { t } = useTranslation();
  const { can, me } = useMe();
  const { organization_types } = useAppConfig();
  const spanning = withOrganizationColumn(listProps.columns, listProps.include, {
    type: listProps.type,
    organizationTypes: organization_types,
    userHasOrganization: Boolean(me.organization),
  });
  const props = { ...listProps, columns: spanning.columns as Column<T>[], include: spanning.include };
  const [params, setParams] = useSearchParams();
  const state = readListState(params, props.defaultSort ?? '-created_at');
  const [searchDraft, setSearchDraft] = useState(state.search);
  const [debouncedSearch] = useDebouncedValue(searchDraft, 400);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const update = (patch: Parameters<typeof writeListState>[1], replace = false) =>
    setParams((p) => writeListState(p, patch), { replace });

  useEffect(() => {
    if (debouncedSearch !== state.search) update({ search: debouncedSearch, page: 1 }, true);
  }, [debouncedSearch]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => setSearchDraft(state.search), [state.search]);

  const query: ListParams = useMemo(
    () => ({
      page: { number: state.page, size: state.size },
      sort: state.sort ?? undefined,
      include: props.include,
      fields: props.fields,
      filter: { ...(props.baseFilter ?? {}), ...state.filters, search: state.search || undefined },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.page, state.size, state.sort, state.search, JSON.stringify(state.filters), props.include, JSON.stringify(props.baseFilter)],
  );
  const { refetchWhile } = props;
  const list = useList<T>(props.type, query, {
    refetchInterval: refetchWhile ? (q) => (refetchWhile((q.state.data?.data ?? []) as T[]) ? 2000 : false) : undefined,
  });
  // Offline with nothing read: the list says so and shows what the device kept, not placeholders.
  const online = useOnline();
  const offline = !online && list.data === undefined;
  const kept = useQuery({ queryKey: ['kept-records', props.type], queryFn: () => props.offlineRows!(), enabled: offline && !!props.offlineRows, networkMode: 'always' });
  const rows = offline ? (kept.data ?? []) : (list.data?.data ?? []);
  const pending = offline ? kept.isLoading : list.isPending;
  const total = list.data?.total;

  // Back to page 1 when the size or the total changes (spec platform §2).
  const prev = useRef<{ size: number; total: number | undefined }>({ size: state.size, total });
  useEffect(() => {
    const next = { size: state.size, total: list.isPlaceholderData ? prev.current.total : total };
    const page = pageAfterChange(state.page, prev.current, next);
    prev.current = next;
    if (page !== state.page) update({ page }, true);
    else if (total !== undefined && state.page > pageCount(total, state.size)) update({ page: 1 }, true);
  }, [state.size, total]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => setSelected(new Set()), [list.data]);

  const getFilter = (name: string) => (Object.hasOwn(state.filters, name) ? state.filters[name] : undefined);
  const setFilter = (name: string, value: string | null) => update({ filters: { [name]: value || null }, page: 1 });
  const recordHref = (id: string, action: RecordAction) => `?${writeListState(params, { id, action }).toString()}`;
  const setAction = (action: RecordAction | null, id?: string | null) =>
    update({ action, id: action === null ? null : id === undefined ? state.id : id });
  const close = () => update({ action: null, id: null });

  const primaryIndex = Math.max(0, props.columns.findIndex((c) => c.primary));
  const canView = can(props.permissions.view);
  const bulk = (props.bulkActions ?? []).filter((b) => can(b.permission));
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const th = (c: Column<T>) => {
    const sortName = c.sort === true ? c.key : c.sort;
    const label = t(c.label);
    if (!sortName) return label;
    const dir = sortDirection(state.sort, sortName);
    const IconS = dir === 'ascending' ? IconArrowUp : dir === 'descending' ? IconArrowDown : IconArrowsSort;
    return (
      <UnstyledButton
        onClick={() => update({ sort: nextSort(state.sort, sortName) ?? '' })}
        aria-label={t('common:list.sort_by', { column: label })}
        data-testid={`sort-${c.key}`}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 600 }}
      >
        {label}
        <IconS size={14} aria-hidden opacity={dir === 'none' ? 0.4 : 1} />
      </UnstyledButton>
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={props.titleOrder ?? 1} size={props.titleOrder === 2 ? 'h3' : 'h2'}>
          {t(props.title ?? typeText(props.type, 'title'))}
        </Title>
        <Group gap="sm">
          {props.headerExtra}
          {props.renderRecord && can(props.permissions.create) ? (
            <Button component={Link} to={recordHref('', 'add').replace('id=&', '')} leftSection={<IconPlus size={16} />} data-testid="list-add">
              {t('common:actions.add')}
            </Button>
          ) : null}
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {offline && (
            <Alert color="orange" icon={<IconCloudOff />} p="xs" data-testid="list-offline">
              {t(props.offlineRows ? 'common:list.offline_kept' : 'common:list.offline')}
            </Alert>
          )}
          {props.filterTabs?.(getFilter, setFilter)}
          <NotedFilters noted={props.notedFilters ?? []} get={getFilter} clear={(names) => update({ filters: Object.fromEntries(names.map((n) => [n, null])), page: 1 })} />
          {props.search !== false || (props.filters ?? []).length > 0 || props.filterControls ? (
            <Group gap="sm" align="flex-end" wrap="wrap">
              {props.search !== false ? (
                <TextInput
                  label={t('common:actions.search')}
                  placeholder={t('common:list.search_placeholder')}
                  leftSection={<IconSearch size={16} />}
                  value={searchDraft}
                  onChange={(e) => setSearchDraft(e.currentTarget.value)}
                  w={280}
                  type="search"
                  data-testid="list-search"
                />
              ) : null}
              {(props.filters ?? []).map((f) => (
                <NativeSelect
                  key={f.name}
                  label={t(f.label)}
                  value={state.filters[f.name] ?? ''}
                  onChange={(e) => update({ filters: { [f.name]: e.currentTarget.value || null }, page: 1 })}
                  data={[{ value: '', label: t('common:list.any') }, ...f.options.map((o) => ({ value: o.value, label: o.raw ? o.label : t(o.label) }))]}
                  data-testid={`filter-${f.name}`}
                  w={200}
                />
              ))}
              {props.filterControls?.(getFilter, setFilter)}
              {Object.keys(state.filters).length > 0 || state.search ? (
                <Button
                  variant="subtle"
                  onClick={() => {
                    setSearchDraft('');
                    update({ search: '', page: 1, filters: Object.fromEntries(Object.keys(state.filters).map((k) => [k, null])) });
                  }}
                >
                  {t('common:actions.reset_filters')}
                </Button>
              ) : null}
            </Group>
          ) : null}

          {bulk.length > 0 && selected.size > 0 ? (
            <Group gap="sm" p="xs" bg="blue.0" style={{ borderRadius: 8 }} data-testid="bulk-bar">
              <Text size="sm" fw={500}>
                {t('common:list.selected', { count: selected.size })}
              </Text>
              {bulk.map((b) => (
                <Button
                  key={b.key}
                  size="compact-sm"
                  color={b.color}
                  variant="light"
                  onClick={async () => {
                    await b.run(rows.filter((r) => selected.has(r.id)));
                    setSelected(new Set());
                    void list.refetch();
                  }}
                >
                  {t(b.label)}
                </Button>
              ))}
              <Button size="compact-sm" variant="subtle" onClick={() => setSelected(new Set())}>
                {t('common:actions.clear_selection')}
              </Button>
            </Group>
          ) : null}

          <ScrollArea type="auto">
            <Table striped highlightOnHover verticalSpacing="sm" miw={600} aria-busy={list.isFetching} data-testid="resource-table">
              <Table.Thead>
                <Table.Tr>
                  {bulk.length > 0 ? (
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t('common:actions.select_all')}
                        checked={allChecked}
                        indeterminate={!allChecked && rows.some((r) => selected.has(r.id))}
                        onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.id)))}
                      />
                    </Table.Th>
                  ) : null}
                  {props.columns.map((c) => {
                    const sortName = c.sort === true ? c.key : c.sort;
                    const dir = sortName ? sortDirection(state.sort, sortName) : undefined;
                    return (
                      <Table.Th key={c.key} aria-sort={dir} visibleFrom={c.visibleFrom}>
                        {th(c)}
                      </Table.Th>
                    );
                  })}
                  {props.rowActions ? (
                    <Table.Th>
                      <span className="visually-hidden">{t('common:actions.actions')}</span>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pending
                  ? Array.from({ length: 3 }, (_, i) => (
                      <Table.Tr key={i}>
                        <Table.Td colSpan={props.columns.length + 2}>
                          <Skeleton h={18} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : rows.map((row) => (
                      <Table.Tr key={row.id} data-testid="resource-row" data-id={row.id}>
                        {bulk.length > 0 ? (
                          <Table.Td>
                            <Checkbox
                              aria-label={t('common:actions.select_row')}
                              checked={selected.has(row.id)}
                              onChange={() =>
                                setSelected((s) => {
                                  const n = new Set(s);
                                  if (n.has(row.id)) n.delete(row.id);
                                  else n.add(row.id);
                                  return n;
                                })
                              }
                            />
                          </Table.Td>
                        ) : null}
                        {props.columns.map((c, i) => {
                          const content = c.render ? c.render(row) : String(row[c.key] ?? '');
                          const href = c.linkTo?.(row);
                          return (
                            <Table.Td key={c.key} visibleFrom={c.visibleFrom}>
                              {href ? (
                                <Anchor component={Link} to={href} fw={500}>
                                  {content || t('common:form.none')}
                                </Anchor>
                              ) : i === primaryIndex && props.renderRecord && canView ? (
                                <Anchor component={Link} to={recordHref(row.id, 'view')} fw={500}>
                                  {content || t('common:form.none')}
                                </Anchor>
                              ) : (
                                content
                              )}
                            </Table.Td>
                          );
                        })}
                        {props.rowActions ? <Table.Td>{props.rowActions(row)}</Table.Td> : null}
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {!pending && rows.length === 0 ? (
            <Text ta="center" c="dimmed" py="lg" data-testid="list-empty">
              {t(offline ? 'common:list.offline_empty' : 'common:list.empty')}
            </Text>
          ) : null}
          {!offline && (
            <Pagination
              page={state.page}
              size={state.size}
              total={total ?? 0}
              onPage={(page) => update({ page })}
              onSize={(size) => update({ size, page: 1 })}
            />
          )}
        </Stack>
      </Paper>

      {props.renderRecord ? (
        // The compound form, for the dialog's accessible name: the record's heading is the
        // drawer's content (no visible title bar), so the dialog is named after the list.
        <Drawer.Root opened={state.action !== null} onClose={close} position="right" size={props.drawerSize ?? 'xl'} padding="lg" data-testid="record-drawer">
          <Drawer.Overlay />
          <Drawer.Content aria-label={t(props.title ?? typeText(props.type, 'title'))}>
            <Drawer.Body>{state.action ? props.renderRecord({ id: state.id, action: state.action, setAction, close }) : null}</Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      ) : null}
    </Stack>
  );
}

/** The chips of the noted filters in the URL, each removable. */
function NotedFilters({ noted, get, clear }: { noted: readonly NotedFilter[]; get: (name: string) => string | undefined; clear: (names: readonly string[]) => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const shown = noted.filter((f) => f.names.some((n) => get(n) !== undefined));
  if (!shown.length) return null;
  const day = (name: string | undefined) => (name && get(name) ? formatDate(get(name), locale) : '…');
  return (
    <Group gap="xs" data-testid="noted-filters">
      {shown.map((f) => {
        const text = t(f.label, { from: day(f.names[0]), to: day(f.names[1]) });
        return (
          <Badge key={f.names.join()} variant="light" size="lg" tt="none" fw={500} data-testid={`noted-${f.names[0]}`} rightSection={<CloseButton size="xs" aria-label={t('common:list.remove_filter', { filter: text })} onClick={() => clear(f.names)} />}>
            {text}
          </Badge>
        );
      })}
    </Group>
  );
}
