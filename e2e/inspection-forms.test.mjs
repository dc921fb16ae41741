// The inspection form editor (issue 10, screens): the /inspecpro home, the list, a new form built
// in French at 1440x900 (a section, a sub-section, a checkbox and a single choice shown only when the
// checkbox is yes), the fields reordered from the keyboard, the form duplicated and previewed (the
// checkbox answered, the choice shown, the scores read); then the editor in
// English at 1024x768. Accessibility checked on each screen. Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, BASE, fileBrowser, journey, login, settles, shot, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();
const INCLUDE = 'include=sections.subSections.fields';


/** The fields of a form in the editor's order, by name, as the server stores them. */
async function fieldOrder(tk, id) {
  const r = await api(`/inspection-forms/${id}?${INCLUDE}`, { token: tk });
  const included = r.body.included ?? [];
  const byId = new Map(included.map((x) => [`${x.type}:${x.id}`, x]));
  const rels = (x, name) => (x.relationships?.[name]?.data ?? []).map((d) => byId.get(`${d.type}:${d.id}`)).filter(Boolean);
  const ordered = (list) => [...list].sort((a, b) => a.attributes.order_number - b.attributes.order_number);
  return ordered(rels(r.body.data, 'sections')).flatMap((s) => ordered(rels(s, 'subSections')).flatMap((u) => ordered(rels(u, 'fields')).map((f) => f.attributes.name)));
}

