// The customer's pages on a phone (issue 20 §15), 390×844, in French: the estimate's approval page
// answered (the thank-you title readable by its computed colours, no button label cut, the signed
// quote kept as a PDF that carries the signature), and the shared inspection report with each
// finding's answer, comment, action and photo (through the link). Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { BASE, api, axeCheck, carryOut, fileBrowser, journey, png, priceEstimate, shot, sign, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();
const PHONE = { width: 390, height: 844 };
const SIGNER = 'Josée Tremblay-Bélanger';

/** WCAG contrast of the element's text against the first opaque background behind it, from computed colours. */
function contrastOf(locator) {
  return locator.evaluate((el) => {
    const rgb = (c) => c.match(/[\d.]+/g).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const fg = rgb(getComputedStyle(el).color);
    let bg = [255, 255, 255];
    for (let n = el; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length < 4 || c[3] === 1) {
        bg = c.slice(0, 3);
        break;
      }
      // A tint over what is behind it: blended with white (the page's own background under a card).
      if (c[3] > 0) {
        bg = c.slice(0, 3).map((v) => v * c[3] + 255 * (1 - c[3]));
        break;
      }
    }
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    return { ratio: (hi + 0.05) / (lo + 0.05), fg: getComputedStyle(el).color, bg: `rgb(${bg.join(',')})` };
  });
}

/** Fails when a button's label is cut (its text wider than the label shows) or the button leaves the screen. */
async function labelWhole(button, what) {
  const m = await button.evaluate((el) => {
    const label = el.querySelector('.mantine-Button-label') ?? el;
    const box = el.getBoundingClientRect();
    return { scroll: label.scrollWidth, client: label.clientWidth, right: box.right, left: box.left, view: window.innerWidth, text: label.textContent };
  });
  assert.ok(m.scroll <= m.client + 1, `${what}: "${m.text}" is cut (${m.scroll} > ${m.client})`);
  assert.ok(m.left >= 0 && m.right <= m.view, `${what} leaves the screen: ${JSON.stringify(m)}`);
}

const noSideScroll = async (page) => assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth), 'the page scrolls sideways');

const PHOTO_COMMENT = 'Fissure au coin du phare, photo jointe.';

/**
 * The demo's assigned inspection carried out through the API (carryOut): one field given an action,
 * a comment and a photo (a finding). Answers its id.
 */
async function inspectedWithPhoto(tk) {
  const id = (await api('/inspections?filter[state]=assigned', { token: tk })).body.data[0].id;
  await carryOut(tk, id, async (fields) => {
    const field = fields.find((x) => x.attributes.touched);
    const found = await api(`/inspection-fields/${field.id}`, { method: 'PATCH', token: tk, body: { data: { type: 'inspection-fields', id: field.id, attributes: { action: 'repair', comment: PHOTO_COMMENT } } } });
    assert.equal(found.status, 200, JSON.stringify(found.body));
    const form = new FormData();
    form.append('attachment', new Blob([png(1200, 900)], { type: 'image/png' }), 'phare.png');
    const up = await fetch(`${BASE}/api/v1/uploads/inspection-fields/${field.id}/images`, { method: 'POST', headers: { Authorization: `Bearer ${tk}`, Accept: 'application/vnd.api+json' }, body: form });
    assert.equal(up.status, 201, await up.text());
  });
  return id;
}

/** A customer's phone: no session, French. */
async function phone(open) {
  const page = await open(PHONE);
  return page;
}

