// @vitest-environment jsdom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { markOf, markSizes, toPhoto } from './markup.ts';

// Issue 26: a finding's photo is marked up (a circle, an arrow, a word) before it is saved. The
// geometry is pure (markup.ts); Konva paints it in a browser (the journey draws for real), so
// here the lazily loaded editor is a stand-in that "draws" and hands back a marked JPEG.

const resized = vi.hoisted(() => ({ file: null as File | null }));
vi.mock('../../lib/imageResize.ts', async (original) => ({
  ...(await original<typeof import('../../lib/imageResize.ts')>()),
  resizeImage: vi.fn(async (f: File) => (resized.file = new File([await f.arrayBuffer()], 'IMG_1.jpg', { type: 'image/jpeg' }))),
}));
const uploads = vi.hoisted(() => ({ calls: [] as { field: string; file: File }[] }));
vi.mock('../../api/client.ts', async (original) => ({
  ...(await original<typeof import('../../api/client.ts')>()),
  upload: vi.fn(async (_r: string, _id: string, field: string, file: File) => {
    uploads.calls.push({ field, file });
    return { url: `/api/v1/uploads/00000000-0000-4000-8000-00000000000${uploads.calls.length}/content` };
  }),
}));
vi.mock('../../lib/online.ts', () => ({ useOnline: () => true }));
vi.mock('../../app/AppData.tsx', () => ({ useMe: () => ({ can: () => true }) }));
vi.mock('./PhotoMarkup.tsx', () => ({
  default: ({ file, onSave, onCancel }: { file: Blob; onSave: (b: Blob, marked: boolean) => void; onCancel: () => void }) => (
    <div data-testid="photo-markup" data-size={file.size}>
      <button type="button" onClick={() => onSave(new Blob(['marked'], { type: 'image/jpeg' }), true)}>
        draw-and-save
      </button>
      <button type="button" onClick={() => onSave(file, false)}>
        save-plain
      </button>
      <button type="button" onClick={onCancel}>
        cancel
      </button>
    </div>
  ),
}));

const { PhotoStrip } = await import('./Photos.tsx');

beforeAll(async () => {
  shimMantineBrowser();
  await i18n.changeLanguage('fr');
});
afterEach(() => {
  cleanup();
  uploads.calls = [];
});

function strip(markup: boolean) {
  const onChange = vi.fn();
  render(
    <MantineProvider>
      <PhotoStrip resource="inspection-fields" recordId="f1" images={[]} name="Plaquettes" editable onChange={onChange} markup={markup} />
    </MantineProvider>,
  );
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['raw-photo'], 'IMG_1.HEIC', { type: 'image/heic' })] } });
  return onChange;
}

describe('marking up a finding’s photo', () => {
  it('opens the markup before sending, and sends the marked-up JPEG', async () => {
    const onChange = strip(true);
    fireEvent.click(await screen.findByText('draw-and-save'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['/api/v1/uploads/00000000-0000-4000-8000-000000000001/content']));
    expect(uploads.calls).toHaveLength(1);
    expect(uploads.calls[0].field).toBe('images');
    expect(uploads.calls[0].file.type).toBe('image/jpeg');
    expect(uploads.calls[0].file.name).toBe('IMG_1.jpg');
    expect(await uploads.calls[0].file.text()).toBe('marked');
    expect(screen.queryByTestId('photo-markup')).toBeNull();
  });

  it('sends the photo as taken when nothing is drawn, and nothing when it is discarded', async () => {
    const onChange = strip(true);
    expect(await screen.findByRole('dialog', { name: 'Annoter la photo : Plaquettes' })).toBeTruthy();
    fireEvent.click(await screen.findByText('save-plain'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(uploads.calls[0].file).toBe(resized.file);
    cleanup();
    uploads.calls = [];
    const second = strip(true);
    fireEvent.click(await screen.findByText('cancel'));
    await waitFor(() => expect(screen.queryByTestId('photo-markup')).toBeNull());
    expect(uploads.calls).toEqual([]);
    expect(second).not.toHaveBeenCalled();
  });

  it('sends the inspection’s own photos straight away (no markup)', async () => {
    const onChange = strip(false);
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(screen.queryByTestId('photo-markup')).toBeNull();
  });
});

describe('the marks’ geometry (in the photo’s pixels)', () => {
  const size = { width: 1600, height: 1200 };
  it('makes a circle from its centre, an arrow towards what it shows, a word where tapped', () => {
    expect(markOf('circle', { x: 400, y: 300 }, { x: 400, y: 500 }, size)).toEqual({ kind: 'circle', x: 400, y: 300, radius: 200 });
    expect(markOf('arrow', { x: 100, y: 100 }, { x: 500, y: 400 }, size)).toEqual({ kind: 'arrow', points: [100, 100, 500, 400] });
    expect(markOf('text', { x: 10, y: 10 }, { x: 700, y: 650 }, size, '  Usé  ')).toEqual({ kind: 'text', x: 700, y: 650, text: 'Usé' });
  });

  it('gives a tap a visible mark, and an empty word none', () => {
    const { minimum } = markSizes(1600, 1200);
    expect(minimum).toBe(100);
    expect(markOf('circle', { x: 50, y: 50 }, { x: 50, y: 50 }, size)).toEqual({ kind: 'circle', x: 50, y: 50, radius: 100 });
    // A tapped arrow points at the spot from the upper left, inside the photo.
    expect(markOf('arrow', { x: 80, y: 900 }, { x: 80, y: 900 }, size)).toEqual({ kind: 'arrow', points: [0, 750, 80, 900] });
    expect(markOf('text', { x: 1, y: 1 }, { x: 1, y: 1 }, size, '   ')).toBeNull();
    expect(markOf('text', { x: 1, y: 1 }, { x: 1, y: 1 }, size, 'x'.repeat(60))).toMatchObject({ text: 'x'.repeat(24) });
  });

  it('reads the screen’s points in the photo’s pixels, inside the photo', () => {
    expect(toPhoto({ x: 200, y: 150 }, 0.5, 1600, 1200)).toEqual({ x: 400, y: 300 });
    expect(toPhoto({ x: -20, y: 9000 }, 0.5, 1600, 1200)).toEqual({ x: 0, y: 1200 });
  });
});

describe('the drawing library', () => {
  it('is imported by the markup alone, which the photos load lazily: the inspection bundle does not carry it', () => {
    const root = join(__dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(root);
    const importing = files.filter((f) => /from ['"]konva/.test(readFileSync(f, 'utf8'))).map((f) => f.slice(root.length + 1));
    expect(importing).toEqual(['areas/inspections/PhotoMarkup.tsx']);
    const strip = readFileSync(join(root, 'areas/inspections/Photos.tsx'), 'utf8');
    expect(strip).toMatch(/lazy\(\(\) => import\('\.\/PhotoMarkup\.tsx'\)\)/);
    expect(files.filter((f) => /from ['"]\.\/PhotoMarkup(\.tsx)?['"]|from ['"].*\/PhotoMarkup(\.tsx)?['"]/.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
});
