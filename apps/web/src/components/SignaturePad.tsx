import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import SignaturePadLibrary from 'signature_pad';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A signature drawn with a finger, a stylus or a mouse, given as a PNG data URL, the format the
 * server keeps in `signature` (or null once cleared): the inspector's at the end of an inspection,
 * the customer's on an estimate. Drawn by signature_pad (pressure-like variable width, smoothing,
 * pointer events), at the device's pixel ratio so the stroke stays sharp on a tablet; a turned
 * tablet redraws what was signed at the new size.
 */
export function SignaturePad({ onChange, label, error }: { onChange: (dataUrl: string | null) => void; label: string; error?: string | null }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadLibrary | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const c = canvas.current;
    // No 2D context (a test's DOM): nothing to draw on.
    if (!c?.getContext('2d')) return;
    const p = new SignaturePadLibrary(c, { penColor: '#1a1b1e', minWidth: 1, maxWidth: 3 });
    pad.current = p;
    const fit = () => {
      const strokes = p.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      c.width = c.offsetWidth * ratio;
      c.height = c.offsetHeight * ratio;
      c.getContext('2d')?.scale(ratio, ratio);
      p.clear();
      p.fromData(strokes);
    };
    fit();
    const ended = () => changed.current(p.isEmpty() ? null : p.toDataURL('image/png'));
    p.addEventListener('endStroke', ended);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      p.removeEventListener('endStroke', ended);
      p.off();
      pad.current = null;
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    onChange(null);
  };

  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fw={600}>{label}</Text>
        <Button variant="subtle" size="md" leftSection={<IconEraser size={18} />} onClick={clear} data-testid="signature-clear">
          {t('inspections:finish.clear_signature')}
        </Button>
      </Group>
      <Paper withBorder radius="md" style={{ borderColor: error ? 'var(--mantine-color-error)' : undefined, overflow: 'hidden' }}>
        <canvas
          ref={canvas}
          aria-label={label}
          role="img"
          data-testid="signature-pad"
          style={{ display: 'block', width: '100%', height: 200, touchAction: 'none', cursor: 'crosshair', background: 'white' }}
        />
      </Paper>
      <Text size="sm" c={error ? 'red.8' : 'dimmed'} data-testid="signature-hint">
        {error ?? t('inspections:finish.signature_hint')}
      </Text>
    </Stack>
  );
}
