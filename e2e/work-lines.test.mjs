// The lines of an estimate and of a work order (issue 20 §13): at 1024×768 and 1440×900, in French
// and English, the row of each line holds its essentials and fits the page (no sideways scroll), the
// rest is in the line's detail; a supplier reads by its name (never its id), a choice by its whole
// label, and a decimal in the user's language ("2,5" in French). Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, fileBrowser, journey, login, priceEstimate, shot, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();
const SUPPLIER = 'Pièces Lignes inc.';

const RUNS = [
  { locale: 'fr', viewport: { width: 1024, height: 768 }, w: { detail: (n) => `Détails de Élément ${n}`, hours: '2,5', quantity: '2,5', condition: 'À remplacer' } },
  { locale: 'fr', viewport: { width: 1440, height: 900 }, w: { detail: (n) => `Détails de Élément ${n}`, hours: '2,5', quantity: '2,5', condition: 'À remplacer' } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, w: { detail: (n) => `Details of Item ${n}`, hours: '2.5', quantity: '2.5', condition: 'To replace' } },
];

/** Fails when the page, or the table in its box, scrolls sideways: every column is within sight. */
async function fitsWidth(page, selector) {
  const m = await page.evaluate((sel) => {
    const table = document.querySelector(sel);
    const box = table.parentElement.getBoundingClientRect();
    const own = table.getBoundingClientRect();
    return { page: document.scrollingElement.scrollWidth, view: window.innerWidth, table: table.scrollWidth, tableRight: own.right, boxRight: box.right, boxWidth: table.parentElement.clientWidth };
  }, selector);
  assert.ok(m.page <= m.view, `the page scrolls sideways: ${JSON.stringify(m)}`);
  assert.ok(m.table <= m.boxWidth + 1 && m.tableRight <= m.boxRight + 1, `the table is wider than its box: ${JSON.stringify(m)}`);
}

/** What a line's field shows: its input's value, or its text when read only. */
const shown = (locator) => locator.evaluate((el) => (el.tagName === 'INPUT' ? el.value : el.textContent.trim()));

/** Fails when a field's text is cut (wider than its box shows). */
async function notCut(locator, what) {
  const { scroll, client, value } = await locator.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, value: el.value ?? el.textContent }));
  assert.ok(scroll <= client + 1, `${what} "${value}" is cut (${scroll} > ${client})`);
}

describe('line layouts', () => {
  let setup;
  const prepare = async () => {
    if (setup) return setup;
    const tk = await token('manager@atelier.test');
    const supplier = await api('/suppliers', { method: 'POST', token: tk, body: { data: { type: 'suppliers', attributes: { company_name: SUPPLIER } } } });
    assert.equal(supplier.status, 201, JSON.stringify(supplier.body));
    const supplierId = supplier.body.data.id;
    // A vehicle without work in progress (the demo's Tesla has its work order open).
    const vehicles = await api('/vehicles?page[size]=50', { token: tk });
    const vehicle = vehicles.body.data.find((v) => v.attributes.vin !== '5YJ3E1EA2KF317000').id;
    // Described, then priced by its parts' and labour's phases, which end: its prices and hours read only.
    const described = (detail) => ({ type: 'estimation-items', attributes: { detail, condition: 'to_replace', urgency: 'urgent' } });
    const estimate = await api('/estimations?include=items', {
      method: 'POST',
      token: tk,
      body: { data: { type: 'estimations', relationships: { vehicle: { data: { type: 'vehicles', id: vehicle } }, items: { data: [described('Remplacer les plaquettes de frein avant et rectifier les disques'), described('Permutation des pneus')] } } } },
    });
    assert.equal(estimate.status, 201, JSON.stringify(estimate.body));
    const id = estimate.body.data.id;
    const priced = estimate.body.data.relationships.items.data.map(({ id: itemId }, k) => ({
      type: 'estimation-items',
      id: itemId,
      attributes: { part: 'Plaquettes céramique avant', part_number: 'HY-58101-J9A00', quantity: 2.5, unit_price: 8950, time: k === 0 ? 2.5 : 0.5 },
      relationships: { supplier: { data: { type: 'suppliers', id: supplierId } } },
    }));
    await priceEstimate(tk, id, priced);
    // The demo's work order in progress, its first item bought from the supplier, 2.5 of it.
    const repairs = await api('/repairs?filter[state]=in_progress&include=items', { token: tk });
    const repair = repairs.body.data[0];
    const first = repair.relationships.items.data[0].id;
    const fixed = await api(`/repair-items/${first}`, {
      method: 'PATCH',
      token: tk,
      body: { data: { type: 'repair-items', id: first, attributes: { quantity: 2.5 }, relationships: { supplier: { data: { type: 'suppliers', id: supplierId } } } } },
    });
    assert.equal(fixed.status, 200, JSON.stringify(fixed.body));
    setup = { estimate: id, repair: repair.id, supplierId };
    return setup;
  };

  for (const { locale, viewport, w } of RUNS)
    test(`13-${locale}-${viewport.width}. an estimate's and a work order's lines fit the width, names and numbers in the locale`, T, () =>
      journey(held.browser, `13-${locale}-${viewport.width}`, async (open) => {
        const { estimate, repair, supplierId } = await prepare();
        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();

        // The estimate: a draft, its prices and hours read only (no phase held).
        await page.goto(`/inspecpro/estimates/${estimate}`);
        const table = page.locator('[data-testid=lines-table-estimation-items]');
        await table.waitFor();
        await fitsWidth(page, '[data-testid=lines-table-estimation-items]');
        const first = table.locator('[data-testid=line-row]').first();
        assert.equal((await first.locator('[data-line-field=time]').innerText()).trim(), w.hours);
        await first.getByRole('button', { name: w.detail(1) }).click();
        const detail = table.locator('[data-line-detail]').first();
        const supplier = (await detail.locator('[data-line-field=supplier]').innerText()).trim();
        assert.equal(supplier, SUPPLIER);
        assert.ok(!(await table.innerText()).includes(supplierId), 'no supplier id on the screen');
        // A choice by its whole label, a part by its whole name: read, or in an input that shows it all.
        assert.equal(await shown(detail.locator('[data-line-field=condition]')), w.condition);
        assert.equal(await shown(detail.locator('[data-line-field=part]')), 'Plaquettes céramique avant');
        for (const name of ['condition', 'urgency', 'part']) await notCut(detail.locator(`[data-line-field=${name}]`), name);
        await fitsWidth(page, '[data-testid=lines-table-estimation-items]');
        await shot(page, `13-estimate-${locale}-${viewport.width}`);
        await axeCheck(page, 'the estimate’s lines');

        // The work order: the same layout, read with its own selects and clock.
        await page.goto(`/inspecpro/repairs/${repair}`);
        const order = page.locator('[data-testid=lines-view-repair-items]');
        await order.waitFor();
        await fitsWidth(page, '[data-testid=lines-view-repair-items]');
        await order.locator('[data-testid=line-row]').first().getByRole('button', { name: w.detail(1) }).click();
        const line = order.locator('[data-line-detail]').first();
        assert.equal((await line.locator('[data-line-field=supplier]').innerText()).trim(), SUPPLIER);
        assert.equal((await line.locator('[data-line-field=quantity]').innerText()).trim(), w.quantity);
        assert.ok(!(await order.innerText()).includes(supplierId), 'no supplier id on the work order');
        await fitsWidth(page, '[data-testid=lines-view-repair-items]');
        await shot(page, `13-work-order-${locale}-${viewport.width}`);
        await axeCheck(page, 'the work order’s lines');
      }),
    );
});
