import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowUpRight, IconArrowBackUp, IconCircle, IconLetterT, IconTrash } from '@tabler/icons-react';
import Konva from 'konva/lib/Core';
import { Arrow } from 'konva/lib/shapes/Arrow';
import { Circle } from 'konva/lib/shapes/Circle';
import { Image as KonvaImage } from 'konva/lib/shapes/Image';
import { Text as KonvaText } from 'konva/lib/shapes/Text';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH } from './controls.tsx';
import { MARK_COLOR, WORD_MAX, markOf, markSizes, toPhoto, type Mark, type MarkTool, type Point } from './markup.ts';

// The markup of a finding's photo before it is saved (issue 26; docs/decisions.md "Photo markup:
// Konva, loaded on demand"). Loaded by React.lazy from Photos.tsx, so Konva reaches only those who
// draw. The marks live in React state, in the photo's pixels (markup.ts); Konva paints them over
// the photo and, on saving, renders photo and marks at the photo's own size as a JPEG.

export interface PhotoMarkupProps {
  /** The photo as it will be sent (already made smaller). */
  file: Blob;
  /** Saved: the marked-up JPEG, or the photo itself when nothing was drawn. */
  onSave: (photo: Blob, marked: boolean) => void;
  onCancel: () => void;
  saving: boolean;
}

const JPEG_QUALITY = 0.85;
type KonvaStage = InstanceType<typeof Konva.Stage>;
type KonvaLayer = InstanceType<typeof Konva.Layer>;

function paint(layer: KonvaLayer, marks: readonly Mark[], width: number, height: number) {
  const { stroke, font } = markSizes(width, height);
  layer.destroyChildren();
  const shadow = { shadowColor: 'black', shadowBlur: stroke * 1.5, shadowOpacity: 0.55 };
  for (const m of marks) {
    if (m.kind === 'circle') layer.add(new Circle({ x: m.x, y: m.y, radius: m.radius, stroke: MARK_COLOR, strokeWidth: stroke, ...shadow }));
    else if (m.kind === 'arrow')
      layer.add(new Arrow({ points: m.points, stroke: MARK_COLOR, fill: MARK_COLOR, strokeWidth: stroke, pointerLength: stroke * 4, pointerWidth: stroke * 4, lineCap: 'round', ...shadow }));
    else
      layer.add(
        new KonvaText({ x: m.x, y: m.y, offsetY: font / 2, text: m.text, fontSize: font, fontStyle: 'bold', fontFamily: 'sans-serif', fill: MARK_COLOR, stroke: 'white', strokeWidth: Math.max(1, font / 14), fillAfterStrokeEnabled: true }),
      );
  }
  layer.batchDraw();
}

