import type { RecordOf } from '@atelier/domain';
import { Alert, Badge, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import type { JsonApiDocument } from '../../api/jsonapi.ts';
import { deserialize } from '../../api/documents.ts';
import { useMe } from '../../app/AppData.tsx';
import { activitySentence, type LogSubject } from '../dashboard/activity.ts';
import { ActivitySentenceText } from '../dashboard/ActivitySentenceText.tsx';
import { fullName } from '../../api/types.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { TableHead } from '../../components/TableHead.tsx';

/** Before/after of a log entry, from properties.old / properties.attributes (or new). */
export function changesOf(log: Pick<RecordOf<'logs'>, 'properties'>): { attribute: string; before: unknown; after: unknown }[] {
  // The entry's properties are free-form JSON (an object attribute): the server keeps the values before and after in it.
  const props = (log.properties ?? {}) as { old?: Record<string, unknown>; attributes?: Record<string, unknown>; new?: Record<string, unknown> };
  const before = props.old ?? {};
  const after = props.attributes ?? props.new ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((k) => ({ attribute: k, before: before[k], after: after[k] }));
}

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** /logs/view/{id}: one activity log entry. */
export default function LogViewPage() {
  const { t, i18n } = useTranslation();
  const { can } = useMe();
  const { id } = useParams();
  // The subject's name comes with the entry (add_data=subjects), as on the dashboard.
  const q = useQuery({
    queryKey: ['logs', 'record', id, 'subjects'],
    queryFn: async () => {
      const doc = await request<JsonApiDocument>(`/logs/${encodeURIComponent(id ?? '')}`, { params: { include: 'causer', extra: { add_data: 'subjects' } } });
      // One record's document: its data is one record; meta.subjects is add_data's free-form answer.
      return { log: deserialize<RecordOf<'logs'>>(doc) as RecordOf<'logs'>, subjects: (doc.meta?.subjects ?? {}) as Record<string, LogSubject> };
    },
    enabled: Boolean(id),
  });
  if (q.isPending) return <Loader />;
  if (!q.data) return <Alert color="red">{t('common:form.record_not_found')}</Alert>;
  const { log } = q.data;
  const event = log.event;
  const subject = q.data.subjects[log.id];
  const sentence = activitySentence(t, log, subject, can);
  const changes = changesOf(log);
  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1} size="h2">
          {t('admin:logs.title')}
        </Title>
        <ActivitySentenceText testId="log-sentence" sentence={sentence} />
      </div>
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div>
            <Text size="sm" c="dimmed">{t('admin:logs.event')}</Text>
            <Badge variant="light">{i18n.exists(`admin:logs.events.${event}`) ? t(`admin:logs.events.${event}`) : event}</Badge>
          </div>
          <div>
            <Text size="sm" c="dimmed">{t('admin:logs.date')}</Text>
            <Text>{formatDateTime(log.created_at ?? '', currentLocale())}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">{t('admin:logs.subject')}</Text>
            <Text>{subject?.label ? `${subject.label} (${show(log.subject_type)})` : `${show(log.subject_type)} #${show(log.subject_id)}`}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">{t('admin:logs.causer')}</Text>
            <Text>{log.causer ? fullName(log.causer) : t('admin:logs.system')}</Text>
          </div>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        {changes.length === 0 ? (
          <Text c="dimmed">{t('admin:logs.no_changes')}</Text>
        ) : (
          <Table striped>
            <TableHead columns={[t('admin:logs.attribute'), t('admin:logs.before'), t('admin:logs.after')]} />
            <Table.Tbody>
              {changes.map((c) => (
                <Table.Tr key={c.attribute}>
                  <Table.Td ff="monospace">{c.attribute}</Table.Td>
                  <Table.Td>{show(c.before)}</Table.Td>
                  <Table.Td>{show(c.after)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
