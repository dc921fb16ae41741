import { isBusyImport, type ImportStatus } from '@atelier/domain';
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Loader,
  Pagination,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,

  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_BASE, api, headersOf, request } from '../../api/client.ts';
import { useList, useRecord } from '../../api/hooks.ts';
import { ApiError, deserialize, errorMessage, type JsonApiDocument, type Model } from '../../api/jsonapi.ts';
import { ResourceList } from '../../components/resource/ResourceList.tsx';
import { currentLocale, translateError } from '../../i18n/index.ts';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format.ts';

export interface ImportRecord extends Model {
  model: string;
  name: string;
  file_format: string;
  file_size: number;
  line_count: number;
  columns: string[];
  mapping: Record<string, string | null>;
  status: ImportStatus;
  progress: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  failed_count: number;
  dry_run_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  created_at: string;
}

interface ImportItem extends Model {
  line: number;
  dry_run: boolean;
  success: boolean;
  data: Record<string, string>;
  errors: { field: string | null; column: string | null; detail: string }[];
  model_id: string | null;
  action: 'created' | 'updated' | 'skipped' | null;
}

interface ImportModel {
  id: string;
  label: string;
  /** relation: the type a relationship field's cell names (customers, suppliers), else null. */
  fields: { name: string; label: string; required: boolean; relation: string | null }[];
}

const STATUS_LABEL = {
  uploaded: 'imports:status.uploaded',
  validating: 'imports:status.validating',
  dry_run: 'imports:status.dry_run',
  running: 'imports:status.running',
  done: 'imports:status.done',
  failed: 'imports:status.failed',
} as const;
const STATUS_COLOR = { uploaded: 'gray', validating: 'yellow', dry_run: 'blue', running: 'yellow', done: 'teal', failed: 'red' } as const;
const ACTION_LABEL = {
  created: 'imports:action.created',
  updated: 'imports:action.updated',
  skipped: 'imports:action.skipped',
  failed: 'imports:action.failed',
} as const;
const ACTION_COLOR = { created: 'teal', updated: 'blue', skipped: 'gray', failed: 'red' } as const;

const messageOf = (e: unknown) => (e instanceof ApiError ? errorMessage(e.errors, translateError) : String((e as Error)?.message ?? e));

function StatusBadge({ status }: { status: ImportRecord['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} data-testid="import-status">
      {t(STATUS_LABEL[status])}
    </Badge>
  );
}

function useModels() {
  return useQuery({
    queryKey: ['import-models', currentLocale()],
    queryFn: async () => {
      const doc = await request<{ data: { id: string; attributes: Omit<ImportModel, 'id'> }[] }>('/imports/models', { global: false });
      return doc.data.map((d) => ({ id: d.id, ...d.attributes }));
    },
  });
}

/** /admin/imports: the imports of the organization, newest first. */
export default function ImportsPage() {
  const { t } = useTranslation();
  const models = useModels();
  const label = (name: string) => models.data?.find((m) => m.id === name)?.label ?? name;
  return (
    <ResourceList<ImportRecord>
      type="imports"
      title="imports:title"
      defaultSort="-created_at"
      permissions={{}}
      refetchWhile={(rows) => rows.some((r) => isBusyImport(r.status))}
      filters={[
        {
          name: 'status',
          label: 'imports:fields.status',
          options: Object.entries(STATUS_LABEL).map(([value, label]) => ({ value, label })),
        },
      ]}
      headerExtra={
        <Button component={Link} to="/admin/imports/new" data-testid="import-new">
          {t('imports:new')}
        </Button>
      }
      columns={[
        { key: 'name', label: 'imports:fields.name', sort: true, linkTo: (r) => `/admin/imports/${r.id}` },
        { key: 'model', label: 'imports:fields.model', sort: true, render: (r) => label(r.model) },
        { key: 'line_count', label: 'imports:fields.line_count', sort: true, render: (r) => formatNumber(r.line_count, currentLocale()) },
        {
          key: 'status',
          label: 'imports:fields.status',
          sort: true,
          render: (r) => (
            <Group gap="xs" wrap="nowrap">
              <StatusBadge status={r.status} />
              {isBusyImport(r.status) && r.line_count ? (
                <Text size="sm" c="dimmed" data-testid="import-list-progress">
                  {formatPercent(r.progress / r.line_count, currentLocale())}
                </Text>
              ) : null}
            </Group>
          ),
        },
        { key: 'created_at', label: 'imports:fields.created_at', sort: true, render: (r) => formatDateTime(r.created_at, currentLocale()) },
      ]}
    />
  );
}

/** POST /imports as multipart/form-data (model, file). */
async function uploadImport(model: string, file: File): Promise<ImportRecord> {
  const form = new FormData();
  form.append('model', model);
  form.append('file', file);
  const res = await fetch(`${API_BASE}/imports`, { method: 'POST', headers: headersOf(false), body: form });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, body?.errors ?? [{ status: String(res.status), title: `HTTP ${res.status}` }]);
  return deserialize<ImportRecord>(body as JsonApiDocument) as ImportRecord;
}

