// Inspection form templates a reseller publishes (issue 27): the reseller's model form published as
// a template, adopted by Garage Démo, which adjusts its copy; the reseller publishes a newer version;
// the manager reads on the forms page what it changes and what its own edit keeps, takes it, and the
// form has the reseller's change beside the manager's. The reseller's screen lists the versions with
// what changed and refuses to publish an unchanged form. Then a canned job template: adopted by the
// garage from its canned jobs page, its notes written there; its newer version adds a line and keeps
// the garage's notes. French at 1440×900, English at 1024×768. Run through e2e/run.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { api, axeCheck, create, fileBrowser, journey, login, one, shot, token } from './helpers.mjs';

const T = { timeout: 240_000 };
const held = fileBrowser();

const RUNS = [
  { locale: 'fr', viewport: { width: 1440, height: 900 }, w: { adopted: 'voici votre travail type', menu: 'Modèles du revendeur', offer: 'Version 2 offerte', kept: 'vous l’avez modifié', take: 'Prendre la version 2', taken: 'Version 2 prise', versions: 'Versions publiées', publish: 'Publier une nouvelle version', unchanged: 'rien à publier' } },
  { locale: 'en', viewport: { width: 1024, height: 768 }, w: { adopted: 'here is your canned job', menu: 'Reseller templates', offer: 'Version 2 offered', kept: 'you changed it', take: 'Take version 2', taken: 'Version 2 taken', versions: 'Published versions', publish: 'Publish a new version', unchanged: 'nothing to publish' } },
];

const CHECK = { field_type: 'CHECK', points_threshold: [{ option: 'yes', points: 5 }, { option: 'no', points: 0 }] };

/** A small model form of Garage Démo: Freins › Avant › Plaquettes, Disques. Its field ids by name. */
async function modelForm(tk, name) {
  const form = await create(tk, 'inspection-forms', { name });
  const section = await create(tk, 'inspection-form-sections', { name: 'Freins' }, { inspectionForm: one('inspection-forms', form) });
  const sub = await create(tk, 'inspection-form-sections', { name: 'Avant' }, { inspectionForm: one('inspection-forms', form), parent: one('inspection-form-sections', section) });
  const fields = {};
  for (const f of ['Plaquettes', 'Disques']) fields[f] = await create(tk, 'inspection-form-section-fields', { name: f, ...CHECK }, { section: one('inspection-form-sections', sub) });
  return { form, sub, fields };
}

const setCoefficient = (tk, id, coefficient) =>
  api(`/inspection-form-section-fields/${id}`, { method: 'PATCH', token: tk, body: { data: { type: 'inspection-form-section-fields', id, attributes: { coefficient } } } });

