// The service manager's figures (issue 27): a repair finished today counts in the week's figures of
// the reports page; its "Repair orders" card opens the repairs behind it, the finished repair among
// them. French at 1440×900, English at 1024×768, axe-core clean. Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, create, fileBrowser, journey, login, one, shot, token, vinOf } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

const RUNS = [
  { locale: 'fr', viewport: { width: 1440, height: 900 }, w: { title: 'Indicateurs de l’atelier', repairs: 'Réparations', period: /^Terminées du \d{1,2} [a-zéû.]+ \d{4} au \d{1,2} [a-zéû.]+ \d{4}$/ } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, w: { title: 'Service figures', repairs: 'Repairs', period: /^Completed from [A-Z][a-z]{2} \d{1,2}, \d{4} to [A-Z][a-z]{2} \d{1,2}, \d{4}$/ } },
];

describe('reports', () => {
  for (const { locale, viewport, w } of RUNS)
    test(`27-reports-${locale}-${viewport.width}. the reports page shows the week's figures and opens the repairs behind one of them`, T, () =>
      journey(held.browser, `27-reports-${locale}-${viewport.width}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const me = (await api('/me', { token: tk })).body.data;
        const vehicle = await create(tk, 'vehicles', { vin: vinOf(Date.now() % 1_000_000) });
        const made = await api('/repairs?include=items', {
          method: 'POST',
          token: tk,
          body: { data: { type: 'repairs', relationships: { vehicle: one('vehicles', vehicle), items: { data: [{ type: 'repair-items', attributes: { detail: 'Vidange', time: '1', unit_price: 5000 } }] } } } },
        });
        assert.equal(made.status, 201, JSON.stringify(made.body));
        const repair = made.body.data.id;
        const code = made.body.data.attributes.code;
        for (const [action, body] of [
          ['assign', { data: { relationships: { assignedToUsers: { data: [{ type: 'users', id: me.id }] } } } }],
          ['start', {}],
          ['complete', {}],
        ]) {
          const res = await api(`/repairs/${repair}/${action}`, { method: 'POST', token: tk, body });
          assert.ok(res.status < 300, `${action}: ${JSON.stringify(res.body)}`);
        }

        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        // The dashboard shows the week's figures too.
        await page.locator('[data-testid=dashboard-service-figures] [data-testid=figure-repair-orders-value]').waitFor();
        await page.goto('/inspecpro/reports');
        await page.getByRole('heading', { name: w.title }).waitFor();
        const count = page.locator('[data-testid=service-figures] [data-testid=figure-repair-orders-value]');
        await count.waitFor();
        assert.ok(Number((await count.innerText()).replace(/\D/g, '')) >= 1, 'the week counts the finished repair');
        await page.locator('.recharts-surface').first().waitFor();
        await shot(page, `27-reports-${locale}-${viewport.width}`);
        await axeCheck(page, 'the reports page');

        // The figure opens the finished repairs of the week: the one just finished is there.
        await page.locator('[data-testid=service-figures] [data-testid=figure-repair-orders]').click();
        await page.waitForURL('**/inspecpro/repairs?**');
        assert.match(decodeURIComponent(page.url()), /filter\[completed_from\]=.*filter\[state\]=completed,validated/);
        await page.getByRole('heading', { name: w.repairs }).waitFor();
        await page.getByText(code, { exact: true }).waitFor();
        // The list says the period it shows.
        assert.match((await page.locator('[data-testid=noted-completed_from]').innerText()).trim(), w.period);
        await shot(page, `27-reports-repairs-${locale}-${viewport.width}`);
        await axeCheck(page, 'the repairs behind a figure');
      }),
    );
});
