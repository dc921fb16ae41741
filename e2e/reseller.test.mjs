// Reseller billing as a reseller does it (issue 24): a package of 3 users made on the screen, an
// organization subscribed to it, the period's invoice made from the subscription, validated and paid
// from its button (its balance goes to zero); then the organization's manager, with 3 active users,
// cannot invite a fourth (the package's limit, said in the form). French at 1440×900, English at
// 1024×768. Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, create, field, fileBrowser, journey, login, one, settles, shot, token } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

const RUNS = [
  { locale: 'fr', viewport: { width: 1440, height: 900 }, w: { name: 'Nom', price: 'Prix par période', maximum: 'Utilisateurs au plus', organization: 'Organisation', package: 'Forfait', firstname: 'Prénom', lastname: 'Nom de famille', email: 'Courriel', limit: 'permet au plus 3 utilisateurs actifs' } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, w: { name: 'Name', price: 'Price per period', maximum: 'Maximum users', organization: 'Organization', package: 'Package', firstname: 'First name', lastname: 'Last name', email: 'Email', limit: 'allows at most 3 active users' } },
];

/** Runs a workflow action of the open record through its confirmation. */
async function act(page, type, action) {
  const button = page.locator(`[data-testid=${type}-actions-${action}]`);
  await page.locator(`[data-testid=${type}-actions-${action}], [data-testid=${type}-actions-more]`).first().waitFor();
  if (!(await button.isVisible())) await page.locator(`[data-testid=${type}-actions-more]`).click();
  await button.click();
  await page.locator(`[data-testid=${type}-actions-confirm]`).click();
}

/** Picks an option of a select of the drawer (the options open outside it, in the page). */
async function chooseIn(page, label, text) {
  const input = field(page.locator('[data-testid=record-drawer]'), label).first();
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: text }).first().click();
}

const recordId = (page) => new URL(page.url()).searchParams.get('id');

/** An organization of the reseller with its manager (its administrator role), made as the reseller's staff would. */
async function customer(tk, stamp) {
  const org = await create(tk, 'organizations', { name: `Garage e2e ${stamp}` });
  const roles = (await api(`/roles?filter[organization]=${org}&page[size]=50`, { token: tk })).body.data;
  const admin = roles.find((r) => r.attributes.key === 'administrator') ?? roles[0];
  const email = `gerant-${stamp}@e2e.test`;
  await create(tk, 'users', { firstname: 'Gérant', lastname: stamp, email, password: 'Gerant-2026-e2e' }, { organization: one('organizations', org), roles: { data: [{ type: 'roles', id: admin.id }] } });
  return { org, name: `Garage e2e ${stamp}`, email };
}

