// Settings (issue 12) in the browser. In French at 1440x900, the demo manager opens Settings from
// the menu: the estimations module (the default hourly rate in dollars and the default tax group,
// saved and still there after a reload; a negative rate and a callback address on 127.0.0.1 refused
// under their fields, nothing saved), then a tax group's rate edited with the line editor (a
// percentage over 100 refused on its cell first). In English at 1024x768: the same values under English
// labels, the tax group, the callbacks screen (the secret shown, regenerated; the delivery log).
// axe on each screen. Run through e2e/run.mjs: its server runs without CALLBACKS_ALLOW_PRIVATE, so
// local and private callback addresses are refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, field, fileBrowser, journey, login, settles, shot, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();
const RATE = 'estimations.default_hourly_rate';
const GROUP = 'estimations.default_tax_group';
const APPROVED = 'estimations.callback_url_approved';
const GROUP_NAME = 'Pneus et recyclage';

/** The organization's options: the map and each one's id by name. */
async function options(tk) {
  const r = await api('/options?page[size]=100&add_data=map', { token: tk });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return { map: r.body.meta.map, ids: new Map(r.body.data.map((o) => [o.attributes.name, o.id])) };
}

async function setOption(tk, id, value) {
  const r = await api(`/options/${id}`, { method: 'PATCH', token: tk, body: { data: { type: 'options', id, attributes: { value } } } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

/** The rates of a tax group's taxes, in order. */
async function ratesOf(tk, id) {
  const r = await api(`/tax-groups/${id}?include=taxes`, { token: tk });
  const byId = new Map(r.body.included.map((x) => [x.id, x.attributes]));
  return r.body.data.relationships.taxes.data.map((ref) => Number(byId.get(ref.id).rate));
}

/** Opens a settings screen from the side menu (the Settings app on the rail, then its item). */
async function openFromMenu(page, item, heading) {
  await page.locator('[data-testid=app-settings]').click();
  await page.locator('[data-testid=section-menu]').getByRole('link', { name: item, exact: true }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

describe('settings', () => {
  test('80. the estimations settings and a tax group in French, then in English with the callbacks', T, async () => {
    const tk = await token('manager@atelier.test');
    const before = await options(tk);
    const groups = (await api('/tax-groups?page[size]=100&sort=name', { token: tk })).body.data;
    // Another of the organization's groups than the current default, to pick on the screen.
    const target = groups.find((g) => g.id !== before.map[GROUP] && g.attributes.name.startsWith('Ontario'));
    const made = await api('/tax-groups?include=taxes', {
      method: 'POST',
      token: tk,
      body: {
        data: {
          type: 'tax-groups',
          attributes: { name: GROUP_NAME },
          relationships: {
            taxes: {
              data: [
                { type: 'taxes', attributes: { code: 'TPS', rate: '5', type: 'percentage' } },
                { type: 'taxes', attributes: { code: 'Recyclage', rate: '4.5', type: 'amount' } },
              ],
            },
          },
        },
      },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const madeId = made.body.data.id;
    try {
      await journey(held.browser, '80-fr', async (open) => {
        const page = await open({ width: 1440, height: 900 });
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        await openFromMenu(page, 'Estimations', 'Estimations');
        const rate = field(page, 'Taux horaire par défaut');
        await settles(() => rate.inputValue(), (before.map[RATE] / 100).toFixed(2).replace('.', ','));
        await rate.fill('135,75');
        const group = field(page, 'Groupe de taxes par défaut').first();
        await group.click();
        await page.getByRole('option', { name: target.attributes.name }).click();
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await page.getByText('Paramètres enregistrés').waitFor();
        await settles(async () => (await options(tk)).map[RATE], 13_575);
        assert.equal((await options(tk)).map[GROUP], target.id);

        // Kept after a reload.
        await page.reload();
        await settles(() => field(page, 'Taux horaire par défaut').inputValue(), '135,75');
        await settles(() => field(page, 'Groupe de taxes par défaut').first().inputValue(), target.attributes.name);
        await axeCheck(page, 'the estimations settings');
        await shot(page, '80-settings-estimations-fr');

        // Bad values under their fields, nothing saved: a negative amount (checked on the screen, in
        // dollars) and a local callback address (the server's message).
        await field(page, 'Taux horaire par défaut').fill('-5');
        await field(page, 'Rappel : estimation approuvée').fill('http://127.0.0.1/atelier');
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await page.getByText('L’adresse 127.0.0.1 est locale ou privée : les rappels ne peuvent viser qu’Internet.').waitFor();
        await page.getByText('Le montant ne peut pas être négatif.').waitFor();
        await settles(() => field(page, 'Taux horaire par défaut').getAttribute('aria-invalid'), 'true');
        await shot(page, '80-settings-estimations-errors-fr');
        await axeCheck(page, 'the estimations settings with errors');
        const after = (await options(tk)).map;
        assert.equal(after[RATE], 13_575);
        assert.equal(after[APPROVED], null);

        // Taxes: a rate of the group edited with the line editor.
        await openFromMenu(page, 'Taxes', 'Groupes de taxes');
        await page.getByText(GROUP_NAME, { exact: true }).click();
        const view = page.locator('[data-testid="lines-view-taxes"]');
        await view.getByRole('cell', { name: /^5\s%$/ }).waitFor();
        await view.getByRole('cell', { name: /^4,50\s\$$/ }).waitFor();
        await page.locator('[data-testid=record-edit]').click();
        const editor = page.locator('[data-testid="lines-taxes"]');
        // Over 100 %: the input takes it (an amount per unit may be more), the server refuses it.
        await editor.getByLabel('Taux (Taxe 1)').fill('120');
        await page.locator('[data-testid=record-save]').click();
        await page.getByText('Un pourcentage ne peut pas dépasser 100.').first().waitFor();
        await settles(() => editor.getByLabel('Taux (Taxe 1)').getAttribute('aria-invalid'), 'true');
        assert.deepEqual(await ratesOf(tk, madeId), [5, 4.5]);
        await axeCheck(page, 'a tax group with an error on a rate');
        await shot(page, '80-settings-taxes-error-fr');
        await editor.getByLabel('Taux (Taxe 1)').fill('9,975');
        await page.locator('[data-testid=record-save]').click();
        await page.locator('[data-testid=record-edit]').waitFor();
        await settles(async () => (await ratesOf(tk, madeId)).join(' '), '9.975 4.5');
        await view.getByRole('cell', { name: /^9,975\s%$/ }).waitFor();
        await shot(page, '80-settings-taxes-fr');
        assert.deepEqual(page.errors, []);
      });

      await journey(held.browser, '80-en', async (open) => {
        const page = await open({ width: 1024, height: 768 });
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        await page.goto('/settings/estimations');
        await page.getByRole('heading', { name: 'Estimates', level: 1 }).waitFor();
        await settles(() => field(page, 'Default hourly rate').inputValue(), '135.75');
        await settles(() => field(page, 'Default tax group').first().inputValue(), target.attributes.name);
        await page.getByText('In dollars, the labour rate of new lines.').waitFor();
        await axeCheck(page, 'the estimations settings in English');
        await shot(page, '80-settings-estimations-en');

        // A bad value in English: the server's message in English.
        await field(page, 'Callback: estimate approved').fill('http://127.0.0.1/atelier');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('The address 127.0.0.1 is local or private: callbacks can only reach the Internet.').waitFor();
        assert.equal((await options(tk)).map[APPROVED], null);

        await page.goto('/settings/taxes');
        await page.getByRole('heading', { name: 'Tax groups', level: 1 }).waitFor();
        await page.getByText(GROUP_NAME, { exact: true }).click();
        const view = page.locator('[data-testid="lines-view-taxes"]');
        await view.getByRole('cell', { name: 'Recyclage' }).waitFor();
        await view.getByRole('cell', { name: '9.975%', exact: true }).waitFor();
        await view.getByRole('cell', { name: '$4.50', exact: true }).waitFor();
        await axeCheck(page, 'a tax group in English');
        await shot(page, '80-settings-taxes-en');
        await page.keyboard.press('Escape');

        // Callbacks: the secret, hidden until asked for, then regenerated after a confirmation.
        await page.goto('/settings/callbacks');
        await page.getByRole('heading', { name: 'Callbacks (webhooks)', level: 1 }).waitFor();
        await page.getByRole('button', { name: 'Show the secret' }).click();
        const secret = page.getByTestId('callback-secret');
        await secret.waitFor();
        const first = await secret.innerText();
        assert.match(first, /\S{32,}/);
        await page.getByRole('button', { name: 'Generate a new secret' }).click();
        await page.getByRole('dialog').getByText('The next deliveries will be signed with the new secret', { exact: false }).waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Generate a new secret' }).click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await settles(async () => (await secret.innerText()) !== first, true);
        const stored = await api('/callbacks/secret', { token: tk });
        assert.equal(stored.body.data.attributes.secret, await secret.innerText());
        // The delivery log: the demo's delivery of a completed inspection.
        await page.getByRole('heading', { name: 'Delivery log', level: 2 }).waitFor();
        const delivered = page.getByRole('row').filter({ hasText: 'Inspection completed' }).first();
        await delivered.getByRole('cell', { name: 'Delivered', exact: true }).waitFor();
        await delivered.getByRole('cell', { name: '200', exact: true }).waitFor();
        await axeCheck(page, 'the callbacks screen');
        await shot(page, '80-settings-callbacks-en');
        await page.getByRole('button', { name: 'Hide the secret' }).click();
        await secret.waitFor({ state: 'detached' });
        assert.deepEqual(page.errors, []);
      });
    } finally {
      // The journeys after this one read Garage Démo as the demo left it.
      await setOption(tk, before.ids.get(RATE), before.map[RATE]);
      await setOption(tk, before.ids.get(GROUP), before.map[GROUP]);
      await api(`/tax-groups/${madeId}`, { method: 'DELETE', token: tk });
    }
  });
});
