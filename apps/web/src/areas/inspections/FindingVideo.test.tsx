// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { MantineProvider } from '@mantine/core';
import { mockApi } from '../../testing/mockApi.tsx';
import { FindingVideo } from './FindingVideo.tsx';

const VIDEO = '/api/v1/uploads/0b7c2f1e-0000-4000-8000-000000000002/content';

/** The length the browser reads from a chosen clip (jsdom decodes no media). */
function clipLasts(seconds: number) {
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(seconds);
  vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLMediaElement) {
    queueMicrotask(() => this.onloadedmetadata?.(new Event('loadedmetadata')));
  });
}

beforeAll(async () => {
  shimMantineBrowser();
  await i18n.changeLanguage('fr');
});
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:clip'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderVideo = (video: string | null, onChange = vi.fn()) => {
  render(
    <MantineProvider>
      <FindingVideo recordId="f1" video={video} name="Plaquettes" editable onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
};

describe('a finding’s video on the tablet', () => {
  it('refuses a clip over 30 s before sending it, saying its length', async () => {
    const calls = mockApi(() => undefined);
    clipLasts(45);
    renderVideo(null);
    expect(screen.getByTestId('video-take').textContent).toBe('Filmer (30 s au plus)');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('video/mp4,video/webm,video/quicktime');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(8)], 'clip.mp4', { type: 'video/mp4' })] } });
    expect((await screen.findByTestId('video-error')).textContent).toBe('La vidéo dure 45 s : au plus 30 s.');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('plays the saved video and removes it through the record', async () => {
    const calls = mockApi((call) =>
      call.method === 'PATCH' ? { body: { data: { type: 'inspection-fields', id: 'f1', attributes: { video: null, images: [] } } } } : undefined,
    );
    const onChange = renderVideo(VIDEO);
    expect((await screen.findByLabelText('Vidéo : Plaquettes')).getAttribute('src')).toBe('blob:clip');
    fireEvent.click(screen.getByRole('button', { name: 'Retirer la vidéo' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ url: '/inspection-fields/f1', body: { data: { attributes: { video: null } } } });
  });
});