/** /admin/imports/new: what to import and the file. */
export function ImportNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const models = useModels();
  const [model, setModel] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: () => uploadImport(model!, file!),
    onSuccess: (imp) => navigate(`/admin/imports/${imp.id}`),
  });
  return (
    <Stack maw={640}>
      <Title order={2}>{t('imports:new')}</Title>
      <Text c="dimmed" size="sm">
        {t('imports:upload_help')}
      </Text>
      <Select
        label={t('imports:fields.model')}
        data={(models.data ?? []).map((m) => ({ value: m.id, label: m.label }))}
        value={model}
        onChange={setModel}
        required
        data-testid="import-model"
      />
      <FileInput
        label={t('imports:file')}
        placeholder={t('imports:file_placeholder')}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={setFile}
        required
        clearable
        data-testid="import-file"
      />
      {send.error && (
        <Alert color="red" data-testid="import-error">
          {messageOf(send.error)}
        </Alert>
      )}
      <Group>
        <Button onClick={() => send.mutate()} disabled={!model || !file} loading={send.isPending} data-testid="import-upload">
          {t('imports:upload')}
        </Button>
        <Button variant="default" component={Link} to="/admin/imports">
          {t('imports:back')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Downloads the error report (the API needs the bearer token, so not a plain link). */
async function downloadErrors(imp: ImportRecord) {
  const res = await fetch(`${API_BASE}/imports/${imp.id}/errors.csv`, { headers: headersOf(false) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = (/filename\*=UTF-8''([^;]+)/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'errors.csv').replace(/%[0-9A-F]{2}/gi, decodeURIComponent);
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** /admin/imports/:id: mapping, dry run, run, progress, results. */
export function ImportViewPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const client = useQueryClient();
  const models = useModels();
  const record = useRecord<ImportRecord>('imports', id, {}, {
    refetchInterval: (q) => (isBusyImport((q.state.data as ImportRecord | undefined)?.status) ? 1000 : false),
  });
  const imp = record.data;
  const model = models.data?.find((m) => m.id === imp?.model);
  const refresh = () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'imports' || q.queryKey[0] === 'import-items' });

  const saveMapping = useMutation({
    mutationFn: (mapping: Record<string, string | null>) => api.update<ImportRecord>({ type: 'imports', id: id!, attributes: { mapping } }),
    onSuccess: refresh,
  });
  const dry = useMutation({ mutationFn: () => api.action<ImportRecord>(`/imports/${id}/run-dry`, 'GET'), onSuccess: refresh });
  const run = useMutation({ mutationFn: () => api.action<ImportRecord>(`/imports/${id}/run`, 'GET'), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: () => api.remove('imports', id!),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('imports:deleted') });
      void refresh();
      history.back();
    },
  });

  if (record.isLoading || !imp) return record.error ? <Alert color="red">{messageOf(record.error)}</Alert> : <Loader />;
  const running = isBusyImport(imp.status);
  const busy = running || dry.isPending || run.isPending;
  const error = saveMapping.error ?? dry.error ?? run.error ?? remove.error;
  const fieldOptions = [
    { value: '', label: t('imports:ignore') },
    ...(model?.fields ?? []).map((f) => ({ value: f.name, label: f.required ? `${f.label} *` : f.label })),
  ];
  const relationLabels = (model?.fields ?? []).filter((f) => f.relation).map((f) => f.label);
  const hasResults = imp.status !== 'uploaded';
  const isDry = imp.status === 'dry_run' || imp.status === 'validating';

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} data-testid="import-title">
            {imp.name}
          </Title>
          <Group gap="xs" mt={4}>
            <StatusBadge status={imp.status} />
            <Text size="sm" c="dimmed">
              {model?.label ?? imp.model} · {t('imports:lines', { count: imp.line_count })} · {imp.file_format.toUpperCase()}
            </Text>
          </Group>
        </div>
        <Group>
          <Button variant="default" component={Link} to="/admin/imports/new" data-testid="import-another">
            {t('imports:upload_corrected')}
          </Button>
          <Button variant="subtle" color="red" onClick={() => remove.mutate()} disabled={running}>
            {t('imports:delete')}
          </Button>
        </Group>
      </Group>

      {error && (
        <Alert color="red" data-testid="import-error">
          {messageOf(error)}
        </Alert>
      )}
      {imp.error && (
        <Alert color="red" title={t('imports:status.failed')}>
          {imp.error}
        </Alert>
      )}

      <Card withBorder>
        <Title order={4} mb="xs">
          {t('imports:mapping')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('imports:mapping_help')}
        </Text>
        {relationLabels.length > 0 && (
          <Text size="sm" c="dimmed" mb="sm" data-testid="import-mapping-relations">
            {t('imports:mapping_relations', { fields: relationLabels.join(', ') })}
          </Text>
        )}
        <Table data-testid="import-mapping">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('imports:column')}</Table.Th>
              <Table.Th>{t('imports:field')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {imp.columns.map((c) => (
              <Table.Tr key={c}>
                <Table.Td>{c}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={c}
                    data={fieldOptions}
                    value={imp.mapping[c] ?? ''}
                    disabled={busy || saveMapping.isPending}
                    onChange={(v) => saveMapping.mutate({ ...imp.mapping, [c]: v || null })}
                    allowDeselect={false}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>

      <Group>
        <Button variant="light" onClick={() => dry.mutate()} loading={dry.isPending} disabled={busy} data-testid="import-dry-run">
          {t('imports:dry_run')}
        </Button>
        <Button onClick={() => run.mutate()} loading={run.isPending} disabled={busy} data-testid="import-run">
          {t('imports:run')}
        </Button>
        {imp.failed_count > 0 && (
          <Anchor component="button" type="button" onClick={() => void downloadErrors(imp)} data-testid="import-errors-csv">
            {t('imports:download_errors')}
          </Anchor>
        )}
      </Group>

      {(running || imp.status === 'done') && (
        <Stack gap={4}>
          <Progress value={imp.line_count ? (100 * imp.progress) / imp.line_count : 100} animated={running} data-testid="import-progress" />
          <Text size="sm" c="dimmed">
            {t('imports:progress', { done: formatNumber(imp.progress, currentLocale()), total: formatNumber(imp.line_count, currentLocale()) })}
          </Text>
        </Stack>
      )}

      {hasResults && (
        <Group gap="lg" data-testid="import-summary">
          <Text size="sm">{isDry ? t('imports:dry_run_result') : t('imports:run_result')}</Text>
          <Badge color="teal" variant="light">
            {t('imports:summary.created', { count: imp.created_count })}
          </Badge>
          <Badge color="blue" variant="light">
            {t('imports:summary.updated', { count: imp.updated_count })}
          </Badge>
          <Badge color="gray" variant="light">
            {t('imports:summary.skipped', { count: imp.skipped_count })}
          </Badge>
          <Badge color="red" variant="light">
            {t('imports:summary.failed', { count: imp.failed_count })}
          </Badge>
        </Group>
      )}
      {hasResults && <Results imp={imp} dryRun={isDry} />}
    </Stack>
  );
}

const PAGE_SIZE = 25;
/** Widest a cell of the file's data gets: the errors, right after the line and its result, stay in view. */
const DATA_CELL_WIDTH = 160;

function Results({ imp, dryRun }: { imp: ImportRecord; dryRun: boolean }) {
  const { t } = useTranslation();
  const [only, setOnly] = useState<'all' | 'failed'>('all');
  const [page, setPage] = useState(1);
  const items = useList<ImportItem>(
    'import-items',
    {
      filter: { import: imp.id, dry_run: String(dryRun), ...(only === 'failed' ? { success: 'false' } : {}) },
      sort: 'line',
      page: { number: page, size: PAGE_SIZE },
    },
    { global: false, refetchInterval: isBusyImport(imp.status) ? 2000 : false },
  );
  const shown = imp.columns.filter((c) => imp.mapping[c]);
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('imports:results')}</Title>
        <SegmentedControl
          value={only}
          onChange={(v) => {
            setOnly(v as 'all' | 'failed');
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('imports:filter.all') },
            { value: 'failed', label: t('imports:filter.failed') },
          ]}
          data-testid="import-results-filter"
        />
      </Group>
      <Table.ScrollContainer minWidth={600}>
        <Table striped data-testid="import-results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('imports:line')}</Table.Th>
              <Table.Th>{t('imports:result')}</Table.Th>
              <Table.Th style={{ minWidth: 240 }}>{t('imports:errors')}</Table.Th>
              {shown.map((c) => (
                <Table.Th key={c}>
                  <Text size="sm" fw={700} truncate="end" title={c} maw={DATA_CELL_WIDTH}>
                    {c}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(items.data?.data ?? []).map((item) => {
              const action = item.success ? (item.action ?? 'skipped') : 'failed';
              return (
                <Table.Tr key={item.id} data-testid={`import-line-${item.line}`}>
                  <Table.Td>{item.line}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 120 }}>
                    <Badge variant="light" color={ACTION_COLOR[action]} style={{ overflow: 'visible' }}>
                      {t(ACTION_LABEL[action])}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ minWidth: 240 }} data-testid="import-line-errors">
                    {item.errors.map((e, i) => (
                      <Text key={i} size="sm" c="red">
                        {e.column ? `${e.column} : ${e.detail}` : e.detail}
                      </Text>
                    ))}
                  </Table.Td>
                  {shown.map((c) => (
                    <Table.Td key={c}>
                      {/* A long value is cut; the whole of it shows on hover (and to screen readers). */}
                      <Text size="sm" truncate="end" title={item.data[c] ?? ''} maw={DATA_CELL_WIDTH}>
                        {item.data[c]}
                      </Text>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(items.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination mt="sm" total={Math.ceil((items.data?.total ?? 0) / PAGE_SIZE)} value={page} onChange={setPage} />
      )}
      {items.data && items.data.total === 0 && (
        <Text c="dimmed" size="sm">
          {t('imports:no_results')}
        </Text>
      )}
    </Card>
  );
}

