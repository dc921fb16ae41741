import { isBusyImport, type RecordOf } from '@atelier/domain';
import { useState } from 'react';
import { Badge, Card, Group, Pagination, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useList } from '../../api/hooks.ts';
import type { ImportRecord } from './common.tsx';

const ACTION_LABEL = {
  created: 'imports:action.created',
  updated: 'imports:action.updated',
  skipped: 'imports:action.skipped',
  failed: 'imports:action.failed',
} as const;
const ACTION_COLOR = { created: 'teal', updated: 'blue', skipped: 'gray', failed: 'red' } as const;

const PAGE_SIZE = 25;
/** Widest a cell of the file's data gets: the errors, right after the line and its result, stay in view. */
const DATA_CELL_WIDTH = 160;

/** The lines of the dry run or of the run, page by page, all or only the failed ones. */
export function ImportResults({ imp, dryRun }: { imp: ImportRecord; dryRun: boolean }) {
  const { t } = useTranslation();
  const [only, setOnly] = useState<'all' | 'failed'>('all');
  const [page, setPage] = useState(1);
  const items = useList<RecordOf<'import-items'>>(
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
                      <Text key={i} size="sm" c="red.9">
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
