// Issue 26, a photo-first report the customer approves from: on the tablet (1024×768) the inspector
// marks up the worn pads' photo (a circle, an arrow, a word) before it is saved, and a short clip
// goes with the finding; the estimate made from the inspection is sent for approval; the customer,
// on a phone (390×844), opens the shared report, sees the marked-up photo and the video, approves
// two jobs and declines one from that page; the advisor then sees the answers on the estimate.
// Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { BASE, api, axeCheck, fileBrowser, inspectWornPads, journey, login, png, priceEstimate, settles, shot, token, vinOf } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

/** An MP4 whose movie header says 6 s (the server reads the length from it), padded to 64 KB. */
function clip() {
  const box = (type, ...payload) => {
    const body = Buffer.concat(payload);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length + 8);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(6000, 16);
  const head = Buffer.concat([box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1')), box('moov', box('mvhd', mvhd))]);
  return Buffer.concat([head, box('free', Buffer.alloc(65_536 - head.length - 8))]);
}

/** How many pixels of a picture are the marks' red (the test photo has none: its blue is 120 everywhere). */
async function redPixels(bytes) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i] > 190 && data[i + 1] < 90 && data[i + 2] < 90) n++;
  return n;
}

/** A drag on the markup's stage, from and to fractions of its box. */
async function drag(page, from, to) {
  const box = await page.getByTestId('markup-stage').locator('canvas').first().boundingBox();
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 6 });
  await page.mouse.up();
}

const noSideScroll = async (page) => assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth), 'the page scrolls sideways');

