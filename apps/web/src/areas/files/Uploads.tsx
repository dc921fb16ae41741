import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Box, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/jsonapi.ts';
import i18n from '../../i18n/index.ts';
import { useRefresh } from './FileDialogs.tsx';
import { uploadInto, type Place } from './fileActions.ts';

/** One upload of a drop: its progress, then done or refused (with the server's message). */
interface Sent {
  key: number;
  name: string;
  progress: number;
  error?: string;
  done?: boolean;
}

const messageOf = (e: unknown) => errorMessage(e instanceof ApiError ? e.errors : [], (key) => (i18n.exists(`errors:${key}`) ? i18n.t(`errors:${key}`) : null));

/** Uploads dropped or chosen files into a place, two at a time, each with its progress. */
export function useUploads(place: Place) {
  const refresh = useRefresh();
  const [sent, setSent] = useState<Sent[]>([]);
  const next = useRef(0);
  const patch = (key: number, change: Partial<Sent>) => setSent((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)));
  const start = async (files: File[]) => {
    const queue = files.map((file) => ({ file, key: next.current++ }));
    const shown = queue.map(({ file, key }) => ({ key, name: file.name, progress: 0 }));
    setSent((list) => [...list.filter((s) => !s.done), ...shown]);
    const worker = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const { file, key } = job;
        await uploadInto(file, place, (progress) => patch(key, { progress })).then(
          () => patch(key, { progress: 1, done: true }),
          (e: unknown) => patch(key, { error: messageOf(e) }),
        );
      }
    };
    await Promise.all([worker(), worker()]);
    await refresh();
  };
  return { sent, start, clear: () => setSent((list) => list.filter((s) => !s.done && !s.error)) };
}

/** The uploads of the last drops, each with its bar or its refusal. */
export function UploadList({ sent, clear }: { sent: Sent[]; clear: () => void }) {
  const { t } = useTranslation();
  if (!sent.length) return null;
  return (
    <Paper withBorder p="sm" data-testid="uploads">
      <Group justify="space-between" mb="xs">
        <Text fw={500}>{t('files:upload.title')}</Text>
        <Button size="xs" variant="subtle" onClick={clear}>
          {t('files:upload.clear')}
        </Button>
      </Group>
      <Stack gap={6}>
        {sent.map((s) => (
          <Box key={s.key} data-testid="upload-item" data-state={s.error ? 'failed' : s.done ? 'done' : 'sending'}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>
                {s.name}
              </Text>
              <Text size="xs" c={s.error ? 'red.8' : 'dimmed'}>
                {s.error ? t('files:upload.failed') : s.done ? t('files:upload.done') : `${Math.round(s.progress * 100)} %`}
              </Text>
            </Group>
            {s.error ? (
              <Text size="xs" c="red.8">
                {s.error}
              </Text>
            ) : (
              <Progress value={s.progress * 100} size="sm" color={s.done ? 'teal' : 'blue'} aria-label={s.name} />
            )}
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}


/** Whether a drag carries files from the desktop (not a row of the explorer being moved). */
const withFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');

/** A place files are dropped on from the desktop (when `onFiles` is given), shown as such while they hover. */
export function FileDropZone({ onFiles, children }: { onFiles?: (files: File[]) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  return (
    <Paper
      withBorder
      p={0}
      onDragOver={(e: DragEvent) => {
        if (!onFiles || !withFiles(e)) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        setDragging(false);
        const dropped = [...(e.dataTransfer?.files ?? [])];
        if (dropped.length && onFiles) onFiles(dropped);
      }}
      bg={dragging ? 'blue.0' : undefined}
      style={{ borderStyle: dragging ? 'dashed' : undefined }}
      data-testid="dropzone"
    >
      {children}
    </Paper>
  );
}
