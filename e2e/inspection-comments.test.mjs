// Photos and comments on an inspection (issue 11). In French at 1024x768: the manager holds an
// inspection in progress, takes a photo for a field (a 3000x2000 picture, made 1600 px wide in the
// browser: the server keeps a 1600x1067 JPEG), then comments on the inspection mentioning the
// inspector; the inspector signs in, finds the notification and opens the inspection from it. In
// English at 1440x900: the inspector, mentioned again, answers in the thread. axe on each screen.
// Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BASE, api, axeCheck, create, fileBrowser, journey, login, one, png, settles, shot, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();

/** Width and height of a JPEG, read from its start-of-frame marker. */
function jpegSize(buf) {
  for (let i = 2; i < buf.length - 9; ) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1];
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + buf.readUInt16BE(i + 2);
  }
  return null;
}

/** An inspection in progress, held by the manager, of a form with one field that takes photos. */
async function inspectionInProgress(tk) {
  const form = await create(tk, 'inspection-forms', { name: `Photos ${Date.now()}` });
  const section = await create(tk, 'inspection-form-sections', { name: 'Freins', order_number: 1 }, { inspectionForm: one('inspection-forms', form) });
  const sub = await create(tk, 'inspection-form-sections', { name: 'Avant', order_number: 1 }, { inspectionForm: one('inspection-forms', form), parent: one('inspection-form-sections', section) });
  await create(tk, 'inspection-form-section-fields', { name: 'Plaquettes', field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 10 }, { option: 'no', points: 0 }], can_upload_image: true, can_add_comment: true }, { section: one('inspection-form-sections', sub) });
  const vehicle = await create(tk, 'vehicles', { vin: '2HGFG12878H500003' });
  const id = await create(tk, 'inspections', {}, { inspectionForm: one('inspection-forms', form), vehicle: one('vehicles', vehicle) });
  const started = await api(`/inspections/${id}/start`, { method: 'POST', token: tk, body: {} });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const fields = await api(`/inspection-fields?filter[inspection]=${id}`, { token: tk });
  return { id, fieldRecord: fields.body.data[0].id, fieldId: fields.body.data[0].relationships.inspectionFormSectionField.data.id };
}

async function signedIn(open, email, locale, size) {
  const page = await open(size);
  await page.goto('/login');
  await page.evaluate((l) => localStorage.setItem('GLOBAL_LOCALE', l), locale);
  await login(page, email);
  await page.waitForURL('**/dashboard');
  return page;
}

