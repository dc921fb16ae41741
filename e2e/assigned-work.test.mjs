// Issue 20 point 19: the dashboard's "Mon travail assigné" leads from a request to the inspection
// made from it, and the inspections list fits its screen (no sideways scroll, "Ouvrir" whole) at
// 1440×900 and 1024×768, in French and English. Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, fileBrowser, journey, login, shot, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();
const one = (type, id) => ({ data: { type, id } });

async function create(tk, type, attributes, relationships = {}) {
  const r = await api(`/${type}`, { method: 'POST', token: tk, body: { data: { type, attributes, relationships } } });
  assert.equal(r.status, 201, `${type}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** The page and each table container: nothing wider than what shows it. */
const overflow = (page) =>
  page.evaluate(() => {
    const wide = (el) => el.scrollWidth > el.clientWidth + 1;
    const out = [];
    if (wide(document.scrollingElement)) out.push(`page ${document.scrollingElement.scrollWidth} > ${document.scrollingElement.clientWidth}`);
    for (const table of document.querySelectorAll('table')) {
      // The element that would scroll it sideways (Mantine's ScrollArea viewport).
      let box = table.parentElement;
      while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      if (box && wide(box)) out.push(`table container ${box.scrollWidth} > ${box.clientWidth}`);
    }
    return out;
  });

describe('assigned work and lists at tablet and desktop widths', () => {
  test('the dashboard links a request to its inspection; the inspections list fits', T, () =>
    journey(held.browser, 'assigned-work', async (open) => {
      const tk = await token('manager@atelier.test');
      const me = (await api('/me', { token: tk })).body.data.id;
      const vehicles = (await api('/vehicles?page[size]=1', { token: tk })).body.data;
      const forms = (await api('/inspection-forms?filter[is_active]=true&page[size]=1', { token: tk })).body.data;
      const request = await create(tk, 'requests', { type: 'inspection', priority: 30 }, { vehicle: one('vehicles', vehicles[0].id), assignedTo: one('users', me) });
      const inspection = await create(tk, 'inspections', {}, {
        vehicle: one('vehicles', vehicles[0].id),
        inspectionForm: one('inspection-forms', forms[0].id),
        request: one('requests', request.id),
      });

      for (const [width, height] of [[1024, 768], [1440, 900]]) {
        for (const lang of ['fr', 'en']) {
          const page = await open({ width, height });
          await page.addInitScript((l) => localStorage.setItem('GLOBAL_LOCALE', l), lang);
          await login(page, 'manager@atelier.test');
          await page.waitForURL('**/dashboard');
          const link = page.getByTestId('dashboard-assigned-work').getByTestId('assigned-work-inspection').filter({ hasText: inspection.attributes.code });
          await link.waitFor();
          assert.deepEqual(await overflow(page), [], `dashboard at ${width}×${height} (${lang})`);
          await shot(page, `assigned-work-${width}-${lang}`);

          await page.goto('/inspecpro/inspections');
          await page.locator('tbody tr').first().waitFor();
          assert.deepEqual(await overflow(page), [], `inspections list at ${width}×${height} (${lang})`);
          // Each row's open button is whole inside the list.
          const table = await page.locator('table').first().boundingBox();
          const opens = page.locator('tbody tr a[href^="/inspecpro/inspections/"]').filter({ hasText: lang === 'fr' ? 'Ouvrir' : 'Open' });
          // The first rows drawn are placeholders: wait for the real ones.
          await opens.first().waitFor();
          assert.ok((await opens.count()) > 0, 'open buttons');
          const button = await opens.first().boundingBox();
          assert.ok(button.x + button.width <= Math.min(table.x + table.width, width) + 1, `"Ouvrir" cut at ${width}: ${JSON.stringify(button)} in ${JSON.stringify(table)}`);
          await shot(page, `inspections-list-${width}-${lang}`);
          if (lang === 'fr' && width === 1024) {
            await page.goto('/dashboard');
            await link.click();
            await page.waitForURL(`**/inspecpro/inspections/${inspection.id}`);
          }
        }
      }
    }),
  );
});
