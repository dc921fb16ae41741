// The inspection report and its share link (issue 11): a manager opens the completed demo
// inspection, downloads its PDF (its text holds the vehicle, the score, the verdict and the
// sections), makes a share link; the customer opens it in a fresh browser without signing in and
// reads the report in English (the customer's language) and downloads it; the manager revokes the
// link and the customer's page then says it is no longer valid. At 1024x768, axe on the public page.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { BASE, api, axeCheck, fileBrowser, journey, login, settles, shot, token } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();
const VIN = 'KM8K2CAB4PU001140';
const VIEW = { width: 1024, height: 768 };

/** Clicks and answers the text of the PDF the browser downloads. */
async function downloadedText(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  const bytes = await readFile(await download.path());
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  return { name: download.suggestedFilename(), text: (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text };
}

describe('inspection report', () => {
  test('66. the PDF of a completed inspection, a share link opened without signing in in English, revoked', T, () =>
    journey(held.browser, '62', async (open) => {
      const tk = await token('manager@atelier.test');
      // Completed, or in repair (or repaired) when an earlier journey (estimate approval) repaired what it found.
      const list = await api('/inspections?filter[state]=completed,repairing,repaired&include=vehicle', { token: tk });
      const inspection = list.body.data.find((i) => list.body.included.some((v) => v.type === 'vehicles' && v.id === i.relationships.vehicle.data?.id && v.attributes.vin === VIN));
      assert.ok(inspection, 'the demo has a completed inspection of the Kona');
      const { vehicle_score: score, score_data: scoreData } = inspection.attributes;

      const page = await open(VIEW);
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.goto(`/inspecpro/inspections/${inspection.id}`);
      await settles(() => page.getByTestId('inspection-page').getByTestId('inspection-state').getAttribute('data-state'), inspection.attributes.state);

      // The PDF, in French (the manager's language).
      const pdf = await downloadedText(page, () => page.getByTestId('inspection-report').click());
      assert.match(pdf.name, /^rapport-inspection-I-\d{4}-\d{6}\.pdf$/);
      for (const text of ['Rapport d’inspection', VIN, 'Hyundai', 'Kona', 'Note du véhicule', String(score), scoreData.note]) assert.ok(pdf.text.includes(text), `the PDF holds ${text}`);

      // A link for the customer: Transport Laval reads English, which the dialog offers by default.
      await page.getByTestId('inspection-share').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('share-active').getByText('Aucun lien actif.').waitFor();
      assert.equal(await dialog.getByTestId('share-locale').inputValue(), 'Anglais (langue du client)');
      await dialog.getByTestId('share-create').click();
      const url = await dialog.getByTestId('share-url').inputValue();
      assert.match(url, /\/shared\/inspections\/[A-Za-z0-9_-]{43}$/);
      await settles(() => dialog.getByTestId('share-active-item').count(), 1);
      await axeCheck(page, 'the share dialog');
      await shot(page, '62-share-dialog');

      // The customer: a fresh browser in English, no account.
      const customer = await held.browser.newContext({ viewport: VIEW, baseURL: BASE, locale: 'en-US' });
      try {
        const pub = await customer.newPage();
        const errors = [];
        pub.on('pageerror', (e) => errors.push(e.message));
        await pub.goto(new URL(url).pathname);
        await pub.getByRole('heading', { name: 'Inspection report' }).waitFor();
        await settles(() => pub.getByTestId('shared-score').innerText(), String(score));
        // The verdict in the link's language: the demo form's English one (issue 20 point 21).
        const verdictEn = { 'Bon état général': 'Good overall condition' }[scoreData.note] ?? scoreData.note;
        assert.equal(await pub.getByTestId('shared-verdict').innerText(), verdictEn);
        assert.equal(await pub.getByTestId('shared-vin').innerText(), VIN);
        const sections = await pub.getByTestId('shared-section').count();
        assert.ok(sections > 3, 'the sections are listed');
        await pub.getByTestId('shared-work-urgent').getByText('Needed now').waitFor();
        // The demo's worn tire and pads are safety items: first, in red, named so.
        const first = pub.getByTestId('shared-work-urgent').getByTestId('shared-finding').first();
        assert.match(await first.innerText(), /^Safety — /);
        assert.equal(await first.getAttribute('data-critical'), 'true');
        await pub.getByText('Download the report (PDF)').waitFor();
        await axeCheck(pub, 'the shared report page');
        await shot(pub, '62-shared-report');

        const shared = await downloadedText(pub, () => pub.getByTestId('shared-download').click());
        for (const text of ['Inspection report', VIN, 'Vehicle score', verdictEn]) assert.ok(shared.text.includes(text), `the shared PDF holds ${text}`);
        const summary = await api(`/public/inspection-reports/${url.split('/').pop()}/summary`);
        // The link's summary and PDF name the sections in the link's language (the staff PDF above is in French).
        for (const s of summary.body.sections) assert.ok(shared.text.includes(s.name), `the shared PDF names the section ${s.name}`);

        // The manager revokes it; the customer's page then refuses, in English.
        await dialog.getByTestId('share-revoke').click();
        await dialog.getByTestId('share-revoke-yes').click();
        await dialog.getByTestId('share-active').getByText('Aucun lien actif.').waitFor();
        await pub.reload();
        await pub.getByTestId('shared-gone').waitFor();
        assert.equal(await pub.getByTestId('shared-refused-title').innerText(), 'This link is no longer valid');
        await axeCheck(pub, 'the refused shared report page');
        await shot(pub, '62-shared-report-revoked');
        assert.equal((await api(`/public/inspection-reports/${url.split('/').pop()}`)).status, 410);
        assert.deepEqual(errors, []);
      } finally {
        await customer.close();
      }
      assert.deepEqual(page.errors, []);
    }));
});