describe('inspection photos and comments', () => {
  test('64. a photo made smaller in the browser, a comment mentioning the inspector, who is told', T, () =>
    journey(held.browser, '61', async (open) => {
      const tk = await token('manager@atelier.test');
      const { id, fieldRecord, fieldId } = await inspectionInProgress(tk);
      const page = await signedIn(open, 'manager@atelier.test', 'fr', { width: 1024, height: 768 });
      await page.goto(`/inspecpro/inspections/${id}`);
      const photos = page.getByTestId(`photos-${fieldId}`);
      await photos.getByRole('button', { name: 'Prendre une photo' }).waitFor();
      await photos.locator('input[type=file]').setInputFiles({ name: 'IMG_0042.png', mimeType: 'image/png', buffer: png(3000, 2000) });
      // A finding's photo opens its markup first (issue 26): saved as taken, without marks.
      await page.getByTestId('markup-save').click();
      await settles(() => photos.getAttribute('data-count'), '1');
      await photos.getByTestId('photo-thumbnail').click();
      await page.getByTestId('photo-enlarged').waitFor();
      await axeCheck(page, 'a photo enlarged');
      await page.keyboard.press('Escape');

      // Offline, photos wait for the connection; the screen's banner says so once (answers are still queued).
      await page.context().setOffline(true);
      await page.getByTestId('offline-banner').waitFor();
      assert.equal(await photos.getByTestId('photo-take').isDisabled(), true);
      await page.context().setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached' });

      // The server keeps what the browser made: a JPEG 1600 px wide.
      const field = await api(`/inspection-fields/${fieldRecord}`, { token: tk });
      const [url] = field.body.data.attributes.images;
      const file = await fetch(`${BASE}${url}`, { headers: { Authorization: `Bearer ${tk}` } });
      assert.equal(file.headers.get('content-type'), 'image/jpeg');
      assert.deepEqual(jpegSize(Buffer.from(await file.arrayBuffer())), { width: 1600, height: 1067 });

      // A comment on the inspection, the inspector picked from the list after "@iv".
      const composer = page.getByTestId('comment-new');
      const area = composer.getByRole('textbox');
      await area.fill('Merci de vérifier @iv');
      await page.getByRole('option', { name: 'Ivan Tremblay' }).click();
      await settles(() => area.inputValue(), 'Merci de vérifier @Ivan Tremblay ');
      await area.press('End');
      await area.pressSequentially('les plaquettes, svp.');
      await composer.getByRole('button', { name: 'Publier' }).click();
      const posted = page.getByTestId('comment-thread').getByTestId('comment').last();
      await settles(() => posted.getByTestId('comment-body').innerText(), 'Merci de vérifier @Ivan Tremblay les plaquettes, svp.');
      await shot(page, '61-inspection-photo-comment');
      await axeCheck(page, 'the inspection with its photo and comments');

      // The field's own discussion, in a side panel.
      await page.getByTestId(`field-${fieldId}`).getByTestId('field-discussion').click();
      const panel = page.getByRole('dialog', { name: 'Discussion : Plaquettes' });
      await panel.getByText('Aucun commentaire pour l’instant.').waitFor();
      await panel.getByTestId('comment-new').getByRole('textbox').fill('Usure inégale côté intérieur.');
      await panel.getByRole('button', { name: 'Publier' }).click();
      await panel.getByText('Usure inégale côté intérieur.').waitFor();
      await axeCheck(page, 'the discussion of a field');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      const onField = await api(`/comments?filter[object_type]=inspection-fields&filter[object_id]=${fieldRecord}`, { token: tk });
      assert.equal(onField.body.meta.page.total, 1);
      assert.deepEqual(page.errors, []);

      const inspector = await signedIn(open, 'inspector@atelier.test', 'fr', { width: 1024, height: 768 });
      await inspector.goto('/notifications');
      await inspector.getByText(/Marie Gagnon vous a mentionné sur l’inspection « I-\d{4}-\d{6} »/).first().click();
      await inspector.waitForURL(/\/notifications\/view\//);
      await settles(() => inspector.getByTestId('notification-excerpt').innerText(), 'Merci de vérifier @Ivan Tremblay les plaquettes, svp.');
      await axeCheck(inspector, 'a mention notification');
      await inspector.getByTestId('notification-open').click();
      await inspector.waitForURL(`**/inspecpro/inspections/${id}`);
      await inspector.getByTestId('comment-thread').getByText('les plaquettes, svp.', { exact: false }).waitFor();
      // Held by the manager: the inspector sees the photo, cannot take or remove one.
      await settles(() => inspector.getByTestId(`photos-${fieldId}`).getAttribute('data-count'), '1');
      assert.equal(await inspector.getByTestId(`photos-${fieldId}`).getByTestId('photo-take').count(), 0);
      assert.deepEqual(inspector.errors, []);
    }));

  test('65. in English: the inspector, mentioned, answers in the thread', T, () =>
    journey(held.browser, '62', async (open) => {
      const tk = await token('manager@atelier.test');
      const ivan = (await api('/me', { token: await token('inspector@atelier.test') })).body.data.id;
      const list = await api('/inspections?sort=created_at&page[size]=1', { token: tk });
      const id = list.body.data[0].id;
      await create(tk, 'comments', { object_type: 'inspections', object_id: id, body: `@[Ivan Tremblay](${ivan}) can you check the tires?` });

      const page = await signedIn(open, 'inspector@atelier.test', 'en', { width: 1440, height: 900 });
      await page.getByTestId('notification-bell').click();
      await page.getByText('Marie Gagnon mentioned you on the inspection', { exact: false }).first().click();
      await page.getByTestId('notification-open').click();
      await page.waitForURL(`**/inspecpro/inspections/${id}`);
      const thread = page.getByTestId('comment-thread');
      await thread.getByRole('heading', { name: 'Comments' }).waitFor();
      const asked = thread.getByTestId('comment').filter({ hasText: 'can you check the tires?' });
      await asked.getByRole('button', { name: 'Reply' }).click();
      const reply = page.getByTestId('comment-reply');
      await reply.getByRole('textbox').fill('On it: front left is worn.');
      await reply.getByRole('button', { name: 'Reply' }).click();
      await asked.getByText('On it: front left is worn.').waitFor();
      await shot(page, '62-inspection-comment-reply');
      await axeCheck(page, 'the comments of an inspection, in English');
      const saved = await api(`/comments?filter[object_id]=${id}&filter[owner]=${ivan}`, { token: tk });
      assert.ok(saved.body.data.some((c) => c.attributes.body === 'On it: front left is worn.' && c.relationships.replyTo.data));
      assert.deepEqual(page.errors, []);
    }));
});