export default function PhotoMarkup({ file, onSave, onCancel, saving }: PhotoMarkupProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [marks, setMarks] = useState<Mark[]>([]);
  const [drawing, setDrawing] = useState<Mark | null>(null);
  const [tool, setTool] = useState<MarkTool>('circle');
  const [word, setWord] = useState('');
  const [exporting, setExporting] = useState(false);
  const stage = useRef<{ stage: KonvaStage; layer: KonvaLayer; scale: number } | null>(null);
  // The pointer handlers read the tool and word of the moment.
  const current = useRef({ tool, word });
  current.current = { tool, word };

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const img = new window.Image();
    img.onload = () => setImage(img);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    const container = host.current;
    if (!image || !container) return;
    const width = image.naturalWidth;
    const height = image.naturalHeight;
    // The whole photo in view with the tools above it and the buttons below (a full-screen dialog).
    const room = { width: container.clientWidth || 800, height: Math.max(200, window.innerHeight - 310) };
    const scale = Math.min(room.width / width, room.height / height);
    const s = new Konva.Stage({ container, width: Math.round(width * scale), height: Math.round(height * scale), scaleX: scale, scaleY: scale });
    const base = new Konva.Layer({ listening: false });
    base.add(new KonvaImage({ image, width, height }));
    const layer = new Konva.Layer({ listening: false });
    s.add(base);
    s.add(layer);
    stage.current = { stage: s, layer, scale };

    // Native pointer events on the stage's box: a finger, a pen or a mouse alike, no page scroll while drawing.
    const el = s.content;
    el.style.touchAction = 'none';
    let start: Point | null = null;
    const at = (e: PointerEvent) => {
      const box = el.getBoundingClientRect();
      return toPhoto({ x: e.clientX - box.left, y: e.clientY - box.top }, scale, width, height);
    };
    const make = (end: Point) => (start ? markOf(current.current.tool, start, end, { width, height }, current.current.word) : null);
    const down = (e: PointerEvent) => {
      start = at(e);
      el.setPointerCapture?.(e.pointerId);
      setDrawing(make(start));
    };
    const move = (e: PointerEvent) => {
      if (start) setDrawing(make(at(e)));
    };
    const up = (e: PointerEvent) => {
      if (!start) return;
      const mark = make(at(e));
      start = null;
      setDrawing(null);
      if (mark) setMarks((all) => [...all, mark]);
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    return () => {
      stage.current = null;
      s.destroy();
    };
  }, [image]);

  useEffect(() => {
    if (stage.current && image) paint(stage.current.layer, drawing ? [...marks, drawing] : marks, image.naturalWidth, image.naturalHeight);
  }, [marks, drawing, image]);

  const save = async () => {
    if (!marks.length || !stage.current) return onSave(file, false);
    setExporting(true);
    try {
      // The photo's own pixels: the stage is drawn at 1 / scale.
      const blob = (await stage.current.stage.toBlob({ pixelRatio: 1 / stage.current.scale, mimeType: 'image/jpeg', quality: JPEG_QUALITY })) as Blob | null;
      onSave(blob ?? file, Boolean(blob));
    } finally {
      setExporting(false);
    }
  };

  const tools: { value: MarkTool; label: string; icon: typeof IconCircle }[] = [
    { value: 'circle', label: t('inspections:photos.markup.circle'), icon: IconCircle },
    { value: 'arrow', label: t('inspections:photos.markup.arrow'), icon: IconArrowUpRight },
    { value: 'text', label: t('inspections:photos.markup.word'), icon: IconLetterT },
  ];

  return (
    <Stack gap="sm" data-testid="photo-markup">
      <Group gap="xs" role="toolbar" aria-label={t('inspections:photos.markup.tools')}>
        {tools.map(({ value, label, icon: Icon }) => (
          <Button
            key={value}
            mih={TOUCH}
            size="md"
            variant={tool === value ? 'filled' : 'default'}
            aria-pressed={tool === value}
            leftSection={<Icon size={20} aria-hidden />}
            onClick={() => setTool(value)}
            data-testid={`markup-${value}`}
          >
            {label}
          </Button>
        ))}
        <Button mih={TOUCH} size="md" variant="default" leftSection={<IconArrowBackUp size={20} aria-hidden />} disabled={!marks.length} onClick={() => setMarks((m) => m.slice(0, -1))} data-testid="markup-undo">
          {t('inspections:photos.markup.undo')}
        </Button>
        <Button mih={TOUCH} size="md" variant="default" color="red.9" leftSection={<IconTrash size={20} aria-hidden />} disabled={!marks.length} onClick={() => setMarks([])} data-testid="markup-clear">
          {t('inspections:photos.markup.clear')}
        </Button>
        {tool === 'text' && (
          <TextInput
            size="lg"
            w={220}
            aria-label={t('inspections:photos.markup.word_label')}
            placeholder={t('inspections:photos.markup.word_label')}
            maxLength={WORD_MAX}
            value={word}
            onChange={(e) => setWord(e.currentTarget.value)}
            data-testid="markup-word"
          />
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {tool === 'text' ? t('inspections:photos.markup.word_help') : t('inspections:photos.markup.help')}
      </Text>
      <div ref={host} style={{ width: '100%', display: 'flex', justifyContent: 'center', background: '#111', borderRadius: 8, minHeight: 240 }} data-testid="markup-stage" data-marks={marks.length}>
        {!image && <Loader m="xl" color="gray.3" />}
      </div>
      <Group justify="flex-end" gap="sm">
        <Button mih={TOUCH} size="md" variant="default" onClick={onCancel} disabled={saving || exporting} data-testid="markup-cancel">
          {t('inspections:photos.markup.cancel')}
        </Button>
        <Button mih={TOUCH} size="md" onClick={() => void save()} loading={saving || exporting} data-testid="markup-save">
          {marks.length ? t('inspections:photos.markup.save_marked') : t('inspections:photos.markup.save')}
        </Button>
      </Group>
    </Stack>
  );
}
