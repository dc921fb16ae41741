import { isBusyImport } from '@atelier/domain';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_BASE, api, headersOf } from '../../api/client.ts';
import { useRecord } from '../../api/hooks.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { messageOf, StatusBadge, useModels, type ImportRecord } from './common.tsx';
import { ImportResults } from './ImportResults.tsx';
import { TableHead } from '../../components/TableHead.tsx';

/** The counts of a run, each in its colour. */
const SUMMARY = [
  ['created', 'teal'],
  ['updated', 'blue'],
  ['skipped', 'gray'],
  ['failed', 'red'],
] as const;

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
export default function ImportViewPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const client = useQueryClient();
  const models = useModels();
  const record = useRecord<ImportRecord>('imports', id, {}, {
    refetchInterval: (q) => (isBusyImport(q.state.data?.status) ? 1000 : false),
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
      notify({ color: 'teal', message: t('imports:deleted') });
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
          <TableHead columns={[t('imports:column'), t('imports:field')]} />
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
          {SUMMARY.map(([key, color]) => (
            <Badge key={key} color={color} variant="light">
              {t(`imports:summary.${key}`, { count: imp[`${key}_count`] })}
            </Badge>
          ))}
        </Group>
      )}
      {hasResults && <ImportResults imp={imp} dryRun={isDry} />}
    </Stack>
  );
}
