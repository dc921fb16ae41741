// Decimals typed with "." or "," (issue 20, point 2): in French, "12.4" was saved as 124. An
// inspector at 1024x768 answers a number field with "12.4" then "7,5"; a manager types "12.4" and
// "12,4" as a supplier product's cost (money). Each is saved as typed and shown in French.
// Run through e2e/run.mjs (fresh database).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, choose, create, fileBrowser, journey, login, one, settles, shot, token } from './helpers.mjs';

const T = { timeout: 180_000 };
const held = fileBrowser();
const VIN = '1HGCM82633A004352';

/** A form of one field, an inspection of the demo vehicle made from it on the screen, started. */
async function startInspection(page, tk, fieldAttributes, vin = VIN) {
  const name = `Mesures ${Date.now()}`;
  const form = await create(tk, 'inspection-forms', { name });
  const section = await create(tk, 'inspection-form-sections', { name: 'Freins', factor: 1, order_number: 1 }, { inspectionForm: one('inspection-forms', form) });
  const sub = await create(tk, 'inspection-form-sections', { name: 'Disques', factor: 1, order_number: 1 }, { inspectionForm: one('inspection-forms', form), parent: one('inspection-form-sections', section) });
  const fieldId = await create(tk, 'inspection-form-section-fields', { order_number: 1, ...fieldAttributes }, { section: one('inspection-form-sections', sub) });
  await login(page, 'manager@atelier.test');
  await page.waitForURL('**/dashboard');
  await page.goto('/inspecpro/inspections');
  await page.getByTestId('list-add').click();
  await page.getByTestId('new-inspection').waitFor();
  await choose(page, 'Véhicule', vin);
  await choose(page, 'Formulaire', name);
  await page.getByTestId('new-inspection-create').click();
  await page.waitForURL(/\/inspecpro\/inspections\/[^/?]+$/);
  const id = page.url().split('/').pop();
  await page.getByTestId('inspection-start').click();
  await settles(() => page.getByTestId('inspection-page').getByTestId('inspection-state').getAttribute('data-state'), 'in_progress');
  return { id, fieldId };
}

describe('decimals typed with "." or ","', () => {
  test('90-fr. an inspection number field and a money cell take "12.4" and "12,4" at 1024x768', T, () =>
    journey(held.browser, '90-fr', async (open) => {
      const tk = await token('manager@atelier.test');
      const page = await open({ width: 1024, height: 768 });
      const { id, fieldId: thickness } = await startInspection(page, tk, { name: 'Épaisseur du disque', field_type: 'NUMBER', points_threshold: [{ option: '0-9.9', points: 0 }, { option: '10-30.5', points: 10 }] });

      const answer = async () => {
        const fields = await api(`/inspection-fields?filter[inspection]=${id}`, { token: tk });
        return fields.body.data.find((f) => f.relationships.inspectionFormSectionField.data.id === thickness)?.attributes.value;
      };
      const input = page.getByTestId(`field-${thickness}`).getByLabel('Épaisseur du disque', { exact: true });
      for (const [typed, saved, shown] of [
        ['12.4', 12.4, '12,4'],
        ['7,5', 7.5, '7,5'],
      ]) {
        await input.fill(typed);
        await input.press('Tab');
        await settles(() => page.locator('[data-save]').count(), 0);
        await settles(answer, saved, `"${typed}" is saved as ${saved}`);
        assert.equal(await input.inputValue(), shown);
      }
      await shot(page, '90-number-field');

      const supplier = await create(tk, 'suppliers', { company_name: `Décimales ${Date.now()}` });
      await page.goto(`/purchases/suppliers?id=${supplier}&action=view`);
      await page.locator('[data-testid=record-edit]').click();
      const editor = page.locator('[data-testid="lines-supplier-products"]');
      for (const [i, price] of [
        [1, '12.4'],
        [2, '12,4'],
      ]) {
        await editor.getByRole('button', { name: 'Ajouter un produit' }).click();
        await editor.getByLabel(`Code du fournisseur (Produit ${i})`).fill(`P-${i}`);
        await editor.getByLabel(`Coût (Produit ${i})`).fill(price);
      }
      await page.locator('[data-testid=record-save]').click();
      await page.locator('[data-testid=record-edit]').waitFor();
      const view = page.locator('[data-testid="lines-view-supplier-products"]');
      await view.getByRole('cell', { name: 'P-2' }).waitFor();
      await shot(page, '90-money-cells');
      const saved = await api(`/supplier-products?filter[supplier]=${supplier}&sort=position`, { token: tk });
      assert.deepEqual(saved.body.data.map((p) => p.attributes.cost), [1240, 1240]);
      assert.equal((await view.locator('tbody tr').first().innerText()).replace(/\s+/g, ' ').includes('12,40 $'), true);
      assert.deepEqual(page.errors, []);
    }));

  test('91-fr. a slider dragged across its range saves once, when released (issue 20, point 18)', T, () =>
    journey(held.browser, '91-fr', async (open) => {
      const tk = await token('manager@atelier.test');
      const page = await open({ width: 1024, height: 768 });
      // A vehicle of its own: the demo vehicle's inspection of the other journey is in progress (and
      // the forms journey adds the demo request's vehicle).
      const vin = '3FA6P0H7XHR191919';
      await create(tk, 'vehicles', { vin, make: 'Ford', model: 'Fusion', model_year: 2017, odometer_unit: 'km' });
      const { id, fieldId } = await startInspection(page, tk, { name: 'Usure des plaquettes', field_type: 'RANGE_SLIDER', points_threshold: [{ option: '0-5', points: 0 }, { option: '6-10', points: 10 }] }, vin);
      const saves = [];
      page.on('request', (r) => r.method() === 'PATCH' && r.url().includes('/inspection-fields/') && saves.push(r.url()));
      const slider = page.getByTestId(`field-${fieldId}`).getByRole('slider');
      await slider.scrollIntoViewIfNeeded();
      const box = await page.getByTestId(`field-${fieldId}`).locator('.mantine-Slider-track').boundingBox();
      await page.mouse.move(box.x + 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 12 });
      await page.mouse.up();
      await settles(() => page.locator('[data-save]').count(), 0);
      await page.waitForTimeout(1000);
      assert.equal(saves.length, 1, `one save, not ${saves.length}`);
      const dropped = Number(await slider.getAttribute('aria-valuenow'));
      assert.ok(dropped >= 6, `dragged to ${dropped}`);
      const fields = await api(`/inspection-fields?filter[inspection]=${id}`, { token: tk });
      assert.equal(fields.body.data[0].attributes.value, dropped);
      // Keys: three steps in a row make one save too.
      await slider.focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
      await settles(() => page.locator('[data-save]').count(), 0);
      await page.waitForTimeout(1000);
      assert.equal(saves.length, 2, `one more save, not ${saves.length - 1}`);
      assert.deepEqual(page.errors, []);
    }));
});
