// Real user journeys in French and English against the real server on a fresh embedded database
// (issue 3, "Browser tests"). Run through e2e/run.mjs, which starts the server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, axeCheck, codeOf, field, journey, launch, login, outbox, pick, resetLinkOf, settles, shot, token, waitForMail, BASE, PASSWORD } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const T = { timeout: 90_000 };

describe('sign-in and shell', () => {
  test('1. the demo manager lands on the dashboard and sees only the allowed apps', T, () =>
    journey(browser, '1', async (open) => {
      const page = await open();
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
      const apps = await page.locator('[data-testid^=app-]').evaluateAll((els) => els.map((e) => e.dataset.testid));
      assert.deepEqual(apps, ['app-dashboard', 'app-vehicles', 'app-inspectpro', 'app-crm', 'app-sales', 'app-purchases', 'app-inventory', 'app-files', 'app-settings', 'app-admin']);
      // Counts on the dashboard are real: the users card shows the organization's user total.
      const me = await token('manager@atelier.test');
      const users = await api('/users?page[size]=1', { token: me });
      await page.locator('[data-testid=dashboard-count-users]').getByText(String(users.body.meta.page.total), { exact: true }).waitFor();
      // A state of a work card opens its list filtered on that state.
      const toDo = await api('/inspections?filter[state]=assigned&page[size]=1', { token: me });
      await page.locator('[data-testid=dashboard-inspections] a[data-state=assigned]').getByText(String(toDo.body.meta.page.total), { exact: true }).waitFor();
      await page.locator('[data-testid=dashboard-inspections] a[data-state=assigned]').click();
      await page.waitForURL((u) => u.pathname === '/inspecpro/inspections' && u.searchParams.get('filter[state]') === 'assigned');
      await settles(() => page.locator('[data-testid=resource-row]').count(), Math.min(10, toDo.body.meta.page.total));
      await page.goBack();
      await page.waitForURL('**/dashboard');
      await page.locator('[data-testid=app-admin]').click();
      await page.waitForURL('**/admin');
      await page.locator('[data-testid=section-menu] a').first().waitFor();
      const items = await page.locator('[data-testid=section-menu] a').allInnerTexts();
      assert.deepEqual(items, ['Succursales', 'Utilisateurs', 'Rôles', 'Importations']);
      await shot(page, '01-manager-dashboard');
      assert.deepEqual(page.errors, []);
    }));

  test('1b. keyboard only: Tab through /login with a visible focus, Enter signs in; inert Messages and Information', T, () =>
    journey(browser, '1b', async (open) => {
      const page = await open();
      await page.goto('/login');
      const email = page.locator('input[type=email]');
      await email.waitFor();
      /** The focused element, and whether it (or its Mantine input box) shows an outline or a ring. */
      const focused = () =>
        page.evaluate(() => {
          const el = document.activeElement;
          const ring = (e) => {
            const s = getComputedStyle(e);
            return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
          };
          const box = el.closest('.mantine-Input-input') ?? el;
          return { tag: el.tagName, type: el.getAttribute('type'), visible: ring(el) || ring(box) };
        });
      // From the page start (a click at the top-left corner resets the Tab starting point).
      await page.mouse.click(2, 2);
      let f;
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        f = await focused();
        assert.ok(f.visible, `focus visible on ${JSON.stringify(f)}`);
        if (f.type === 'email') break;
      }
      assert.equal(f.type, 'email', 'Tab reaches the e-mail field');
      await page.keyboard.type('manager@atelier.test');
      await page.keyboard.press('Tab');
      f = await focused();
      assert.deepEqual(f, { tag: 'INPUT', type: 'password', visible: true });
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Tab');
      f = await focused();
      assert.deepEqual(f, { tag: 'BUTTON', type: 'submit', visible: true });
      await shot(page, '01b-login-keyboard-focus');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
      // Spec platform §2: Messages and Information on the rail, disabled, out of the Tab order.
      for (const [id, name] of [['messages', 'Messages'], ['information', 'Informations']]) {
        const button = page.getByRole('button', { name, exact: true });
        assert.equal(await button.isDisabled(), true, `${name} is disabled`);
        assert.equal(await button.evaluate((b) => (b.focus(), document.activeElement === b)), false, `${name} takes no focus`);
        await page.locator(`[data-testid=rail-${id}]`).hover();
        await page.getByRole('tooltip', { name: 'Bientôt disponible' }).waitFor();
        await page.mouse.move(600, 400);
        await page.getByRole('tooltip').waitFor({ state: 'detached' });
      }
      assert.deepEqual(page.errors, []);
    }));

  test('2. two-factor sign-in: wrong code, resend, code from the outbox', T, () =>
    journey(browser, '2', async (open) => {
      const email = 'reseller@atelier.test';
      const tk = await token(email);
      const r = await api('/me/toggle-two-fa', { method: 'POST', token: tk });
      assert.ok(r.status < 300, `toggle-two-fa answered ${r.status}`);
      const page = await open();
      const started = Date.now();
      await login(page, email);
      await page.getByRole('heading', { name: 'Vérification en deux étapes' }).waitFor();
      const first = await waitForMail(email, (m) => Boolean(codeOf(m)) && new Date(m.created_at ?? Date.now()).getTime() >= started - 5000);
      const wrong = codeOf(first) === '000000' ? '111111' : '000000';
      await field(page, 'Code de vérification').fill(wrong);
      await page.getByRole('button', { name: 'Vérifier' }).click();
      await page.getByText('Le code de vérification est incorrect.').waitFor();
      await shot(page, '02-two-factor-wrong-code');
      const before = (await outbox(email)).length;
      await page.getByRole('button', { name: 'Renvoyer le code' }).click();
      await page.getByText('Un nouveau code a été envoyé.').waitFor();
      const mails = await outbox(email);
      assert.ok(mails.length > before, 'resend sends a new mail');
      await field(page, 'Code de vérification').fill(codeOf(mails[0]));
      await page.getByRole('button', { name: 'Vérifier' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
      await shot(page, '02-two-factor-signed-in');
      // Turning it off asks for the current password.
      await page.goto('/me/change');
      await page.locator('[data-testid=toggle-two-fa]').click();
      const dialog = page.getByRole('dialog', { name: 'Désactiver la vérification en deux étapes' });
      await dialog.locator('[data-testid=two-fa-current-password]').fill('pas-le-bon');
      await dialog.locator('[data-testid=two-fa-off-confirm]').click();
      await dialog.getByText('Le mot de passe actuel est incorrect.').waitFor();
      await shot(page, '02-two-factor-off-wrong-password');
      await dialog.locator('[data-testid=two-fa-current-password]').fill(PASSWORD);
      await dialog.locator('[data-testid=two-fa-off-confirm]').click();
      await dialog.waitFor({ state: 'hidden' });
      await settles(() => page.locator('[data-testid=toggle-two-fa]').isChecked(), false);
      assert.equal((await api('/me', { token: tk })).body.data.attributes.two_factor_enabled, false);
    }));

  test('3. forgot password, reset link from the outbox, new password, sign in', T, () =>
    journey(browser, '3', async (open) => {
      // A colleague of Autos Rivière of its own: the demo accounts keep their password for the other journeys.
      const email = 'reset-journey@autos-riviere.test';
      const created = await api('/users', {
        method: 'POST',
        token: await token('manager2@atelier.test'),
        body: { data: { type: 'users', attributes: { firstname: 'Rémi', lastname: 'Oubli', email, password: PASSWORD, password_confirmation: PASSWORD } } },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const page = await open();
      await page.goto('/login');
      await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
      await page.waitForURL('**/password/email');
      await field(page, 'Courriel').fill(email);
      await page.getByRole('button', { name: 'Envoyer le lien' }).click();
      await page.locator('[data-testid=forgot-sent]').waitFor();
      const mail = await waitForMail(email, (m) => Boolean(resetLinkOf(m)));
      const link = resetLinkOf(mail);
      assert.ok(link.startsWith(`${BASE}/password/reset?`), link);
      await page.goto(link);
      const newPassword = 'Nouveau-Passe-2027';
      const pw = field(page, 'Nouveau mot de passe');
      await pw.fill('abc');
      assert.equal(await page.locator('[data-rule=min_length]').getAttribute('data-met'), 'false');
      await pw.fill(newPassword);
      for (const rule of ['min_length', 'digit', 'letter', 'uppercase', 'lowercase'])
        assert.equal(await page.locator(`[data-rule=${rule}]`).getAttribute('data-met'), 'true', rule);
      await field(page, 'Confirmation du mot de passe').fill(newPassword);
      await shot(page, '03-reset-password');
      await page.getByRole('button', { name: 'Réinitialiser' }).click();
      await page.waitForURL('**/login');
      await login(page, email, newPassword);
      await page.waitForURL('**/dashboard');
      await shot(page, '03-signed-in-with-new-password');
    }));

  test('4. a user without the permission opening /admin/users is refused and redirected', T, () =>
    journey(browser, '4', async (open) => {
      const page = await open();
      await login(page, 'inspector@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.goto('/admin/users');
      await page.getByText("Vous n'êtes pas autorisé à accéder à cette page.").waitFor();
      await page.waitForURL('**/dashboard');
      await shot(page, '04-page-not-allowed');
      // Unknown paths go to /not-found: inside the shell when signed in (its menu to go on from there).
      await page.goto('/nowhere/at/all');
      await page.waitForURL('**/not-found');
      await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
      await page.locator('[data-testid=sidebar-toggle]').waitFor();
      await axeCheck(page, 'the not-found page in the shell');
      // Signed out (a mistyped public link), alone.
      const outside = await open();
      await outside.goto('/shared/nowhere/at/all');
      await outside.waitForURL('**/not-found');
      await outside.getByRole('heading', { name: 'Page introuvable' }).waitFor();
      assert.equal(await outside.locator('[data-testid=sidebar-toggle]').count(), 0);
      await axeCheck(outside, 'the not-found page alone');
    }));

  test('5. switching to English and back: the interface and the server errors follow', T, () =>
    journey(browser, '5', async (open) => {
      const fr = await api('/login', { method: 'POST', body: { email: 'manager@atelier.test', password: 'wrong-Password-1' }, locale: 'fr' });
      const en = await api('/login', { method: 'POST', body: { email: 'manager@atelier.test', password: 'wrong-Password-1' }, locale: 'en' });
      const detail = (r) => r.body.errors.at(-1).detail ?? r.body.errors.at(-1).title;
      assert.notEqual(detail(fr), detail(en));
      const page = await open();
      await page.goto('/login');
      await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await field(page, 'Email').fill('manager@atelier.test');
      await field(page, 'Password').fill('wrong-Password-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('[data-testid=login-error]').getByText(detail(en)).waitFor();
      await field(page, 'Password').fill('Demo-Atelier-2026');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await shot(page, '05-english-dashboard');
      await page.locator('[data-testid=language-switcher]').getByText('French', { exact: true }).click();
      await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
    }));
});

describe('administration', () => {
  test('6. the admin creates a role and a restricted user; the user sees only those apps and that location', T, () =>
    journey(browser, '6', async (open) => {
      const page = await open();
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      const roleName = `Conseiller e2e ${Date.now()}`;
      await page.goto('/admin/roles?action=add');
      await field(page, 'Nom').fill(roleName);
      for (const name of ['Tableau de bord', 'Administration', 'Utilisateurs · Liste', 'Utilisateurs · Voir'])
        await page.getByRole('checkbox', { name, exact: true }).check();
      await shot(page, '06-role-matrix');
      await page.locator('[data-testid=record-save]').click();
      await page.getByRole('heading', { name: `Rôle ${roleName}` }).waitFor();

      const tk = await token('manager@atelier.test');
      const locations = await api('/locations?sort=name&page[size]=10', { token: tk });
      const location = locations.body.data[0].attributes.name;
      const email = `restreint.${Date.now()}@atelier.test`;
      await page.goto('/admin/users?action=add');
      await field(page, 'Prénom').fill('Rita');
      await field(page, 'Nom de famille').fill('Restreinte');
      await field(page, 'Courriel').fill(email);
      await field(page, 'Mot de passe').fill('Restreint-2026');
      await pick(page, 'Rôles', roleName);
      await pick(page, 'Succursales autorisées', location);
      await field(page, 'Limiter aux succursales autorisées').check();
      await page.locator('[data-testid=record-save]').click();
      await page.getByRole('heading', { name: 'Utilisateur Rita Restreinte' }).waitFor();
      await shot(page, '06-user-created');

      const user = await open();
      await login(user, email, 'Restreint-2026');
      await user.waitForURL('**/dashboard');
      await user.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
      const apps = await user.locator('[data-testid^=app-]').evaluateAll((els) => els.map((e) => e.dataset.testid));
      assert.deepEqual(apps, ['app-dashboard', 'app-admin']);
      await user.locator('[data-testid=app-admin]').click();
      await user.waitForURL('**/admin');
      await user.locator('[data-testid=section-menu] a').first().waitFor();
      assert.deepEqual(await user.locator('[data-testid=section-menu] a').allInnerTexts(), ['Utilisateurs']);
      const selector = user.locator('[data-testid=global-locations]');
      await assert.doesNotReject(selector.waitFor());
      assert.equal(await selector.isDisabled(), true);
      await user.locator('[data-testid=global-locations]').locator('..').getByText(location).first().waitFor();
      await shot(user, '06-restricted-user');
    }));

  test('7. list page: sort, filter, paginate, open with ?id=&action=view, server error under the field, save', T, () =>
    journey(browser, '7', async (open) => {
      const tk = await token('manager@atelier.test');
      const stamp = Date.now();
      for (let i = 0; i < 12; i++) {
        const r = await api('/users', {
          method: 'POST',
          token: tk,
          body: { data: { type: 'users', attributes: { firstname: `Liste${String(i).padStart(2, '0')}`, lastname: `E2e${stamp}`, email: `liste${i}.${stamp}@atelier.test`, locale: 'fr' } } },
        });
        assert.equal(r.status, 201, JSON.stringify(r.body));
      }
      const page = await open();
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.goto('/admin/users');
      await page.locator('[data-testid=list-search]').fill(`E2e${stamp}`);
      await page.waitForURL(/search=/);
      await page.locator('[data-testid=list-total]').getByText('12 résultats').waitFor();
      await page.locator('[data-testid=sort-firstname]').click();
      await page.waitForURL(/sort=firstname/);
      await page.locator('[data-testid=resource-row]').first().getByRole('link', { name: /^Liste00/ }).waitFor();
      await page.locator('[data-testid=sort-firstname]').click();
      await page.waitForURL(/sort=-firstname/);
      await page.locator('[data-testid=resource-row]').first().getByRole('link', { name: /^Liste11/ }).waitFor();
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL(/page=2/);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=resource-row]').length === 2);
      // Filter by status: every one of them is active.
      await page.locator('[data-testid=filter-active] select, select[data-testid=filter-active]').first().selectOption('false');
      await page.locator('[data-testid=list-empty]').waitFor();
      await page.locator('[data-testid=filter-active] select, select[data-testid=filter-active]').first().selectOption('');
      await page.locator('[data-testid=list-total]').getByText('12 résultats').waitFor();

      const list = await api(`/users?filter[search]=E2e${stamp}&sort=firstname&page[size]=1`, { token: tk });
      const id = list.body.data[0].id;
      await page.goto(`/admin/users?id=${id}&action=view`);
      await page.getByRole('heading', { name: `Utilisateur Liste00 E2e${stamp}` }).waitFor();
      await page.locator('[data-testid=record-edit]').click();
      await page.waitForURL(/action=edit/);
      const emailField = field(page, 'Courriel');
      await emailField.fill('manager@atelier.test');
      await page.locator('[data-testid=record-save]').click();
      await page.locator('[aria-invalid=true]').first().waitFor();
      assert.equal(await emailField.getAttribute('aria-invalid'), 'true');
      await shot(page, '07-server-error-under-field');
      const fixed = `corrige.${stamp}@atelier.test`;
      await emailField.fill(fixed);
      await page.locator('[data-testid=record-save]').click();
      await page.waitForURL(/action=view/);
      await page.locator('[data-field-view=email]').getByText(fixed).waitFor();
      await shot(page, '07-record-saved');
      await page.goBack();
      await page.waitForURL(/action=edit/);
    }));

  test('8. history back and forward, tab rule, and last route of each section', T, () =>
    journey(browser, '8', async (open) => {
      const page = await open();
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.locator('[data-testid=app-admin]').click();
      await page.waitForURL('**/admin');
      // The admin section shown before the next click (its menu): a click while the dashboard still
      // shows would be a second navigation rendered with the first, and the in-app history records
      // only one of them (useNavHistory reads navigations from renders, not from the router).
      const menu = page.locator('[data-testid=section-menu]');
      await menu.getByRole('link', { name: 'Rôles' }).click();
      await page.waitForURL('**/admin/roles');
      await menu.getByRole('link', { name: 'Succursales' }).click();
      await page.waitForURL('**/admin/locations');
      await page.locator('[data-testid=history-back]').click();
      await page.waitForURL('**/admin/roles');
      await page.locator('[data-testid=history-back]').click();
      await page.waitForURL('**/admin');
      await page.locator('[data-testid=history-forward]').click();
      await page.waitForURL('**/admin/roles');
      await page.getByRole('heading', { name: 'Rôles' }).waitFor();
      // Last route: back on the dashboard, the Admin app returns to its last screen.
      await page.locator('[data-testid=app-dashboard]').click();
      await page.waitForURL('**/dashboard');
      await page.locator('[data-testid=app-admin]').click();
      await page.waitForURL('**/admin/roles');
      // Tab rule: switching the profile tab does not add a history entry.
      await page.locator('[data-testid=user-menu]').click();
      await page.getByRole('menuitem', { name: 'Mon profil' }).click();
      await page.waitForURL('**/me/view');
      await page.getByRole('tab', { name: 'Mes succursales' }).click();
      await page.waitForURL(/tab=locations/);
      await page.getByRole('tab', { name: 'Profil' }).click();
      await page.locator('[data-testid=history-back]').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/me'));
      await shot(page, '08-history');
    }));
});