describe('inspection form templates', () => {
  for (const { locale, viewport, w } of RUNS)
    test(`27-${locale}-${viewport.width}. a reseller's template adopted, adjusted, and its newer version taken keeping the garage's edit`, T, () =>
      journey(held.browser, `27-${locale}-${viewport.width}`, async (open) => {
        const manager = await token('manager@atelier.test');
        const reseller = await token('reseller@atelier.test');
        const stamp = `${locale}-${Date.now() % 100000}`;
        const name = `Modèle ${stamp}`;
        const model = await modelForm(manager, `Source ${stamp}`);
        const template = await create(reseller, 'form-templates', { name }, { sourceForm: one('inspection-forms', model.form) });
        const adopted = await api(`/form-templates/${template}/adopt`, { method: 'POST', token: manager });
        assert.equal(adopted.status, 201, JSON.stringify(adopted.body));
        const formId = adopted.body.meta.inspection_form_id;
        // The garage weighs the pads more in its copy; the reseller changes the discs and adds the calipers.
        const copy = (await api(`/inspection-form-section-fields?filter[inspectionForm]=${formId}&page[size]=50`, { token: manager })).body.data;
        const pads = copy.find((f) => f.attributes.name === 'Plaquettes').id;
        assert.equal((await setCoefficient(manager, pads, '3')).status, 200);
        assert.equal((await setCoefficient(reseller, model.fields.Plaquettes, '2')).status, 200);
        assert.equal((await setCoefficient(reseller, model.fields.Disques, '1,5')).status, 200);
        await create(reseller, 'inspection-form-section-fields', { name: 'Étriers', ...CHECK }, { section: one('inspection-form-sections', model.sub) });
        const published = await api(`/form-templates/${template}/publish`, { method: 'POST', token: reseller });
        assert.equal(published.status, 200, JSON.stringify(published.body));

        // The manager: the forms page says a newer version waits; its offer, then taken.
        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        await page.goto('/inspecpro/inspection-forms');
        await page.locator('[data-testid=reseller-templates]').click();
        const card = page.locator('[data-testid=reseller-template]', { hasText: name });
        await card.getByText(w.offer).click();
        const apply = page.locator('[data-testid=offer-apply]');
        await apply.getByText('Disques').waitFor();
        assert.match(await apply.innerText(), /Étriers/);
        assert.match(await page.locator('[data-testid=offer-kept]').innerText(), new RegExp(w.kept));
        await shot(page, `27-${locale}-${viewport.width}-offer`);
        await axeCheck(page, `the offer (${locale})`);
        await page.getByRole('button', { name: w.take }).click();
        await page.getByText(w.taken).waitFor();
        const after = (await api(`/inspection-form-section-fields?filter[inspectionForm]=${formId}&page[size]=50`, { token: manager })).body.data;
        const by = new Map(after.map((f) => [f.attributes.name, f.attributes]));
        assert.equal(by.get('Plaquettes').coefficient, '3', 'the garage’s edit is kept');
        assert.equal(by.get('Disques').coefficient, '1.5', 'the template’s change is taken');
        assert.ok(by.has('Étriers'), 'the new field is added');

        // The reseller: its template's versions with what changed; an unchanged form is not published again.
        const desk = await open(viewport);
        await login(desk, 'reseller@atelier.test');
        await desk.waitForURL('**/dashboard');
        if (locale === 'en') await desk.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        await desk.goto(`/reseller/form-templates?id=${template}&action=view`);
        const versions = desk.locator('[data-testid=template-versions]');
        await versions.getByText(w.versions).waitFor();
        // The versions' cards come after their title: waited for, not read at once.
        await versions.getByText(/Étriers/).first().waitFor();
        await axeCheck(desk, `the reseller’s template (${locale})`);
        await desk.getByRole('button', { name: w.publish }).click();
        await desk.getByText(w.unchanged, { exact: false }).waitFor();
        await shot(desk, `27-${locale}-${viewport.width}-reseller`);
      }),
    );

  for (const { locale, viewport, w } of RUNS)
    test(`27-jobs-${locale}-${viewport.width}. a reseller's canned job template adopted, changed by the garage, its newer version taken keeping the garage's notes`, T, () =>
      journey(held.browser, `27-jobs-${locale}-${viewport.width}`, async (open) => {
        const manager = await token('manager@atelier.test');
        const reseller = await token('reseller@atelier.test');
        const stamp = `${locale}-${Date.now() % 100000}`;
        const name = `Travail ${stamp}`;
        const source = await create(manager, 'canned-jobs', { name, code: `T-${stamp}` });
        await create(manager, 'canned-job-items', { detail: 'Rodage des freins', quantity: '1', time: '0.5' }, { cannedJob: one('canned-jobs', source) });
        const template = await create(reseller, 'canned-job-templates', { name }, { sourceCannedJob: one('canned-jobs', source) });

        // The manager adopts it from the canned jobs page: a job of its own, its name taken, so « (2) ».
        const page = await open(viewport);
        await login(page, 'manager@atelier.test');
        await page.waitForURL('**/dashboard');
        if (locale === 'en') await page.locator('[data-testid=language-switcher]').getByText('Anglais', { exact: true }).click();
        await page.goto('/inspecpro/canned-jobs');
        await page.locator('[data-testid=reseller-templates]').click();
        await page.locator('[data-testid=reseller-template]', { hasText: name }).locator('[data-testid=template-adopt]').click();
        await page.getByText(w.adopted, { exact: false }).waitFor();
        const adoptions = (await api(`/canned-job-template-adoptions?filter[cannedJobTemplate]=${template}`, { token: manager })).body.data;
        assert.equal(adoptions.length, 1);
        const jobId = adoptions[0].relationships.cannedJob.data.id;
        assert.equal((await api(`/canned-jobs/${jobId}`, { token: manager })).body.data.attributes.name, `${name} (2)`);

        // The garage writes its notes; the reseller writes others and adds a line, and publishes version 2.
        assert.equal((await api(`/canned-jobs/${jobId}`, { method: 'PATCH', token: manager, body: { data: { type: 'canned-jobs', id: jobId, attributes: { notes: 'Nos notes' } } } })).status, 200);
        assert.equal((await api(`/canned-jobs/${source}`, { method: 'PATCH', token: manager, body: { data: { type: 'canned-jobs', id: source, attributes: { notes: 'Notes du réseau' } } } })).status, 200);
        await create(manager, 'canned-job-items', { detail: 'Purge du liquide de frein', quantity: '1', time: '0.4' }, { cannedJob: one('canned-jobs', source) });
        assert.equal((await api(`/canned-job-templates/${template}/publish`, { method: 'POST', token: reseller })).status, 200);

        await page.goto('/inspecpro/canned-jobs');
        await page.locator('[data-testid=reseller-templates]').click();
        await page.locator('[data-testid=reseller-template]', { hasText: name }).getByText(w.offer).click();
        await page.locator('[data-testid=offer-apply]').getByText('Purge du liquide de frein', { exact: false }).waitFor();
        assert.match(await page.locator('[data-testid=offer-kept]').innerText(), new RegExp(w.kept));
        await axeCheck(page, `the canned job offer (${locale})`);
        await shot(page, `27-jobs-${locale}-${viewport.width}-offer`);
        await page.getByRole('button', { name: w.take }).click();
        await page.getByText(w.taken).waitFor();
        const job = (await api(`/canned-jobs/${jobId}?include=items`, { token: manager })).body;
        assert.equal(job.data.attributes.notes, 'Nos notes', 'the garage’s notes are kept');
        assert.deepEqual(job.included.map((i) => i.attributes.detail).sort(), ['Purge du liquide de frein', 'Rodage des freins'], 'the new line is taken');
      }),
    );
});
