// The job board (issue 27 "The shop's day"): a late repair waits to be assigned; the manager drags
// its card onto a technician (it is assigned to them), then onto "In progress" (started through the
// workflow's action, as the repair's own page would); the board and the dashboard say it is late.
// French at 1440×900 by dragging; English at 1024×768 (a tablet) through the card's menu instead.
// Then the month's technician efficiency (the demo's clocked hours).
// Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, create, fileBrowser, journey, login, one, settles, shot, token, vinOf } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

const RUNS = [
  { locale: 'fr', viewport: { width: 1440, height: 900 }, drag: true, w: { board: 'Tableau des travaux', late: 'en retard', held: 'En cours par', lateRepairs: /réparations? en retard/, month: 'Ce mois-ci' } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, drag: false, w: { board: 'Job board', late: 'late', held: 'Being done by', lateRepairs: /late repairs?/, month: 'This month' } },
];

/** Drags with the mouse in small steps, as dnd-kit's pointer sensor needs to see a move. */
async function drag(page, from, to) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height / 2, 60), { steps: 12 });
  await page.mouse.up();
}

describe('job board', () => {
  for (const { locale, viewport, drag: dragging, w } of RUNS)
    test(`27-board-${locale}-${viewport.width}. a late repair's card is given to a technician and started from the board`, T, () =>
      journey(held.browser, `27-board-${locale}-${viewport.width}`, async (open) => {
        const tk = await token('manager@atelier.test');
        const stamp = Date.now() % 1_000_000;
        const inspector = (await api('/users?filter[search]=inspector@atelier.test', { token: tk })).body.data[0];
        const vehicle = await create(tk, 'vehicles', { vin: vinOf(stamp) });
        const promised = new Date(Date.now() - 2 * 3_600_000).toISOString();
        const repair = await create(tk, 'repairs', { promised_at: promised }, { vehicle: one('vehicles', vehicle) });
        const code = (await api(`/repairs/${repair}`, { token: tk })).body.data.attributes.code;

        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        // The dashboard says repairs are late, and opens the board.
        const late = page.locator('[data-testid=dashboard-late-repairs]');
        await late.waitFor();
        assert.match(await late.innerText(), w.lateRepairs);
        await page.goto('/inspecpro/board');
        await page.getByRole('heading', { name: w.board }).waitFor();

        // The card waits to be assigned, marked late.
        const card = page.locator(`[data-testid=board-card][data-code="${code}"]`);
        await card.waitFor();
        const column = async () => card.locator('xpath=ancestor::*[@data-testid="board-column"]').getAttribute('data-state');
        assert.equal(await column(), 'pending');
        assert.equal(await card.getAttribute('data-late'), 'true');
        assert.ok((await card.innerText()).includes(w.late));
        await shot(page, `27-board-${locale}-${viewport.width}`);
        await axeCheck(page, 'the job board');

        // Given to the inspector: to do, theirs.
        if (dragging) await drag(page, card.locator('[data-testid=board-card-handle]'), page.locator(`[data-testid=board-technician-target][data-user="${inspector.id}"]`));
        else {
          await card.locator('[data-testid=board-card-menu]').click();
          await page.locator(`[data-testid=board-assign-to][data-user="${inspector.id}"]`).click();
        }
        await settles(async () => (await api(`/repairs/${repair}`, { token: tk })).body.data.attributes.state, 'assigned', 'the repair is assigned');
        await settles(column, 'assigned', 'the card moved to the to-do column');
        const assignees = (await api(`/repairs/${repair}?include=assignedToUsers`, { token: tk })).body.data.relationships.assignedToUsers.data;
        assert.deepEqual(assignees.map((u) => u.id), [inspector.id]);

        // Started: in progress, held by the manager who started it.
        if (dragging) await drag(page, card.locator('[data-testid=board-card-handle]'), page.locator('[data-testid=board-column][data-state=in_progress]'));
        else {
          await card.locator('[data-testid=board-card-menu]').click();
          await page.locator('[data-testid=board-action-start]').click();
        }
        await settles(async () => (await api(`/repairs/${repair}`, { token: tk })).body.data.attributes.state, 'in_progress', 'the repair is started');
        await settles(column, 'in_progress', 'the card moved to the in-progress column');
        await settles(async () => (await card.locator('[data-testid=board-card-people]').innerText()).startsWith(w.held), true, 'the card names who works on it');
        await shot(page, `27-board-started-${locale}-${viewport.width}`);

        // A move the workflow does not offer is refused on the board, nothing changes.
        if (dragging) {
          await drag(page, card.locator('[data-testid=board-card-handle]'), page.locator('[data-testid=board-column][data-state=pending]'));
          await page.waitForTimeout(300);
          assert.equal(await column(), 'in_progress');
          assert.equal((await api(`/repairs/${repair}`, { token: tk })).body.data.attributes.state, 'in_progress');
        }
        // Tidy: the demo's board stays as it was.
        await api(`/repairs/${repair}/cancel`, { method: 'POST', token: tk, body: {} });

        // The technicians' efficiency of the month: the demo's clocked hours, read and checked for access.
        await page.goto('/inspecpro/technicians');
        await page.locator('[data-testid=efficiency-period]').getByText(w.month, { exact: true }).click();
        // Answered (the demo's clocks may fall in the previous month on its first hours).
        await page.locator('[data-testid=efficiency-working-hours]').waitFor();
        await shot(page, `27-technicians-${locale}-${viewport.width}`);
        await axeCheck(page, 'the technicians’ efficiency');
      }),
    );
});