describe('inspection form editor', () => {
  test('50-fr. build a form with a conditional field, reorder from the keyboard, duplicate', T, () =>
    journey(held.browser, '50-fr', async (open) => {
      const tk = await token('manager@atelier.test');
      const page = await open({ width: 1440, height: 900 });
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');

      // The module's home: its shortcuts with their counts.
      await page.goto('/inspecpro');
      const card = page.locator('[data-testid=inspecpro-inspection_forms]');
      await card.getByText("Formulaires d'inspection").waitFor();
      await card.locator('[data-testid="inspecpro-count-inspection-forms"]').waitFor();
      await shot(page, '50-inspecpro-home-fr');
      await axeCheck(page, 'the /inspecpro home');
      await card.click();
      await page.waitForURL('**/inspecpro/inspection-forms');
      await page.locator('[data-testid=resource-row]').first().waitFor();
      await shot(page, '50-forms-list-fr');
      await axeCheck(page, 'the list of inspection forms');

      // A new form: its attributes, then the editor.
      await page.locator('[data-testid=list-add]').click();
      const name = `Contrôle carrosserie ${Date.now()}`;
      await page.getByLabel(/^Nom/).first().fill(name);
      await page.locator('[data-testid=record-save]').click();
      await page.locator('[data-testid=form-editor]').waitFor();
      await page.getByRole('heading', { name: `Modifier « ${name} »` }).waitFor();
      const id = new URL(page.url()).searchParams.get('id');
      assert.ok(id, page.url());
      assert.equal(new URL(page.url()).searchParams.get('action'), 'edit');

      // A section, a sub-section, two fields, each added in place.
      await page.locator('[data-testid=add-section]').click();
      await page.locator('[data-testid=add-section-input]').fill('Carrosserie');
      await page.keyboard.press('Enter');
      await page.locator('[data-node=section][data-id]:not([data-id^="new-"])').waitFor();
      await page.locator('[data-testid^=add-sub-]').first().click();
      await page.locator('[data-testid^=add-sub-][data-testid$=-input]').fill('Portières');
      await page.keyboard.press('Enter');
      await page.locator('[data-node=sub][data-id]:not([data-id^="new-"])').waitFor();
      const addField = async (fieldName) => {
        await page.locator('[data-testid^=add-field-]').first().click();
        await page.locator('[data-testid^=add-field-][data-testid$=-input]').fill(fieldName);
        await page.keyboard.press('Enter');
        await page.locator(`[data-node=field]:not([data-id^="new-"]) [data-name="${fieldName}"]`).waitFor();
        await page.locator('[data-testid=node-panel]').getByRole('heading', { name: `Champ « ${fieldName} »` }).waitFor();
      };
      await addField('Rayures');
      await addField('État de la peinture');

      // The second field: a single choice, shown only when « Rayures » is ticked.
      const panel = page.locator('[data-testid=node-panel]');
      await panel.getByRole('textbox', { name: 'Type de champ' }).or(panel.getByLabel(/^Type de champ/)).first().click();
      await page.getByRole('option', { name: 'Choix unique' }).click();
      await panel.locator('[data-testid=options-choices]').waitFor();
      await panel.getByLabel('Option (ligne 1)').fill('Bonne');
      await panel.getByLabel('Points (ligne 1)').fill('5');
      await panel.locator('[data-testid=option-add]').click();
      await panel.getByLabel('Option (ligne 2)').fill('Abîmée');
      await panel.getByLabel('Points (ligne 2)').fill('0');
      // Two options of the same name are flagged before saving, in the server's words (the form rules).
      await panel.getByLabel('Option (ligne 2)').fill('Bonne');
      await panel.getByText('L’option « Bonne » est en double').waitFor();
      await panel.getByLabel('Option (ligne 2)').fill('Abîmée');
      // Each option says whether picking it is a finding: by default (0 of 5 points: one), marked always here.
      const mark = panel.getByLabel('Constat (ligne 2)');
      assert.equal(await mark.locator('option:checked').textContent(), 'Par défaut : constat');
      await mark.selectOption({ label: 'Toujours un constat' });
      await panel.locator('[data-testid=conditions-enabled]').check();
      await panel.getByLabel('Champ (condition 1)').click();
      await page.getByRole('option', { name: 'Carrosserie › Portières › Rayures' }).click();
      await panel.getByLabel('Valeur (condition 1)').click();
      await page.getByRole('option', { name: 'Oui', exact: true }).click();
      await shot(page, '50-field-panel-fr');
      await axeCheck(page, 'the editor with the field panel');
      await panel.locator('[data-testid=node-save]').click();
      await page.getByText('Les modifications ont été enregistrées.').first().waitFor();

      const fields = (await api(`/inspection-form-section-fields?filter[inspectionForm]=${id}`, { token: tk })).body.data;
      const check = fields.find((f) => f.attributes.name === 'Rayures');
      const select = fields.find((f) => f.attributes.name === 'État de la peinture');
      assert.equal(check.attributes.field_type, 'CHECK');
      assert.equal(select.attributes.field_type, 'SELECT_SINGLE');
      assert.deepEqual(select.attributes.points_threshold, [
        { option: 'Bonne', points: 5 },
        { option: 'Abîmée', points: 0, failing: true },
      ]);
      assert.equal(select.attributes.conditional_field, true);
      assert.deepEqual(select.attributes.conditions, [{ field: check.id, operator: 'equals', value: 'yes' }]);
      // The conditional field is marked in the tree.
      await page.locator(`[data-node=field][data-id="${select.id}"]`).getByLabel('Affiché sous conditions').waitFor();

      // Reordered from the keyboard: the second field moves up, saved in one call.
      assert.deepEqual(await fieldOrder(tk, id), ['Rayures', 'État de la peinture']);
      const handle = page.getByRole('button', { name: 'Déplacer le champ État de la peinture', exact: true });
      await handle.focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(250);
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(250);
      await page.keyboard.press('Space');
      await settles(async () => (await page.locator('[data-node=field] [data-testid=node-open]').allInnerTexts()).join(' | '), 'État de la peinture | Rayures');
      await settles(async () => (await fieldOrder(tk, id)).join(' | '), 'État de la peinture | Rayures');
      await shot(page, '50-editor-fr');

      // Duplicated: the copy opens in the editor, its condition pointing at its own copy of the checkbox.
      await page.locator('[data-testid=form-duplicate]').click();
      await page.waitForURL((u) => u.searchParams.get('action') === 'edit' && u.searchParams.get('id') !== id);
      const copyId = new URL(page.url()).searchParams.get('id');
      await page.locator('[data-node=field]').first().waitFor();
      assert.deepEqual(await fieldOrder(tk, copyId), ['État de la peinture', 'Rayures']);
      const copied = (await api(`/inspection-form-section-fields?filter[inspectionForm]=${copyId}`, { token: tk })).body.data;
      const copyCheck = copied.find((f) => f.attributes.name === 'Rayures');
      const copySelect = copied.find((f) => f.attributes.name === 'État de la peinture');
      assert.notEqual(copyCheck.id, check.id);
      assert.deepEqual(copySelect.attributes.conditions, [{ field: copyCheck.id, operator: 'equals', value: 'yes' }]);

      // The tablet: the panel slides over the tree.
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.locator(`[data-node=field] [data-testid=node-open]`).first().click();
      await page.locator('[data-testid=node-panel]').waitFor();
      await shot(page, '50-editor-tablet-fr');
      await axeCheck(page, 'the editor on a tablet');

      // Previewed from the editor: « Oui » on the checkbox shows the single choice; the scores follow.
      await page.locator('[data-testid=node-panel]').getByRole('button', { name: 'Fermer', exact: true }).first().click();
      await page.locator('[data-testid=node-panel]').waitFor({ state: 'detached' });
      await page.locator('[data-testid=form-preview]').click();
      await page.waitForURL(`**/inspecpro/inspection-forms/${copyId}/demo`);
      await page.getByTestId('demo-banner').getByText("Aperçu : rien n'est enregistré").waitFor();
      assert.deepEqual(copyCheck.attributes.points_threshold, [{ option: 'yes', points: 1 }]);
      const answer = (f) => page.getByTestId(`field-${f.id}`);
      const vehicle = () => page.getByTestId('vehicle-score').innerText();
      const sub = () => page.getByTestId('sub-section-score').innerText();
      const section = () => page.locator('[data-testid^=section-tab-], [data-testid^=section-nav-]').first().innerText();
      assert.equal(await answer(copySelect).count(), 0);
      await answer(copyCheck).getByRole('button', { name: 'Oui', exact: true }).click();
      await answer(copySelect).waitFor();
      await settles(() => answer(copyCheck).getByTestId('field-score').innerText(), '1 / 1 pts · 100 %');
      // Damaged paint: 1 point of 6 in the sub-section, its section and the vehicle (round(100 / 6)).
      await answer(copySelect).getByRole('radio', { name: 'Abîmée', exact: true }).click();
      await settles(() => answer(copySelect).getByTestId('field-score').innerText(), '0 / 5 pts · 0 %');
      await settles(async () => (await sub()).replace(/\s+/g, ' ').includes('17 % 1 / 6 pts'), true);
      await settles(async () => (await section()).includes('17 %'), true);
      await settles(vehicle, '17');
      await shot(page, '50-preview-fr');
      await axeCheck(page, 'the preview of the built form');
      // Good paint: every point.
      await answer(copySelect).getByRole('radio', { name: 'Bonne', exact: true }).click();
      await settles(() => answer(copySelect).getByTestId('field-score').innerText(), '5 / 5 pts · 100 %');
      await settles(async () => (await sub()).replace(/\s+/g, ' ').includes('100 % 6 / 6 pts'), true);
      await settles(async () => (await section()).includes('100 %'), true);
      await settles(vehicle, '100');
      assert.deepEqual(page.errors, []);
    }));

  test('51-en. the editor in English on a tablet, with the sync dialog and the settings tabs', T, () =>
    journey(held.browser, '51-en', async (open) => {
      const page = await open({ width: 1024, height: 768 });
      await login(page, 'manager@atelier.test');
      await page.waitForURL('**/dashboard');
      await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
      await page.goto('/inspecpro/inspection-forms');
      await page.getByRole('heading', { name: 'Inspection forms' }).waitFor();
      await page.locator('[data-testid=resource-row]').first().waitFor();
      await page.locator('[data-testid=resource-row] a').first().click();
      await page.locator('[data-testid=form-editor]').waitFor();
      await page.locator('[data-testid=record-edit]').click();
      await page.getByRole('button', { name: 'Add a section' }).waitFor();
      await page.locator('[data-node=field]').first().waitFor();
      await shot(page, '51-editor-en');
      await axeCheck(page, 'the editor in English');
      await page.getByRole('tab', { name: 'Verdicts' }).click();
      await page.locator('[data-testid="lines-inspection-form-notes"]').waitFor();
      await shot(page, '51-notes-en');
      await axeCheck(page, 'the verdicts tab');
      await page.getByRole('tab', { name: 'Multipliers' }).click();
      await page.locator('[data-testid="lines-inspection-form-multipliers"]').waitFor();
      await shot(page, '51-multipliers-en');
      await axeCheck(page, 'the multipliers tab');
      await page.getByRole('tab', { name: 'Reminders' }).click();
      await page.locator('[data-testid="lines-inspection-form-reminders"]').waitFor();
      await shot(page, '51-reminders-en');
      await axeCheck(page, 'the reminders tab');
      await page.locator('[data-testid=form-sync]').click();
      const dialog = page.locator('[data-testid=sync-dialog]');
      await dialog.getByText('Download this form (XLSX)').waitFor();
      // The form's own file, sent back as is: the dry run finds nothing to change, so nothing to apply.
      const formId = new URL(page.url()).searchParams.get('id');
      const res = await fetch(`${BASE}/api/v1/inspection-forms/${formId}/sync-fields/template?format=csv&locale=en`, { headers: { Authorization: `Bearer ${await token('manager@atelier.test')}` } });
      assert.equal(res.status, 200);
      await dialog.locator('[data-testid=sync-file]').click();
      const chooser = page.waitForEvent('filechooser');
      await dialog.locator('[data-testid=sync-file]').click();
      await (await chooser).setFiles({ name: 'form.csv', mimeType: 'text/csv', buffer: Buffer.from(await res.arrayBuffer()) });
      await dialog.locator('[data-testid=sync-dry-run]').click();
      await dialog.getByText('The file changes nothing in the form.').waitFor();
      assert.equal(await dialog.locator('[data-testid=sync-run]').isDisabled(), true);
      await shot(page, '51-sync-en');
      await axeCheck(page, 'the sync dialog');
      assert.deepEqual(page.errors, []);
    }));
});
