import { ActionIcon, Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconVideo, IconX } from '@tabler/icons-react';
import { MAX_VIDEO_SECONDS, VIDEO_TYPES, type RecordOf } from '@atelier/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, upload } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { useFileSrc } from '../../components/useFileSrc.ts';
import { useOnline } from '../../lib/online.ts';
import { TOUCH } from './controls.tsx';

/**
 * The clip's length as the browser reads it, before it is sent: the server checks it again from
 * the file's header, but a tablet should not send 40 MB to hear it was too long.
 */
function durationOf(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (seconds: number | null) => {
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}

function Player({ url, label }: { url: string; label: string }) {
  const src = useFileSrc(url);
  return src ? <video src={src} controls preload="metadata" playsInline aria-label={label} style={{ width: '100%', maxWidth: 480, maxHeight: 320, borderRadius: 8, background: '#000' }} data-testid="finding-video" /> : null;
}

export interface FindingVideoProps {
  /** The inspection-fields record whose `video` it is (POST /uploads/inspection-fields/{id}/video). */
  recordId: string;
  video: string | null;
  /** What the video shows, for its text alternative. */
  name: string;
  editable: boolean;
  onChange: (video: string | null) => void;
}

/** A finding's short video: filmed with the tablet's camera (at most MAX_VIDEO_SECONDS), played in place, removable. Needs the connection, as photos do. */
export function FindingVideo({ recordId, video, name, editable, onChange }: FindingVideoProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const describe = (e: unknown) => (e instanceof ApiError ? (e.errors[0]?.detail ?? e.message) : String(e));

  const take = async (file: File | null) => {
    if (!file) return;
    setError(null);
    const seconds = await durationOf(file);
    if (seconds !== null && seconds > MAX_VIDEO_SECONDS) {
      setError(t('inspections:video.too_long', { seconds: Math.ceil(seconds), max: MAX_VIDEO_SECONDS }));
      return;
    }
    setBusy(true);
    try {
      const { url } = await upload('inspection-fields', recordId, 'video', file);
      onChange(url);
    } catch (e) {
      setError(t('inspections:video.failed', { error: describe(e) }));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setError(null);
    try {
      const saved = await api.update<RecordOf<'inspection-fields'>>({ type: 'inspection-fields', id: recordId, attributes: { video: null } });
      onChange(saved.video ?? null);
    } catch (e) {
      setError(t('inspections:video.failed', { error: describe(e) }));
    }
  };

  if (!editable && !video) return null;
  return (
    <Stack gap="xs" data-testid={`video-${recordId}`}>
      {video ? (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Player url={video} label={t('inspections:video.label', { name })} />
          {editable && (
            <ActionIcon size={TOUCH} radius="xl" color="red.9" variant="filled" aria-label={t('inspections:video.remove')} disabled={!online} onClick={() => void remove()}>
              <IconX size={18} />
            </ActionIcon>
          )}
        </Group>
      ) : null}
      {editable && (
        <FileButton onChange={(f) => void take(f)} accept={VIDEO_TYPES.join(',')} capture="environment" disabled={!online || busy}>
          {(props) => (
            <Button {...props} size="lg" mih={TOUCH} variant="light" leftSection={<IconVideo size={22} />} loading={busy} disabled={!online} data-testid="video-take">
              {video ? t('inspections:video.replace') : t('inspections:video.take', { max: MAX_VIDEO_SECONDS })}
            </Button>
          )}
        </FileButton>
      )}
      {error && (
        <Alert color="red" p="xs" data-testid="video-error">
          {error}
        </Alert>
      )}
      {busy && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('inspections:photos.sending')}
        </Text>
      )}
    </Stack>
  );
}
