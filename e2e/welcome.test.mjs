// Issue 8, items 6, 7, 8 and 14: a new hire's invitation link, a dashboard without fake zeros or
// refused calls, recent activity in sentences, the location selector of a restricted user.
// Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, field, journey, launch, login, mailText, shot, token, waitForMail, BASE } from './helpers.mjs';

const T = { timeout: 120_000 };
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The invitation link of the newest invitation mail to an address. */
const invitationLinkOf = (mail) => {
  const m = /(https?:\/\/[^\s"'<>\\]+\/password\/email\?[^\s"'<>\\]+)/.exec(mailText(mail).replace(/\\u0026/g, '&').replace(/&amp;/g, '&'));
  return m ? m[1] : null;
};

/** Every API answer of the page with a status of 400 or more, as "404 GET /api/v1/…". */
function watchRefusals(page) {
  const bad = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && r.status() >= 400) bad.push(`${r.status()} ${r.request().method()} ${url.pathname}${url.search}`);
  });
  return bad;
}

const switchTo = async (page, language) => page.locator('[data-testid=language-switcher]').getByText(language, { exact: true }).click();

describe('welcome', () => {
  test('60. an invited new hire opens the link, chooses a password and lands signed in on the dashboard', T, () =>
    journey(browser, '60', async (open) => {
      const manager = await token('manager@atelier.test');
      const email = `nina.welcome-${Date.now()}@atelier.test`;
      const created = await api('/users', {
        method: 'POST',
        token: manager,
        body: { data: { type: 'users', attributes: { firstname: 'Nina', lastname: 'Bienvenue', email, locale: 'fr' } } },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const id = created.body.data.id;

      // The manager sends the invitation from the user's record.
      const admin = await open({ width: 1440, height: 900 });
      await login(admin, 'manager@atelier.test');
      await admin.waitForURL('**/dashboard');
      await admin.goto(`/admin/users?id=${id}&action=view`);
      await admin.locator('[data-testid=user-invite]').click();
      const mail = await waitForMail(email, (m) => Boolean(invitationLinkOf(m)));
      assert.match(String(mail.text ?? mailText(mail)), /Choisissez votre mot de passe ici/);
      const link = invitationLinkOf(mail);
      assert.ok(link.startsWith(`${BASE}/password/email?`), link);

      // The link opens "choose your password", not "forgot password".
      const page = await open({ width: 1440, height: 900 });
      const refused = watchRefusals(page);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Bienvenue ! Choisissez votre mot de passe' }).waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Mot de passe oublié' }).count(), 0);
      assert.equal(await field(page, 'Courriel').inputValue(), email);
      const pw = field(page, 'Mot de passe');
      await pw.fill('abc');
      assert.equal(await page.locator('[data-rule=min_length]').getAttribute('data-met'), 'false');
      await shot(page, '60-invitation-fr-1440');
      const chosen = 'Premier-Jour-2026';
      await pw.fill(chosen);
      for (const rule of ['min_length', 'digit', 'letter', 'uppercase', 'lowercase'])
        assert.equal(await page.locator(`[data-rule=${rule}]`).getAttribute('data-met'), 'true', rule);
      await field(page, 'Confirmation du mot de passe').fill(chosen);
      await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
      await page.getByText('Bonjour Nina Bienvenue.').waitFor();
      await shot(page, '60-invited-signed-in-fr-1440');
      assert.deepEqual(refused, [], 'the new hire’s pages were answered without refusal');

      // The same link a second time: a clear message and a way forward, in English too.
      const again = await open({ width: 1024, height: 768 });
      await again.goto(link);
      await field(again, 'Mot de passe').fill('Autre-Passe-2026');
      await field(again, 'Confirmation du mot de passe').fill('Autre-Passe-2026');
      await again.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
      await again.getByText('Ce lien d’invitation n’est plus valide : il a expiré ou a déjà servi.').waitFor();
      await again.getByRole('link', { name: 'Recevoir un nouveau lien' }).waitFor();
      await shot(again, '60-invitation-used-fr-1024');
      await switchTo(again, 'Anglais');
      await again.getByText('This invitation link is no longer valid: it has expired or was already used.').waitFor();
      await shot(again, '60-invitation-used-en-1024');
      await again.getByRole('link', { name: 'Sign in' }).click();
      await again.waitForURL('**/login');
      // The password chosen the first time is the one that works.
      assert.equal((await api('/login', { method: 'POST', body: { email, password: chosen } })).status, 200);

      // An English-speaking hire gets the English form at 1024×768.
      const en = await open({ width: 1024, height: 768 });
      await en.goto('/login');
      await switchTo(en, 'Anglais');
      await en.goto(link.replace(/token=[^&]+/, 'token=not-a-real-token'));
      await en.getByRole('heading', { name: 'Welcome! Choose your password' }).waitFor();
      await shot(en, '60-invitation-en-1024');
    }));

  test('61. the dashboard of each demo account makes no refused call and shows no card of a type the server lacks, and the inspections, estimations and repairs cards', T, () =>
    journey(browser, '61', async (open) => {
      for (const email of ['manager@atelier.test', 'inspector@atelier.test', 'admin@atelier.test', 'reseller@atelier.test', 'manager2@atelier.test']) {
        const page = await open({ width: 1440, height: 900 });
        const refused = watchRefusals(page);
        await login(page, email);
        await page.waitForURL('**/dashboard');
        await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        assert.deepEqual(refused, [], `${email}: calls answered 4xx on the dashboard`);
        // Inspections, estimations and repairs are served: a card for those who may list them.
        if (email === 'manager@atelier.test') {
          await page.locator('[data-testid=dashboard-inspections]').waitFor();
          await page.locator('[data-testid=dashboard-estimations]').waitFor();
          await page.locator('[data-testid=dashboard-repairs]').waitFor();
        }
        await page.context().close();
      }
      // The manager's requests card counts per state, as the list does, in one call.
      const manager = await token('manager@atelier.test');
      const counts = (await api('/requests/list/count', { token: manager })).body.meta.counts;
      const page = await open({ width: 1440, height: 900 });
      const calls = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith('/api/v1/requests')) calls.push(u.pathname);
      });
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      const card = page.locator('[data-testid=dashboard-requests]');
      await card.locator('[data-state=draft]').getByText(String(counts.draft), { exact: true }).waitFor();
      assert.equal(await card.locator('[data-state=assigned] [data-count]').textContent(), String(counts.assigned));
      await page.waitForLoadState('networkidle');
      assert.equal(calls.filter((p) => p === '/api/v1/requests/list/count').length, 1, calls.join(' '));
    }));

  test('62. recent activity reads as sentences in French and in English, and opens the record', T, () =>
    journey(browser, '62', async (open) => {
      const manager = await token('manager@atelier.test');
      const users = await api('/users?filter[search]=inspector', { token: manager });
      const inspector = users.body.data.find((u) => u.attributes.email === 'inspector@atelier.test');
      const vin = '1FTFW1ET5DFC10312';
      const created = await api('/requests', { method: 'POST', token: manager, body: { data: { type: 'requests', attributes: { type: 'inspection', vehicle_vin: vin } } } });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const id = created.body.data.id;
      // Named by its code (D-2026-0007), as the list and the record's title name it.
      const code = created.body.data.attributes.code;
      assert.match(code, /^D-\d{4}-\d{4}$/);
      const assigned = await api(`/requests/${id}/assign`, { method: 'POST', token: manager, body: { data: { type: 'users', id: inspector.id } } });
      assert.equal(assigned.status, 200, JSON.stringify(assigned.body));

      for (const size of SIZES) {
        const page = await open(size);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        const activity = page.locator('[data-testid=dashboard-activity]');
        const fr = activity.locator('[data-testid=activity-sentence]').filter({ hasText: `Marie Gagnon a assigné la demande ${code} à Ivan Tremblay` });
        await fr.waitFor();
        const sentences = await activity.locator('[data-testid=activity-sentence]').allTextContents();
        for (const s of sentences) assert.doesNotMatch(s, /^(created|updated|deleted|assign|invite)$|dashboard:/, s);
        await activity.scrollIntoViewIfNeeded();
        await shot(page, `62-activity-fr-${size.width}`);
        await switchTo(page, 'Anglais');
        const en = activity.locator('[data-testid=activity-sentence]').filter({ hasText: `Marie Gagnon assigned request ${code} to Ivan Tremblay` });
        await en.waitFor();
        await activity.scrollIntoViewIfNeeded();
        await shot(page, `62-activity-en-${size.width}`);
        if (size.width === 1440) {
          await en.getByRole('link', { name: `request ${code}` }).click();
          await page.waitForURL(`**/vehicles/requests?id=${id}&action=view`);
          await page.locator('[data-testid=record-drawer]').getByText(vin).first().waitFor();
          await shot(page, '62-activity-opened-record-en');
        } else {
          // The entry's date opens the entry, which reads as the same sentence.
          await en.locator('xpath=ancestor::tr').getByRole('link').last().click();
          await page.waitForURL('**/logs/view/*');
          await page.locator('[data-testid=log-sentence]').getByText(`Marie Gagnon assigned request ${code} to Ivan Tremblay`).waitFor();
          await shot(page, '62-log-entry-en-1024');
        }
      }
    }));

  test('63. the restricted inspector sees their own location in the selector, without asking for the locations list', T, () =>
    journey(browser, '63', async (open) => {
      for (const size of SIZES) {
        const page = await open(size);
        const refused = watchRefusals(page);
        const locationCalls = [];
        page.on('request', (r) => {
          if (new URL(r.url()).pathname === '/api/v1/locations') locationCalls.push(r.url());
        });
        await login(page, 'inspector@atelier.test');
        await page.waitForURL('**/dashboard');
        await page.locator('header').getByText('Garage Démo Montréal', { exact: true }).first().waitFor();
        await page.waitForLoadState('networkidle');
        assert.deepEqual(locationCalls, []);
        assert.deepEqual(refused, []);
        await shot(page, `63-inspector-selector-fr-${size.width}`);
      }

      // A service advisor attached to Laval, not restricted, who may not list locations: the
      // selector offers their own location, and no page asks for GET /locations (a 403).
      const manager = await token('manager@atelier.test');
      const roles = await api('/roles?filter[search]=Conseiller', { token: manager });
      const advisorRole = roles.body.data.find((r) => r.attributes.name === 'Conseiller technique');
      const locations = await api('/locations?filter[search]=Laval', { token: manager });
      const laval = locations.body.data.find((l) => l.attributes.name === 'Garage Démo Laval');
      const email = `advisor-${Date.now()}@atelier.test`;
      const created = await api('/users', {
        method: 'POST',
        token: manager,
        body: {
          data: {
            type: 'users',
            attributes: { firstname: 'Sophie', lastname: 'Conseil', email, locale: 'fr', password: 'Conseil-2026-ok' },
            relationships: { roles: { data: [{ type: 'roles', id: advisorRole.id }] }, allowedLocations: { data: [{ type: 'locations', id: laval.id }] } },
          },
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const page = await open({ width: 1440, height: 900 });
      const refused = watchRefusals(page);
      await login(page, email, 'Conseil-2026-ok');
      await page.waitForURL('**/dashboard');
      await page.waitForLoadState('networkidle');
      await page.locator('[data-testid=global-locations]').click();
      await page.getByRole('option', { name: 'Garage Démo Laval' }).waitFor();
      await shot(page, '63-advisor-selector-fr-1440');
      await page.keyboard.press('Escape');
      await page.locator('[data-testid=app-vehicles]').click();
      await page.waitForURL('**/vehicles');
      await page.waitForLoadState('networkidle');
      assert.deepEqual(refused, [], 'calls answered 4xx for the service advisor');
    }));
});
