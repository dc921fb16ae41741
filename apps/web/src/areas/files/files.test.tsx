// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { formatFileSize } from '../../lib/format.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import { ApiError } from '../../api/jsonapi.ts';
import { upload } from '../../api/client.ts';
import ExplorerPage from './ExplorerPage.tsx';
import { uploadInto } from './fileActions.ts';
import { RecordFiles } from './RecordFiles.tsx';
import FilesPage from './FilesPage.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());
// The content goes by XMLHttpRequest (for its progress): the test says what the server answers it.
vi.mock('../../api/client.ts', async (original) => ({ ...(await original<typeof import('../../api/client.ts')>()), upload: vi.fn() }));

const folder = (id: string, name: string, extra: Record<string, unknown> = {}) => ({ type: 'folders', id, attributes: { name, system: false, updated_at: '2026-03-02T14:00:00.000Z', ...extra } });
const PROCEDURES = folder('f1', 'Procédures', { system: true });
const PHOTOS = folder('f2', 'Photos');
const DEVIS = { type: 'files', id: 'x1', attributes: { name: 'Devis.pdf', size: 1_450_000, mime: 'application/pdf', attachment: '/api/v1/uploads/0190a000-0000-7000-8000-000000000001/content', updated_at: '2026-03-02T14:00:00.000Z' } };

let calls: Call[] = [];
beforeAll(() => shimMantineBrowser());
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  signedIn.permissions = new Set(['view any files', 'view files', 'create files', 'edit files', 'delete files', 'view any folders', 'view folders', 'create folders', 'edit folders', 'delete folders']);
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/folders') && c.url.includes('add_data=path')) return { body: { data: [PHOTOS], meta: { page: { total: 1 }, path: { f2: [{ id: 'f1', name: 'Procédures' }] } } } };
    if (c.method === 'GET' && c.url.startsWith('/folders') && c.url.includes('add_data=contents')) return { body: { data: [PHOTOS], meta: { page: { total: 1 }, contents: { f2: { folders: 2, files: 3, hidden: 0, system: 0 } } } } };
    if (c.method === 'GET' && c.url.startsWith('/folders') && c.url.includes('parent]=root')) return { body: { data: [PROCEDURES, PHOTOS], meta: { page: { total: 2 } } } };
    if (c.method === 'GET' && c.url.startsWith('/files') && c.url.includes('folder]=root')) return { body: { data: [DEVIS], meta: { page: { total: 1 } } } };
    if (c.method === 'PATCH' && c.url === '/files/x1') return { body: { data: DEVIS } };
    return undefined;
  });
});
afterEach(() => cleanup());