describe('the customer on a phone', () => {
  test('15a. answers the estimate, reads the thank-you, keeps the signed quote (PDF with the signature)', T, () =>
    journey(held.browser, '15a', async (open) => {
      const tk = await token('manager@atelier.test');
      const vehicles = await api('/vehicles?page[size]=50', { token: tk });
      const vehicle = vehicles.body.data.filter((v) => v.attributes.vin !== '5YJ3E1EA2KF317000').at(-1).id;
      const made = await api('/estimations?include=items', {
        method: 'POST',
        token: tk,
        body: { data: { type: 'estimations', relationships: { vehicle: { data: { type: 'vehicles', id: vehicle } }, items: { data: [{ type: 'estimation-items', attributes: { detail: 'Remplacer les quatre pneus d’hiver et équilibrer les roues' } }] } } } },
      });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      const id = made.body.data.id;
      const item = made.body.data.relationships.items.data[0].id;
      const { act } = await priceEstimate(tk, id, [{ type: 'estimation-items', id: item, attributes: { quantity: 4, unit_price: 123_456, time: 1.5 } }]);
      const sent = await act('send-client-approve', { data: { type: 'estimations', id, attributes: { send_email: false, locale: 'fr' } } });
      const url = new URL(sent.body.meta.approval.url);

      const page = await phone(open);
      await page.goto(url.pathname);
      const send = page.getByTestId('approval-send');
      await send.waitFor();
      await noSideScroll(page);
      await page.getByTestId('approval-accept-all').click();
      await labelWhole(send, 'the send button');
      await page.getByTestId('approval-signer').fill(SIGNER);
      await sign(page);
      await labelWhole(send, 'the send button');
      await shot(page, '15a-approval-phone');
      await send.click();

      // The thank-you: its title readable (computed colours, not only axe), the quote to keep.
      const title = page.getByTestId('approval-answered-title');
      await title.waitFor();
      assert.equal((await title.innerText()).trim(), 'Merci, votre réponse a été envoyée');
      const { ratio, fg, bg } = await contrastOf(title);
      assert.ok(ratio >= 4.5, `the thank-you title reads at ${ratio.toFixed(2)}:1 (${fg} on ${bg})`);
      const download = page.getByTestId('approval-download');
      await download.scrollIntoViewIfNeeded();
      await labelWhole(download, 'the quote’s link');
      await noSideScroll(page);
      await shot(page, '15a-answered-phone');
      await axeCheck(page, 'the answered approval page on a phone');
      const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), download.click()]);
      const bytes = await readFile(await file.path());
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
      const text = (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(/\s+/g, ' ');
      // The customer's decision and signature are on it (the caption under the signature's image).
      assert.match(text, new RegExp(`Signé par ${SIGNER}`));
      assert.match(text, /Accepté/);
      assert.ok(/\/Subtype\s*\/Image/.test(bytes.toString('latin1')), 'the signature is drawn as an image');
    }),
  );

  test('15b. the shared inspection report: each finding with its answer, comment, action and photo through the link, nothing cut', T, () =>
    journey(held.browser, '15b', async (open) => {
      const tk = await token('manager@atelier.test');
      const inspection = await inspectedWithPhoto(tk);
      const shared = await api(`/inspections/${inspection}/share`, { method: 'POST', token: tk, body: { data: { type: 'inspections', id: inspection, attributes: { expires_in_days: 7, locale: 'fr' } } } });
      assert.equal(shared.status, 200, JSON.stringify(shared.body));
      const url = new URL(shared.body.meta.share.url);

      const page = await phone(open);
      await page.goto(url.pathname);
      const findings = page.getByTestId('shared-finding');
      await findings.first().waitFor();
      await noSideScroll(page);
      await labelWhole(page.getByTestId('shared-download'), 'the report’s PDF button');
      // Every finding says its state and what to do.
      const n = await findings.count();
      for (let k = 0; k < n; k++) {
        assert.ok((await findings.nth(k).getByTestId('shared-finding-answer').innerText()).trim(), `finding ${k + 1} has its answer`);
        assert.ok((await findings.nth(k).getByTestId('shared-finding-action').innerText()).trim(), `finding ${k + 1} has its action`);
      }
      const withPhoto = findings.filter({ hasText: PHOTO_COMMENT });
      assert.equal((await withPhoto.getByTestId('shared-finding-comment').innerText()).trim(), PHOTO_COMMENT);
      // The photo through the share link (never a staff address), loaded without a session.
      const photo = withPhoto.getByTestId('shared-finding-photo');
      await photo.scrollIntoViewIfNeeded();
      const src = await photo.getAttribute('src');
      assert.ok(src.startsWith(`/api/v1/public/inspection-reports/${url.pathname.split('/').pop()}/photos/`), src);
      await page.waitForFunction((s) => [...document.images].some((i) => i.getAttribute('src') === s && i.complete && i.naturalWidth > 0), src);
      await shot(page, '15b-shared-phone');
      await axeCheck(page, 'the shared report on a phone');
    }),
  );
});
