import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A signature drawn with a finger, a stylus or a mouse (pointer events), given as a PNG data URL,
 * the format the server keeps in `signature` (or null once cleared). The canvas is drawn at the
 * device's pixel ratio so the stroke stays sharp on a tablet.
 */
export function SignaturePad({ onChange, label, error }: { onChange: (dataUrl: string | null) => void; label: string; error?: string | null }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = c.offsetWidth * ratio;
    c.height = c.offsetHeight * ratio;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1a1b1e';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const p = point(e);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    // A dot for a tap.
    ctx.lineTo(p.x + 0.1, p.y + 0.1);
    ctx.stroke();
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    const p = point(e);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
  };
  const up = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    onChange(e.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
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
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
        />
      </Paper>
      <Text size="sm" c={error ? 'red.8' : 'dimmed'} data-testid="signature-hint">
        {error ?? t('inspections:finish.signature_hint')}
      </Text>
    </Stack>
  );
}