describe('the file explorer', { timeout: 30_000 }, () => {
  it('lists the top’s folders and files, sizes as the reader writes them, a system folder marked, and nothing to do it may not do', async () => {
    signedIn.permissions = new Set(['view any files', 'view files', 'view any folders', 'view folders']);
    renderAt('/files/explorer', '/files/explorer', <ExplorerPage />);
    const row = (await screen.findByText('Devis.pdf')).closest('tr')!;
    expect(within(row).getByText('1,5 Mo')).toBeTruthy();
    const system = (await screen.findAllByText('Procédures')).map((e) => e.closest('tr')).find(Boolean)!;
    expect(within(system).getByText('Système')).toBeTruthy();
    expect(screen.queryByTestId('new-folder')).toBeNull();
    expect(screen.queryByTestId('drag-handle')).toBeNull();
    fireEvent.click(within(system).getByTestId('row-menu'));
    expect(screen.queryByTestId('menu-delete')).toBeNull();
    expect(screen.queryByTestId('menu-access')).toBeNull();
  });

  it('shows the path above the open folder in its breadcrumbs', async () => {
    renderAt('/files/explorer?folder=f2', '/files/explorer', <ExplorerPage />);
    const crumbs = await screen.findByTestId('breadcrumbs');
    await vi.waitFor(() => expect(within(crumbs).getByText('Procédures')).toBeTruthy());
    expect(within(crumbs).getByText('Photos')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/files') && c.url.includes('folder]=f2'))).toBe(true);
  });

  it('asks before deleting a folder, saying what it holds as the server counts it', async () => {
    renderAt('/files/explorer', '/files/explorer', <ExplorerPage />);
    const row = (await screen.findAllByText('Photos')).map((e) => e.closest('tr')).find(Boolean)!;
    fireEvent.click(within(row).getByTestId('row-menu'));
    fireEvent.click(await screen.findByTestId('menu-delete'));
    expect((await screen.findByTestId('delete-count')).textContent).toBe('Il contient 2 dossiers et 3 fichiers, qui seront supprimés avec lui.');
    fireEvent.click(screen.getByTestId('delete-confirm'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/folders/f2')).toBe(true));
  });
});

describe('moving by the menu (a tablet has no comfortable drag)', { timeout: 30_000 }, () => {
  const moveDevisTo = async (name: string) => {
    renderAt('/files/explorer', '/files/explorer', <ExplorerPage />);
    const row = (await screen.findByText('Devis.pdf')).closest('tr')!;
    fireEvent.click(within(row).getByTestId('row-menu'));
    fireEvent.click(await screen.findByTestId('menu-move'));
    const tree = await screen.findByTestId('move-tree');
    fireEvent.click(await within(tree).findByText(name));
    fireEvent.click(screen.getByTestId('move-confirm'));
  };

  it('moves a file into the folder picked in the tree', async () => {
    await moveDevisTo('Photos');
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.url === '/files/x1')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH' && c.url === '/files/x1')!;
    expect(JSON.stringify(patch.body)).toContain('"folder":{"data":{"type":"folders","id":"f2"}}');
    await vi.waitFor(() => expect(screen.queryByTestId('move-tree')).toBeNull());
  });

  it('says why a move is refused (a name taken there), translated, and lets another folder be picked', async () => {
    const detail = 'Un fichier nommé « Devis.pdf » existe déjà dans ce dossier.';
    calls = mockApi((c) => {
      if (c.method === 'PATCH') return { status: 422, body: { errors: [{ status: '422', code: 'file.name_taken', detail, source: { pointer: '/data/attributes/name' } }] } };
      if (c.method === 'GET' && c.url.startsWith('/folders') && c.url.includes('parent]=root')) return { body: { data: [PROCEDURES, PHOTOS], meta: { page: { total: 2 } } } };
      if (c.method === 'GET' && c.url.startsWith('/files')) return { body: { data: [DEVIS], meta: { page: { total: 1 } } } };
      return undefined;
    });
    await moveDevisTo('Photos');
    expect((await screen.findByTestId('move-error')).textContent).toBe(detail);
    // Still open, to choose again; nothing chosen is not sent.
    expect(screen.getByTestId('move-tree')).toBeTruthy();
    expect(screen.queryByTestId('error-dialog-message')).toBeNull();
  });

  it('is not offered to who may not edit', async () => {
    signedIn.permissions = new Set(['view any files', 'view files', 'view any folders', 'view folders']);
    renderAt('/files/explorer', '/files/explorer', <ExplorerPage />);
    const row = (await screen.findByText('Devis.pdf')).closest('tr')!;
    fireEvent.click(within(row).getByTestId('row-menu'));
    await screen.findByText('Aperçu');
    expect(screen.queryByTestId('menu-move')).toBeNull();
  });
});

describe('files of a record', { timeout: 30_000 }, () => {
  it('lists the files attached to a vehicle, and offers to drop more only to who may upload', async () => {
    const listed = mockApi((c) => (c.method === 'GET' && c.url.startsWith('/files') ? { body: { data: [DEVIS], meta: { page: { total: 1 } } } } : undefined));
    renderAt('/vehicles/vehicles', '/vehicles/vehicles', <RecordFiles type="vehicles" id="v1" />);
    expect(await screen.findByText('Devis.pdf')).toBeTruthy();
    expect(listed.some((c) => c.url.includes('filter[object_type]=vehicles') && c.url.includes('filter[object_id]=v1'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Téléverser' })).toBeTruthy();
    cleanup();
    signedIn.permissions = new Set(['view any files', 'view files']);
    renderAt('/vehicles/vehicles', '/vehicles/vehicles', <RecordFiles type="vehicles" id="v1" />);
    expect(await screen.findByText('Devis.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Téléverser' })).toBeNull();
  });
});

describe('the list of files', { timeout: 30_000 }, () => {
  it('lists every file with its folder and size', async () => {
    mockApi((c) =>
      c.method === 'GET' && c.url.startsWith('/files')
        ? { body: { data: [{ ...DEVIS, relationships: { folder: { data: { type: 'folders', id: 'f2' } } } }], included: [PHOTOS], meta: { page: { total: 1 } } } }
        : undefined,
    );
    renderAt('/files/files', '/files/files', <FilesPage />);
    const row = (await screen.findByText('Devis.pdf')).closest('tr')!;
    expect(within(row).getByText('Photos')).toBeTruthy();
    expect(within(row).getByText('1,5 Mo')).toBeTruthy();
  });
});

describe('an upload', () => {
  it('makes the file’s record in its folder, then sends its content with its progress', async () => {
    mockApi((c) => (c.method === 'POST' && c.url === '/files' ? { status: 201, body: { data: { ...DEVIS, id: 'new' } } } : undefined));
    vi.mocked(upload).mockImplementation(async (_r, _i, _f, _file, onProgress) => {
      onProgress?.(0.5);
      return { url: '/api/v1/uploads/x/content' };
    });
    const progress = vi.fn();
    await uploadInto(new File(['%PDF-1.4'], 'Devis.pdf'), { folder: 'f2' }, progress);
    expect(vi.mocked(upload)).toHaveBeenCalledWith('files', 'new', 'attachment', expect.any(File), progress);
    expect(progress).toHaveBeenCalledWith(0.5);
  });

  it('refused (a disguised or oversized file), takes its new record away and says why', async () => {
    const made = mockApi((c) => (c.method === 'POST' && c.url === '/files' ? { status: 201, body: { data: { ...DEVIS, id: 'new' } } } : undefined));
    vi.mocked(upload).mockRejectedValue(new ApiError(422, [{ status: '422', code: 'error.upload_type', detail: 'Ce type de fichier n’est pas accepté.' }]));
    await expect(uploadInto(new File(['MZ'], 'facture.pdf'), { folder: null }, () => {})).rejects.toThrow();
    expect(made.some((c) => c.method === 'DELETE' && c.url === '/files/new')).toBe(true);
  });
});

describe('file sizes', () => {
  it('read in the reader’s units', () => {
    expect(formatFileSize(131, 'en')).toBe('131 bytes');
    expect(formatFileSize(12_400, 'fr')).toBe('12,4\u00a0ko');
    expect(formatFileSize(1_450_000, 'en')).toBe('1.5 MB');
  });
});
