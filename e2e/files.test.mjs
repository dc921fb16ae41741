// The file explorer (issue 24): a manager builds a folder tree, drops a PDF and two photos on it
// (uploaded with their progress), moves a photo into a subfolder by dragging it and the other by
// « Déplacer vers… » (a tablet's way; a name already there is refused, saying so), previews it,
// restricts the folder to the managers' role; the inspector, who does not hold that role, does not
// see it (neither on the screen nor through the API). Then a customer's page takes a dropped PDF
// among the files of its record, and a demo PDF previews. French at 1440×900, English at 1024×768.
// Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, field, fileBrowser, journey, login, png, shot, token } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

const RUNS = [
  { locale: 'fr', viewport: { width: 1440, height: 900 }, w: { newFolder: 'Nouveau dossier', name: 'Nom', roles: 'Rôles autorisés', access: 'Accès', done: 'Terminé', taken: 'existe déjà' } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, w: { newFolder: 'New folder', name: 'Name', roles: 'Allowed roles', access: 'Access', done: 'Done', taken: 'already' } },
];

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Drops files on the explorer (or a record's files) as a browser's drag from the desktop does (a DataTransfer of Files). */
async function dropFiles(page, files) {
  await page.evaluate(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      const zone = document.querySelector('[data-testid=dropzone]');
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
    },
    files.map((f) => ({ name: f.name, type: f.type, b64: f.content.toString('base64') })),
  );
}

/** Makes a folder where the explorer stands, by its dialog. */
async function newFolder(page, w, name) {
  await page.locator('[data-testid=new-folder]').click();
  await field(page.getByRole('dialog'), w.name).fill(name);
  await page.locator('[data-testid=name-save]').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.locator('[data-testid=folder-row]').filter({ hasText: name }).waitFor();
}

/** Moves a row by its menu's « Déplacer vers… » into a folder picked in the dialog's tree. */
async function moveByMenu(page, row, folder) {
  await row.locator('[data-testid=row-menu]').click();
  await page.locator('[data-testid=menu-move]').click();
  await page.locator('[data-testid=move-tree]').getByRole('button', { name: folder, exact: true }).click();
  await page.locator('[data-testid=move-confirm]').click();
}

