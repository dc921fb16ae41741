import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, FileInput, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { headersOf } from '../../api/client.ts';
import { SYNC_COLUMN_HEADERS, type RecordOf, type SyncKind, type SyncResult } from '@atelier/domain';
import { currentLocale } from '../../i18n/index.ts';
import { messageOf } from './common.ts';
import { syncFields, syncTemplateUrl } from './formApi.ts';
import { changeRows, changesNothing, placeOf, shownValue } from './syncView.ts';
import { DialogFooter } from '../../components/DialogFooter.tsx';
import { TableHead } from '../../components/TableHead.tsx';

type Form = RecordOf<'inspection-forms'>;

interface Props {
  form: Form;
  onClose: () => void;
  onApplied: () => void;
}

/** Downloads the template with the user's session (a plain link would carry no token). */
async function downloadTemplate(form: Form, format: 'xlsx' | 'csv') {
  const res = await fetch(syncTemplateUrl(form.id, format, currentLocale()), { headers: headersOf(false) });
  if (!res.ok) throw new Error(String(res.status));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${form.name}.${format}`;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * Sync from a spreadsheet: pick an XLSX or CSV file (the template can be downloaded), read the dry
 * run's exact changes (added, changed with before → after, removed, refused with their reasons),
 * then apply them, or cancel and nothing changes.
 */
export function SyncDialog({ form, onClose, onApplied }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<SyncResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'dry-run' | 'run' | null>(null);
  const marks = { always: t('inspection-forms:options.mark_always'), never: t('inspection-forms:options.mark_never') };

  const step = async (which: 'dry-run' | 'run') => {
    if (!file) return;
    setBusy(which);
    setError(null);
    try {
      const r = await syncFields(form.id, file, which);
      if (which === 'dry-run') setResult(r);
      else {
        notify({ color: 'teal', message: t('inspection-forms:sync.applied', { ...r.counts }) });
        onApplied();
        onClose();
      }
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  const counts = result?.counts ?? null;
  const nothing = result ? changesNothing(result) : false;
  // A refused line refuses the whole file: the run would write nothing.
  const blocked = result ? result.refused.length > 0 : false;
  return (
    <Modal opened onClose={onClose} title={t('inspection-forms:sync.title', { name: form.name })} size="xl" centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack gap="md" data-testid="sync-dialog">
        <Text size="sm">{t('inspection-forms:sync.intro')}</Text>
        <Group gap="md">
          {(['xlsx', 'csv'] as const).map((f) => (
            <Anchor
              key={f}
              component="button"
              type="button"
              size="sm"
              onClick={() => downloadTemplate(form, f).catch(() => setError(t('inspection-forms:sync.template_failed')))}
              data-testid={`sync-template-${f}`}
            >
              <Group gap={4} component="span">
                <IconDownload size={14} aria-hidden />
                {t(`inspection-forms:sync.template_${f}`)}
              </Group>
            </Anchor>
          ))}
        </Group>
        <FileInput
          label={t('inspection-forms:sync.file')}
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={(f) => {
            setFile(f);
            setResult(null);
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('inspection-forms:sync.clear_file') }}
          data-testid="sync-file"
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {result && counts ? (
          <Stack gap="sm" data-testid="sync-result">
            <Group gap="xs">
              <Badge color="teal.9" variant="outline" tt="none">{t('inspection-forms:sync.added', { count: counts.added })}</Badge>
              <Badge color="blue.9" variant="outline" tt="none">{t('inspection-forms:sync.changed', { count: counts.changed })}</Badge>
              <Badge color="violet.9" variant="outline" tt="none">{t('inspection-forms:sync.removed', { count: counts.removed })}</Badge>
              <Badge color="red.9" variant="outline" tt="none">{t('inspection-forms:sync.refused', { count: counts.refused })}</Badge>
            </Group>
            {nothing ? <Text c="dimmed">{t('inspection-forms:sync.nothing')}</Text> : null}
            {blocked ? (
              <Alert color="orange" variant="light">
                {t('inspection-forms:sync.blocked')}
              </Alert>
            ) : null}
            <ResultTable
              title={t('inspection-forms:sync.added_title')}
              testId="sync-added"
              headers={[t('inspection-forms:sync.line'), t('inspection-forms:sync.where')]}
              rows={result.added.map((e) => [e.line, <Where key="w" kind={e.kind} where={placeOf(e.path)} />])}
            />
            <ResultTable
              title={t('inspection-forms:sync.changed_title')}
              testId="sync-changed"
              minWidth={520}
              headers={[t('inspection-forms:sync.line'), t('inspection-forms:sync.where'), t('inspection-forms:sync.attribute'), t('inspection-forms:sync.before_after')]}
              rows={changeRows(result.changed).map((r) => [
                r.line,
                <Where key="w" kind={r.kind} where={r.where} />,
                t(`fields:${r.kind === 'field' ? 'inspection-form-section-fields' : 'inspection-form-sections'}.${r.attribute}`, { defaultValue: r.attribute }),
                <span key="v">
                  <Text span c="dimmed" td="line-through">
                    {shownValue(r.before, marks)}
                  </Text>{' '}
                  →{' '}
                  <Text span fw={600}>
                    {shownValue(r.after, marks)}
                  </Text>
                </span>,
              ])}
            />
            <ResultTable
              title={t('inspection-forms:sync.removed_title')}
              testId="sync-removed"
              headers={[t('inspection-forms:sync.line'), t('inspection-forms:sync.where')]}
              rows={result.removed.map((e) => ['—', <Where key="w" kind={e.kind} where={placeOf(e.path)} />])}
            />
            <ResultTable
              title={t('inspection-forms:sync.refused_title')}
              testId="sync-refused"
              minWidth={520}
              headers={[t('inspection-forms:sync.line'), t('inspection-forms:sync.column'), t('inspection-forms:sync.reasons')]}
              rows={result.refused.map((r) => [
                r.line,
                r.column && Object.hasOwn(SYNC_COLUMN_HEADERS, r.column) ? SYNC_COLUMN_HEADERS[r.column][currentLocale()][0] : '',
                r.message ?? r.code,
              ])}
            />
          </Stack>
        ) : null}
        <DialogFooter onCancel={onClose}>
          {result ? (
            <Button onClick={() => void step('run')} loading={busy === 'run'} disabled={nothing || blocked} data-testid="sync-run">
              {t('inspection-forms:sync.run')}
            </Button>
          ) : (
            <Button onClick={() => void step('dry-run')} loading={busy === 'dry-run'} disabled={!file} data-testid="sync-dry-run">
              {t('inspection-forms:sync.dry_run')}
            </Button>
          )}
        </DialogFooter>
      </Stack>
    </Modal>
  );
}

function KindBadge({ kind }: { kind: SyncKind }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="gray" tt="none" size="sm">
      {t(`inspection-forms:sync.kind_${kind}`)}
    </Badge>
  );
}

/** A section, sub-section or field of the result: its kind and where it is. */
function Where({ kind, where }: { kind: SyncKind; where: string }) {
  return (
    <>
      <KindBadge kind={kind} /> {where}
    </>
  );
}

/** One part of the dry run's answer (added, changed, removed, refused), shown when it has rows. */
export function ResultTable({ title, testId, headers, rows, minWidth = 420 }: { title: string; testId: string; headers: string[]; rows: ReactNode[][]; minWidth?: number }) {
  if (rows.length === 0) return null;
  return (
    <section>
      <Title order={3} size="h5" mb={4}>
        {title}
      </Title>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped data-testid={testId}>
          <TableHead columns={headers} />
          <Table.Tbody>
            {rows.map((cells, i) => (
              <Table.Tr key={i}>
                {cells.map((c, j) => (
                  <Table.Td key={j}>{c}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