describe('a photo-first report the customer approves from', () => {
  test('26. marked-up photo and video on the tablet, two jobs approved and one declined from the shared report on a phone', T, () =>
    journey(held.browser, '26-photo-report', async (open) => {
      const tk = await token('manager@atelier.test');
      const tablet = await open(TABLET);
      await login(tablet, 'manager@atelier.test');
      await tablet.waitForURL('**/dashboard');

      // The inspector, on the tablet: the pads' photo marked up before it is saved, and a clip.
      let padsField = null;
      const { inspection } = await inspectWornPads(tk, { vin: vinOf(Date.now() % 1_000_000) }, async ({ inspection: id, field, pads, structure }) => {
        padsField = field.id;
        const section = structure.sections.find((s) => s.subSections.some((sub) => sub.fields.some((f) => f.id === pads.id)));
        await tablet.goto(`/inspecpro/inspections/${id}`);
        await tablet.getByTestId(`section-tab-${section.id}`).click();
        const photos = tablet.getByTestId(`photos-${pads.id}`);
        await photos.getByRole('button', { name: 'Prendre une photo' }).waitFor();
        await photos.locator('input[type=file]').setInputFiles({ name: 'plaquettes.png', mimeType: 'image/png', buffer: png(1200, 900) });
        await tablet.getByTestId('markup-stage').locator('canvas').first().waitFor();
        // Touch targets a finger can use.
        for (const tool of ['markup-circle', 'markup-arrow', 'markup-text', 'markup-undo', 'markup-save', 'markup-cancel']) {
          const b = await tablet.getByTestId(tool).boundingBox();
          assert.ok(b.height >= 44 && b.width >= 44, `${tool} is ${b.width}×${b.height}`);
        }
        await drag(tablet, [0.5, 0.5], [0.62, 0.5]);
        await tablet.getByTestId('markup-arrow').click();
        await drag(tablet, [0.15, 0.15], [0.4, 0.4]);
        await tablet.getByTestId('markup-text').click();
        await tablet.getByTestId('markup-word').fill('Usé');
        await drag(tablet, [0.55, 0.8], [0.55, 0.8]);
        await settles(() => tablet.getByTestId('markup-stage').getAttribute('data-marks'), '3');
        await axeCheck(tablet, 'the photo markup on the tablet');
        await shot(tablet, '26-markup-tablet');
        await tablet.getByTestId('markup-save').click();
        await settles(() => photos.getAttribute('data-count'), '1');

        const form = new FormData();
        form.append('attachment', new Blob([clip()], { type: 'video/mp4' }), 'plaquettes.mp4');
        const up = await fetch(`${BASE}/api/v1/uploads/inspection-fields/${field.id}/video`, { method: 'POST', headers: { Authorization: `Bearer ${tk}`, Accept: 'application/vnd.api+json' }, body: form });
        assert.equal(up.status, 201, await up.text());
        const comment = await api(`/inspection-fields/${field.id}`, { method: 'PATCH', token: tk, body: { data: { type: 'inspection-fields', id: field.id, attributes: { comment: 'Plaquettes usées à 2 mm, disque rayé.' } } } });
        assert.equal(comment.status, 200, JSON.stringify(comment.body));
      });

      // The estimate from the inspection: the pads' job(s) from the finding and two more, priced and sent.
      const made = await api('/estimations?include=items', { method: 'POST', token: tk, body: { data: { type: 'estimations', attributes: { type: 'customer' }, relationships: { inspection: { data: { type: 'inspections', id: inspection } } } } } });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      const id = made.body.data.id;
      // The pads' job alone of the drafted ones (the demo's form finds more): three jobs to answer.
      const padsJob = made.body.included.find((i) => i.type === 'estimation-items' && i.relationships.inspectionField?.data?.id === padsField);
      assert.ok(padsJob, 'the pads’ finding drafted a job');
      const drafted = [{ type: 'estimation-items', id: padsJob.id, attributes: { quantity: 1, unit_price: 18_000, time: 1 } }];
      const { priced, act } = await priceEstimate(
        tk,
        id,
        [
          ...drafted,
          { type: 'estimation-items', attributes: { detail: 'Balais d’essuie-glace', quantity: 2, unit_price: 2_500, time: 0 } },
          { type: 'estimation-items', attributes: { detail: 'Filtre d’habitacle', quantity: 1, unit_price: 4_500, time: 0.3 } },
        ],
        { include: true },
      );
      const jobs = priced.body.included.filter((r) => r.type === 'estimation-items');
      assert.equal(jobs.length, 3);
      await act('send-client-approve', { data: { type: 'estimations', id, attributes: { send_email: false, locale: 'fr' } } });
      const shared = await api(`/inspections/${inspection}/share`, { method: 'POST', token: tk, body: { locale: 'fr' } });
      assert.equal(shared.status, 200, JSON.stringify(shared.body));
      const url = new URL(shared.body.meta.share.url);

      // The customer, on a phone: the report leads with the finding, its marked-up photo and video.
      const phone = await open(PHONE);
      await phone.goto(url.pathname);
      const finding = phone.getByTestId('shared-finding').filter({ hasText: 'Plaquettes avant' });
      await finding.waitFor();
      const photo = finding.getByTestId('shared-finding-photo');
      await settles(() => photo.evaluate((img) => img.complete && img.naturalWidth > 0), true, 'the photo loads');
      const src = await photo.getAttribute('src');
      const served = await fetch(`${BASE}${src}`);
      assert.equal(served.status, 200);
      assert.ok((await redPixels(Buffer.from(await served.arrayBuffer()))) > 500, 'the photo the customer sees carries the marks');
      const video = finding.getByTestId('shared-finding-video');
      assert.equal(await video.locator('track[kind=captions]').count(), 1);
      // Safari on iPhone asks for two bytes first: the video answers them.
      const probe = await fetch(`${BASE}${await video.getAttribute('src')}`, { headers: { Range: 'bytes=0-1' } });
      assert.equal(probe.status, 206);
      assert.equal(probe.headers.get('content-range'), 'bytes 0-1/65536');
      await noSideScroll(phone);

      // Two taps per job: the pads approved under their finding, the wipers approved, the filter declined.
      const jobCards = phone.getByTestId('report-job');
      await settles(() => jobCards.count(), jobs.length);
      const other = phone.getByTestId('report-other-jobs');
      const decide = async (card, name) => {
        await card.getByRole('button', { name }).scrollIntoViewIfNeeded();
        await card.getByRole('button', { name }).click();
      };
      assert.equal(await finding.getByTestId('report-job').count(), 1);
      // Each button's label whole on the phone.
      for (const b of await phone.getByTestId('report-job').getByRole('button').all()) {
        const m = await b.evaluate((el) => {
          const label = el.querySelector('.mantine-Button-label') ?? el;
          return { scroll: label.scrollWidth, client: label.clientWidth, text: label.textContent };
        });
        assert.ok(m.scroll <= m.client + 1, `"${m.text}" is cut (${m.scroll} > ${m.client})`);
      }
      await decide(finding.getByTestId('report-job'), 'J’approuve');
      await decide(other.getByTestId('report-job').filter({ hasText: 'essuie-glace' }), 'J’approuve');
      await decide(other.getByTestId('report-job').filter({ hasText: 'habitacle' }), 'Je refuse');
      await phone.getByTestId('report-signer').fill('Josée Tremblay');
      await axeCheck(phone, 'the shared report with its approval on a phone');
      await noSideScroll(phone);
      await shot(phone, '26-report-phone');
      await phone.getByTestId('report-send').click();
      await phone.getByTestId('report-answered').waitFor();
      assert.match(await phone.getByTestId('report-answered').innerText(), /Josée Tremblay/);
      await shot(phone, '26-report-answered-phone');
      assert.deepEqual(phone.errors, []);

      // A link in English shows the same answer, in English, on the phone.
      const english = await api(`/inspections/${inspection}/share`, { method: 'POST', token: tk, body: { locale: 'en' } });
      assert.equal(english.status, 200, JSON.stringify(english.body));
      const phoneEn = await open(PHONE);
      await phoneEn.goto(new URL(english.body.meta.share.url).pathname);
      await phoneEn.getByTestId('report-answered').waitFor();
      assert.match(await phoneEn.getByTestId('report-answered').innerText(), /Thank you, your answer was sent[\s\S]*Answered by Josée Tremblay/);
      assert.deepEqual(await phoneEn.getByTestId('report-job-decision').allInnerTexts(), ['Approved', 'Approved', 'Declined']);
      await noSideScroll(phoneEn);
      await axeCheck(phoneEn, 'the answered report in English on a phone');

      // The advisor sees the answers on the estimate.
      await tablet.goto(`/inspecpro/estimates/${id}`);
      await settles(() => tablet.getByTestId('customer-decision').count(), jobs.length);
      const decisions = await tablet.getByTestId('customer-decision').evaluateAll((els) => els.map((e) => e.getAttribute('data-decision')));
      assert.equal(decisions.filter((d) => d === 'declined').length, 1);
      assert.equal(decisions.filter((d) => d === 'approved').length, jobs.length - 1);
      await shot(tablet, '26-estimate-answered');
    }),
  );
});
