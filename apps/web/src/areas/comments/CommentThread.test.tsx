// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { CommentThread } from './CommentThread.tsx';

const ME = '0190a0b0-0000-7000-8000-00000000000a';
const COLIN = '0190a0b0-0000-7000-8000-00000000000b';
const INSPECTION = '0190a0b0-0000-7000-8000-0000000000ff';

// The signed-in user: may write comments, not change others'.
vi.mock('../../app/AppData.tsx', () => {
  const permissions = new Set(['view any comments', 'view comments', 'create comments']);
  return { useMe: () => ({ me: { id: ME }, permissions, can: (p: string) => permissions.has(p) }) };
});

const user = (id: string, firstname: string, lastname: string) => ({ type: 'users', id, attributes: { firstname, lastname } });
const comment = (id: string, owner: string, body: string, extra: Record<string, unknown> = {}, replyTo: string | null = null) => ({
  type: 'comments',
  id,
  attributes: { object_type: 'inspections', object_id: INSPECTION, body, edited_at: null, deleted_at: null, created_at: `2026-11-23T10:0${id.slice(-1)}:00Z`, ...extra },
  relationships: { owner: { data: { type: 'users', id: owner } }, replyTo: { data: replyTo ? { type: 'comments', id: replyTo } : null } },
});
const LIST = {
  data: [
    comment('c1', COLIN, `@[Moi Même](${ME}) les plaquettes ?`),
    comment('c2', ME, 'Je regarde.', { edited_at: '2026-11-23T10:05:00Z' }, 'c1'),
    comment('c3', ME, 'Photo ajoutée.'),
  ],
  included: [user(ME, 'Moi', 'Même'), user(COLIN, 'Colin', 'Collègue')],
  meta: { page: { total: 3 }, mentionable: [{ id: ME, firstname: 'Moi', lastname: 'Même' }, { id: COLIN, firstname: 'Colin', lastname: 'Collègue' }] },
};

let posted: { url: string; method: string; body: unknown }[] = [];
beforeAll(async () => {
  shimMantineBrowser();
  await i18n.changeLanguage('fr');
});
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method !== 'GET') posted.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null });
      const body = method === 'GET' ? LIST : { data: comment('c9', ME, 'ok') };
      return { ok: true, status: method === 'POST' ? 201 : 200, text: async () => JSON.stringify(body), headers: { get: () => null } };
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <CommentThread objectType="inspections" objectId={INSPECTION} />
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('CommentThread', { timeout: 30_000 }, () => {
  it('reads the record’s comments with their authors and draws threads, mentions and edits', async () => {
    show();
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(3));
    const get = vi.mocked(fetch).mock.calls[0][0] as string;
    expect(get).toContain(`filter[object_type]=inspections&filter[object_id]=${INSPECTION}`);
    expect(get).toContain('include=owner');
    expect(get).toContain('add_data=mentionable');

    const [first, reply, third] = screen.getAllByTestId('comment');
    expect(within(first).getByText('Colin Collègue')).toBeTruthy();
    expect(first.querySelector(`[data-mention="${ME}"]`)?.textContent).toBe('@Moi Même');
    // The reply is drawn inside its comment's thread, marked edited.
    expect(first.contains(reply)).toBe(true);
    expect(within(reply).getByText('modifié')).toBeTruthy();
    // Others' comments: reply only; one's own: edit and delete too.
    expect(within(first).queryAllByRole('button', { name: 'Modifier le commentaire' })).toHaveLength(1);
    expect(within(third).getByRole('button', { name: 'Supprimer le commentaire' })).toBeTruthy();
    expect(screen.getByTestId('comment-count').textContent).toBe('3');
  });

  it('writes a comment with a mention picked from the organization’s people', async () => {
    show();
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(3));
    const area = within(screen.getByTestId('comment-new')).getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.change(area, { target: { value: 'Voir @col', selectionStart: 9, selectionEnd: 9 } });
    const option = await screen.findByRole('option', { name: 'Colin Collègue', hidden: true });
    fireEvent.click(option);
    await waitFor(() => expect(area.value).toBe('Voir @Colin Collègue '));
    fireEvent.change(area, { target: { value: 'Voir @Colin Collègue svp' } });
    fireEvent.click(within(screen.getByTestId('comment-new')).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/api/v1/comments',
      method: 'POST',
      body: { data: { type: 'comments', attributes: { object_type: 'inspections', object_id: INSPECTION, body: `Voir @[Colin Collègue](${COLIN}) svp` } } },
    });
  });

  it('replies in the thread of the comment answered', async () => {
    show();
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(3));
    fireEvent.click(within(screen.getAllByTestId('comment')[0]).getAllByRole('button', { name: 'Répondre' })[0]);
    const composer = screen.getByTestId('comment-reply');
    fireEvent.change(within(composer).getByRole('textbox'), { target: { value: 'Oui' } });
    fireEvent.click(within(composer).getByRole('button', { name: 'Répondre' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0].body as { data: { relationships: unknown } }).data.relationships).toEqual({ replyTo: { data: { type: 'comments', id: 'c1' } } });
  });
});
