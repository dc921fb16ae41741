import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { partReader, readCodes } from './barcodeScan.ts';

/** A code seen again within this time is the same part still in the picture, not a second one. */
const SAME_PART_MS = 1500;
/** How often a frame is read. */
const FRAME_MS = 200;

/**
 * "Scan with the camera" (issue 22): the rear camera's picture in the dialog; each code read is
 * handed to `onCode`, as the scan input hands a typed one, once until it leaves the picture.
 */
export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  // The latest handler: the loop below outlives a render.
  const handler = useRef(onCode);
  handler.current = onCode;
  useEffect(() => {
    if (!on) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: '', at: -Infinity };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        const v = video.current;
        if (stopped || !v) return;
        v.srcObject = stream;
        await v.play();
        const reader = await partReader();
        const frame = async () => {
          if (stopped) return;
          const [code] = v.readyState >= 2 ? await readCodes(reader, v).catch(() => []) : [];
          const now = performance.now();
          if (code && (code !== last.code || now - last.at > SAME_PART_MS)) handler.current(code);
          if (code) last = { code, at: now };
          timer = setTimeout(() => void frame(), FRAME_MS);
        };
        void frame();
      } catch (err) {
        if (stopped) return;
        setFailure(err instanceof DOMException && err.name === 'NotAllowedError' ? t('purchases-orders:receive.camera_denied') : t('purchases-orders:receive.camera_unavailable'));
        setOn(false);
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on, t]);
  // Without a camera API (an old browser, a page not served over HTTPS) the scan input remains.
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        leftSection={<IconCamera size={18} aria-hidden />}
        onClick={() => {
          setFailure(null);
          setOn((o) => !o);
        }}
        data-testid="receive-camera"
      >
        {on ? t('purchases-orders:receive.camera_stop') : t('purchases-orders:receive.camera')}
      </Button>
      {on ? <video ref={video} muted playsInline aria-label={t('purchases-orders:receive.camera_view')} style={{ width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 4, background: '#000' }} data-testid="receive-camera-view" /> : null}
      {failure ? (
        <Alert color="red" role="alert" data-testid="receive-camera-failed">
          {failure}
        </Alert>
      ) : null}
    </Stack>
  );
}