/** Drags a row by its handle onto another row (dnd-kit follows the pointer's moves). */
async function dragOnto(page, row, target) {
  const from = await row.locator('[data-testid=drag-handle]').boundingBox();
  const to = await target.boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('files', () => {
  for (const { locale, viewport, w } of RUNS)
    test(`24-${locale}-${viewport.width}. a manager builds a folder tree, drops a PDF and two photos, restricts the folder to a role the inspector lacks`, T, () =>
      journey(held.browser, `24-${locale}-${viewport.width}`, async (open) => {
        const top = `Dossier e2e ${locale} ${viewport.width}`;
        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();

        // The tree: a folder at the top, a subfolder in it.
        await page.goto('/files/explorer');
        await page.locator('[data-testid=dropzone]').waitFor();
        await newFolder(page, w, top);
        await page.locator('[data-testid=folder-row]').filter({ hasText: top }).getByRole('button', { name: top, exact: true }).click();
        await page.locator('[data-testid=breadcrumbs]').getByText(top).waitFor();
        await newFolder(page, w, 'Photos');

        // A PDF and two photos dropped at once: each uploaded, with its progress, then listed.
        await dropFiles(page, [
          { name: 'Bon de travail.pdf', type: 'application/pdf', content: PDF },
          { name: 'Avant.png', type: 'image/png', content: png(64, 48) },
          { name: 'Arrière.png', type: 'image/png', content: png(48, 64) },
        ]);
        await page.locator('[data-testid=upload-item][data-state=done]').nth(2).waitFor();
        assert.equal(await page.locator('[data-testid=upload-item][data-state=failed]').count(), 0);
        for (const name of ['Bon de travail.pdf', 'Avant.png', 'Arrière.png']) await page.locator('[data-testid=file-row]').filter({ hasText: name }).waitFor();
        await shot(page, `24-uploaded-${locale}-${viewport.width}`);
        await axeCheck(page, 'the explorer');

        // A photo dragged onto the subfolder moves into it.
        await dragOnto(page, page.locator('[data-testid=file-row]').filter({ hasText: 'Arrière.png' }), page.locator('[data-testid=folder-row]').filter({ hasText: 'Photos' }));
        await page.locator('[data-testid=file-row]').filter({ hasText: 'Arrière.png' }).waitFor({ state: 'detached' });

        // The other photo by the menu (a tablet's way), then a second one of the same name: refused, saying so.
        await moveByMenu(page, page.locator('[data-testid=file-row]').filter({ hasText: 'Avant.png' }), 'Photos');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.locator('[data-testid=file-row]').filter({ hasText: 'Avant.png' }).waitFor({ state: 'detached' });
        await dropFiles(page, [{ name: 'Avant.png', type: 'image/png', content: png(32, 32) }]);
        await page.locator('[data-testid=file-row]').filter({ hasText: 'Avant.png' }).waitFor();
        await moveByMenu(page, page.locator('[data-testid=file-row]').filter({ hasText: 'Avant.png' }), 'Photos');
        const refusal = page.locator('[data-testid=move-error]');
        await refusal.waitFor();
        assert.match(await refusal.innerText(), new RegExp(`Avant\\.png.*${w.taken}`, 's'));
        await shot(page, `24-move-refused-${locale}-${viewport.width}`);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.locator('[data-testid=folder-row]').filter({ hasText: 'Photos' }).getByRole('button', { name: 'Photos', exact: true }).click();
        await page.locator('[data-testid=file-row]').filter({ hasText: 'Arrière.png' }).getByRole('button', { name: 'Arrière.png', exact: true }).click();
        await page.locator('[data-testid=preview-image]').waitFor();
        await shot(page, `24-preview-${locale}-${viewport.width}`);
        await page.keyboard.press('Escape');

        // Back at the top, the folder restricted to the managers' role.
        await page.locator('[data-testid=breadcrumbs]').getByRole('button').first().click();
        const row = page.locator('[data-testid=folder-row]').filter({ hasText: top });
        await row.locator('[data-testid=row-menu]').click();
        await page.locator('[data-testid=menu-access]').click();
        const dialog = page.getByRole('dialog');
        const roles = field(dialog, w.roles);
        await roles.click();
        await roles.fill('Gestionnaire');
        await page.getByRole('option', { name: 'Gestionnaire' }).click();
        await dialog.getByRole('heading').click(); // closes the list of roles
        await page.locator('[data-testid=access-save]').click();
        await dialog.waitFor({ state: 'detached' });
        await row.getByLabel(locale === 'fr' ? 'Accès restreint' : 'Restricted access').waitFor();

        // The inspector (no such role) does not see it, nor reach it through the API.
        const tk = await token('manager@atelier.test');
        const listed = await api(`/folders?filter[search]=${encodeURIComponent(top)}`, { token: tk });
        const id = listed.body.data[0].id;
        const inspector = await open(viewport);
        await login(inspector, 'inspector@atelier.test');
        await inspector.waitForURL('**/dashboard');
        await inspector.goto('/files/explorer');
        await inspector.locator('[data-testid=folder-row]').filter({ hasText: 'Procédures' }).waitFor();
        assert.equal(await inspector.locator('[data-testid=folder-row]').filter({ hasText: top }).count(), 0, 'the restricted folder is not listed');
        const itk = await token('inspector@atelier.test');
        assert.equal((await api(`/folders/${id}`, { token: itk })).status, 404);
        const files = await api(`/files?filter[search]=Avant.png`, { token: itk });
        assert.equal(files.body.meta.page.total, 0, 'nor what it holds');
        await shot(inspector, `24-inspector-${locale}-${viewport.width}`);

        // A customer's page: the files of its record take a dropped PDF, listed and opened there.
        const customer = (await api('/customers?page[size]=1&sort=created_at', { token: tk })).body.data[0].id;
        await page.goto(`/crm/customers?id=${customer}&action=view`);
        const ofRecord = page.locator('[data-testid=record-files]');
        await ofRecord.waitFor();
        const scan = `Permis ${locale}.pdf`;
        await dropFiles(page, [{ name: scan, type: 'application/pdf', content: PDF }]);
        await ofRecord.getByRole('button', { name: scan, exact: true }).click();
        await page.locator('[data-testid=preview-pdf]').waitFor();
        await page.keyboard.press('Escape');
        const attached = await api(`/files?filter[object_type]=customers&filter[object_id]=${customer}`, { token: tk });
        assert.ok(attached.body.data.some((f) => f.attributes.name === scan), 'attached to the customer');
        await shot(page, `24-customer-files-${locale}-${viewport.width}`);

        // The demo's files open at once: a procedure's PDF previews.
        await page.goto('/files/explorer');
        await page.locator('[data-testid=folder-row]').filter({ hasText: 'Procédures' }).getByRole('button', { name: 'Procédures', exact: true }).click();
        await page.locator('[data-testid=file-row]').filter({ hasText: 'Inspection 100 points.pdf' }).getByRole('button', { name: 'Inspection 100 points.pdf', exact: true }).click();
        await page.locator('[data-testid=preview-pdf]').waitFor();
        await page.keyboard.press('Escape');
        assert.deepEqual(page.errors, []);
        assert.deepEqual(inspector.errors, []);
      }),
    );
});