describe('reseller billing', () => {
  for (const { locale, viewport, w } of RUNS)
    test(`25-${locale}-${viewport.width}. a reseller sells a 3-user package, bills and collects it; a fourth user is refused`, T, () =>
      journey(held.browser, `25-${locale}-${viewport.width}`, async (open) => {
        const tk = await token('reseller@atelier.test');
        const stamp = `${locale}${viewport.width}-${Date.now() % 100000}`;
        const garage = await customer(tk, stamp);
        const page = await open(viewport);
        await login(page, 'reseller@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();

        // The package: 149 $ a month, 3 users at most.
        const planName = `Trio ${stamp}`;
        await page.goto('/reseller/packages');
        await page.locator('[data-testid=list-add]').click();
        const drawer = page.locator('[data-testid=record-drawer]');
        await field(drawer, w.name).fill(planName);
        await field(drawer, w.price).fill(locale === 'fr' ? '149,00' : '149.00');
        await field(drawer, w.maximum).fill('3');
        await shot(page, `25-package-${locale}-${viewport.width}`);
        await drawer.locator('[data-testid=record-save]').click();
        await drawer.locator('[data-testid=record-edit]').waitFor();
        const plan = recordId(page);
        assert.equal((await api(`/packages/${plan}`, { token: tk })).body.data.attributes.maximum_users, 3);

        // The organization subscribes to it.
        await page.goto('/reseller/subscriptions');
        await page.locator('[data-testid=list-add]').click();
        await chooseIn(page, w.organization, garage.name);
        await chooseIn(page, w.package, planName);
        await drawer.locator('[data-testid=record-save]').click();
        await drawer.locator('[data-testid=record-edit]').waitFor();
        await axeCheck(page, 'a subscription');
        await shot(page, `25-subscription-${locale}-${viewport.width}`);

        // Its period's invoice, validated, then paid from its button.
        await page.locator('[data-testid=subscription-invoice]').click();
        await page.waitForURL((u) => u.pathname === '/reseller/reseller-invoices' && u.searchParams.has('id'));
        const invoice = recordId(page);
        await act(page, 'reseller-invoices', 'validate');
        await page.locator('[data-testid=reseller-invoices-locked]').waitFor();
        const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=reseller-invoice-pdf]').click()]);
        assert.match(download.suggestedFilename(), locale === 'fr' ? /^facture-RF-\d{4}-\d{6}\.pdf$/ : /^invoice-RF-\d{4}-\d{6}\.pdf$/);
        await shot(page, `25-invoice-${locale}-${viewport.width}`);
        await page.locator('[data-testid=reseller-invoice-pay]').click();
        await page.waitForURL((u) => u.pathname === '/reseller/reseller-payments');
        const form = page.locator('[data-testid=record-drawer]');
        await form.locator('[data-testid=record-save]').waitFor();
        await axeCheck(page, 'a new reseller payment');
        await form.locator('[data-testid=record-save]').click();
        // Saved: the payment opens (payments are not edited: no Edit button).
        await page.waitForURL((u) => u.searchParams.has('id'));
        await settles(async () => (await api(`/reseller-invoices/${invoice}`, { token: tk })).body.data.attributes.payment_status, 'paid');

        // The reseller's home: the organization on its package, its users of the maximum, nothing owed.
        await page.goto('/reseller');
        const row = page.locator(`[data-testid=reseller-organization-${garage.org}]`);
        await row.waitFor();
        await settles(async () => (await row.innerText()).includes('1 / 3'), true, 'one user of three');
        await axeCheck(page, 'the reseller home');
        await shot(page, `25-home-${locale}-${viewport.width}`);

        // The manager has two colleagues: a fourth user is refused, saying the limit.
        const mtk = await token(garage.email, 'Gerant-2026-e2e');
        for (const n of [2, 3]) await create(mtk, 'users', { firstname: `Collègue ${n}`, lastname: stamp, email: `c${n}-${stamp}@e2e.test` });
        // Its subscription ends in three days and does not renew by itself: every page of the organization says so, and whom to call.
        const sub = (await api(`/subscriptions?filter[organization]=${garage.org}`, { token: tk })).body.data[0];
        const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
        assert.equal((await api(`/subscriptions/${sub.id}`, { method: 'PATCH', token: tk, body: { data: { type: 'subscriptions', id: sub.id, attributes: { end_time: soon, auto_renew: false } } } })).status, 200);
        const manager = await open(viewport);
        await login(manager, garage.email, 'Gerant-2026-e2e');
        await manager.waitForURL('**/dashboard');
        if (locale === 'en') await manager.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        const notice = manager.locator('[data-testid=subscription-notice]');
        await notice.waitFor();
        assert.equal(await notice.getAttribute('data-state'), 'renewable');
        assert.ok((await notice.innerText()).includes('Réseau Démo'), 'the notice names the reseller to contact');
        await shot(manager, `25-notice-${locale}-${viewport.width}`);
        await manager.goto('/admin/users');
        await manager.locator('[data-testid=list-add]').click();
        const users = manager.locator('[data-testid=record-drawer]');
        await field(users, w.firstname).fill('Quatrième');
        await field(users, w.lastname).first().fill(stamp);
        await field(users, w.email).fill(`c4-${stamp}@e2e.test`);
        await users.locator('[data-testid=record-save]').click();
        await settles(async () => (await users.innerText()).includes(w.limit), true, 'the limit is said');
        await shot(manager, `25-fourth-user-${locale}-${viewport.width}`);
        const count = (await api(`/users?filter[organization]=${garage.org}&page[size]=1`, { token: tk })).body.meta.page.total;
        assert.equal(count, 3, 'no fourth user was made');
      }),
    );
});
