import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInspectionForm, makeOrganization, makeReseller, makeUser, makeWorld, toOne, type MadeForm, type MadeUser, type World } from '../factories.ts';
import { apiCalls, createTestApp, type TestApp } from '../helpers.ts';

// Canned job templates a reseller publishes (issue 27): a reseller publishes one of its
// organizations' canned jobs, another of its organizations adopts it (products found by part
// number, triggers kept on the form adopted from the same form template, the others dropped and
// said), a newer version is offered with what changed and taken, refused over the organization's
// edits unless it says so, or passed on; resellers and organizations kept apart.

let t: TestApp;
let w: World;
let sister: MadeUser; // an organization of the same reseller, which adopts
let rivalManager: MadeUser;
let rivalReseller: Awaited<ReturnType<typeof makeReseller>>;
let source: MadeForm;
let other: MadeForm;
let jobId: string;
let templateId: string;
let adoptionId: string;
let adoptedJobId: string;
let sisterPads: string;

const { call, ok } = apiCalls(() => t);
/** A canned job template's document made from the job `source`. */
const templateOf = (name: string, source: string, description: string | null = null) => ({
  data: { type: 'canned-job-templates', attributes: { name, description }, relationships: { sourceCannedJob: toOne('canned-jobs', source) } },
});
const product = (as: { token: string }, sku: string, part_number: string | null) =>
  ok('POST', '/products', as, { data: { type: 'products', attributes: { sku, name: `Pièce ${sku}`, part_number, selling_price: 5000 } } }, 201);

/** The organization's job as its advisors see it: its name and code, lines and triggers. */
async function jobOf(as: { token: string }, id: string) {
  const body = await ok('GET', `/canned-jobs/${id}?include=items,triggers`, as);
  const items = body.included.filter((r: any) => r.type === 'canned-job-items');
  const triggers = body.included.filter((r: any) => r.type === 'canned-job-triggers');
  return { ...body.data.attributes, items, triggers };
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  w = await makeWorld(t);
  const sisterOrg = await makeOrganization(t, { reseller_id: w.reseller.id });
  sister = await makeUser(t, sisterOrg.id);
  rivalReseller = await makeReseller(t);
  rivalManager = await makeUser(t, (await makeOrganization(t, { reseller_id: rivalReseller.id })).id);
  // The garage's forms: one the reseller publishes as a form template, one of its own.
  source = await makeInspectionForm(t, w.manager.token, { name: 'Inspection du réseau', sections: [{ name: 'Freins', subSections: [{ name: 'Avant', fields: [{ name: 'Plaquettes' }] }] }] });
  other = await makeInspectionForm(t, w.manager.token, { name: 'Maison', sections: [{ name: 'Batterie', subSections: [{ name: 'Test', fields: [{ name: 'Batterie' }] }] }] });
  const formTemplate = await ok('POST', '/form-templates', w.reseller.user, { data: { type: 'form-templates', attributes: { name: 'Inspection du réseau' }, relationships: { sourceForm: toOne('inspection-forms', source.id) } } }, 201);
  const adoptedForm = await ok('POST', `/form-templates/${formTemplate.data.id}/adopt`, sister, undefined, 201);
  const fields = await ok('GET', `/inspection-form-section-fields?filter[inspectionForm]=${adoptedForm.meta.inspection_form_id}`, sister);
  sisterPads = fields.data.find((f: any) => f.attributes.name === 'Plaquettes').id;
  const pads = await product(w.manager, 'PF-G', 'PF123');
  await product(sister, 'AUTRE', 'pf123'); // the sister's own product of that part number
  const job = await ok(
    'POST',
    '/canned-jobs',
    w.manager,
    {
      data: {
        type: 'canned-jobs',
        attributes: { name: 'Plaquettes avant', code: 'FREIN-AV', notes: 'Au temps du réseau' },
        relationships: {
          items: {
            data: [
              { type: 'canned-job-items', attributes: { detail: 'Plaquettes avant', quantity: '1', time: '1.2' }, relationships: { product: toOne('products', pads.data.id) } },
              { type: 'canned-job-items', attributes: { detail: 'Nettoyage des étriers', part: 'Nettoyant', unit_price: 995, quantity: '1' } },
            ],
          },
          triggers: {
            data: [
              { type: 'canned-job-triggers', attributes: { value: 'false' }, relationships: { inspectionFormSectionField: toOne('inspection-form-section-fields', source.ids.Plaquettes) } },
              { type: 'canned-job-triggers', attributes: { value: 'false' }, relationships: { inspectionFormSectionField: toOne('inspection-form-section-fields', other.ids.Batterie) } },
            ],
          },
        },
      },
    },
    201,
  );
  jobId = job.data.id;
});
afterAll(() => t?.close());

describe('publishing', () => {
  it('publishes a job of one of its organizations: lines without ids, triggers by the form template’s keys', async () => {
    const made = await ok('POST', '/canned-job-templates?include=versions', w.reseller.user, templateOf('Plaquettes avant', jobId, 'Le travail du réseau'), 201);
    templateId = made.data.id;
    const version = made.included.find((r: any) => r.type === 'canned-job-template-versions');
    expect([made.data.attributes.version, version.attributes.number]).toEqual([1, 1]);
    const content = version.attributes.content;
    expect(content.items.map((i: any) => [i.detail, i.part_number])).toEqual([
      ['Plaquettes avant', 'PF123'],
      ['Nettoyage des étriers', null],
    ]);
    expect(content.items[0]).not.toHaveProperty('product_id');
    expect(content.triggers.map((tr: any) => [tr.field, tr.value])).toEqual([
      [source.ids.Plaquettes, 'false'],
      [other.ids.Batterie, 'false'],
    ]);
    const same = await call('POST', `/canned-job-templates/${templateId}/publish`, w.reseller.user, undefined, 'en');
    expect(same.status).toBe(409);
    expect(same.body.errors[0].detail).toBe('The canned job has not changed since version 1: nothing to publish.');
  });

  it('refuses a job that is not one of its organizations’, and a missing one', async () => {
    const foreign = await ok('POST', '/canned-jobs', rivalManager, { data: { type: 'canned-jobs', attributes: { name: 'Volé' } } }, 201);
    const res = await call('POST', '/canned-job-templates', w.reseller.user, templateOf('Volé', foreign.data.id));
    expect(res.status).toBe(422);
    const missing = await call('POST', '/canned-job-templates', w.reseller.user, { data: { type: 'canned-job-templates', attributes: { name: 'Sans source' } } }, 'en');
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].detail).toBe('Choose the canned job to publish as a template.');
  });

  it('is not for organizations to publish, nor for another reseller or its organizations to see', async () => {
    expect((await call('POST', '/canned-job-templates', w.manager, templateOf('X', jobId))).status).toBe(403);
    expect((await call('GET', `/canned-job-templates/${templateId}`, rivalReseller.user)).status).toBe(404);
    expect((await ok('GET', '/canned-job-templates', rivalManager)).data).toEqual([]);
    expect((await ok('GET', '/canned-job-template-versions', rivalManager)).data).toEqual([]);
    expect((await call('POST', `/canned-job-templates/${templateId}/adopt`, rivalManager)).status).toBe(404);
  });
});

describe('adopting', () => {
  it('makes a job of the organization: its product by part number, a name taken gets a suffix, a trigger without its form dropped and said', async () => {
    await ok('POST', '/canned-jobs', sister, { data: { type: 'canned-jobs', attributes: { name: 'Plaquettes avant', code: 'frein-av' } } }, 201);
    const adopted = await ok('POST', `/canned-job-templates/${templateId}/adopt`, sister, undefined, 201);
    adoptionId = adopted.meta.adoption_id;
    adoptedJobId = adopted.meta.canned_job_id;
    expect(adopted.meta.matched_parts).toEqual(['PF123']);
    expect(adopted.meta.dropped_triggers.map((d: any) => [d.field_name, d.value])).toEqual([['Batterie', 'false']]);
    const job = await jobOf(sister, adoptedJobId);
    expect([job.name, job.code, job.notes]).toEqual(['Plaquettes avant (2)', 'FREIN-AV-2', 'Au temps du réseau']);
    const sisterProducts = await ok('GET', '/products?filter[search]=AUTRE', sister);
    expect(job.items.map((i: any) => [i.attributes.detail, i.relationships.product.data?.id ?? null, i.relationships.taxGroup.data])).toEqual([
      ['Plaquettes avant', sisterProducts.data[0].id],
      ['Nettoyage des étriers', null, null],
    ].map((r) => (r.length === 2 ? [...r, null] : r)));
    expect(job.triggers.map((tr: any) => [tr.relationships.inspectionFormSectionField.data.id, tr.attributes.value])).toEqual([[sisterPads, 'false']]);
    // Its adoptions are its own.
    expect((await ok('GET', '/canned-job-template-adoptions', sister)).data.map((a: any) => a.id)).toEqual([adoptionId]);
    expect((await ok('GET', '/canned-job-template-adoptions', w.manager)).data).toEqual([]);
    expect((await call('GET', `/canned-job-template-adoptions/${adoptionId}`, rivalManager)).status).toBe(404);
    // A reseller's user adopts nothing: it has no organization to put the job in.
    expect((await call('POST', `/canned-job-templates/${templateId}/adopt`, w.reseller.user)).status).toBe(422);
  });
});

describe('a newer version', () => {
  it('is offered with what changed and taken when the organization left its job as adopted', async () => {
    const items = (await jobOf(w.manager, jobId)).items;
    const cleaning = items.find((i: any) => i.attributes.detail === 'Nettoyage des étriers');
    await ok('PATCH', `/canned-job-items/${cleaning.id}`, w.manager, { data: { type: 'canned-job-items', id: cleaning.id, attributes: { time: '0,3' } } });
    await ok('POST', '/canned-job-items', w.manager, { data: { type: 'canned-job-items', attributes: { detail: 'Rodage', quantity: '1', time: '0.2' }, relationships: { cannedJob: toOne('canned-jobs', jobId) } } }, 201);
    await ok('POST', `/canned-job-templates/${templateId}/publish`, w.reseller.user);
    const offer = await ok('GET', `/canned-job-template-adoptions/${adoptionId}/changes`, sister);
    expect([offer.meta.from, offer.meta.to]).toEqual([1, 2]);
    expect(offer.meta.kept).toEqual([]);
    expect(offer.meta.apply.map((c: any) => [c.kind, c.level, c.name, c.properties])).toEqual([
      ['changed', 'item', 'Nettoyage des étriers', ['time']],
      ['added', 'item', 'Rodage', []],
    ]);
    // The version read: another is refused.
    expect((await call('POST', `/canned-job-template-adoptions/${adoptionId}/accept`, sister, { data: { attributes: { version: 3 } } })).status).toBe(409);
    const taken = await ok('POST', `/canned-job-template-adoptions/${adoptionId}/accept`, sister, { data: { attributes: { version: 2 } } });
    expect(taken.data.attributes.version).toBe(2);
    const job = await jobOf(sister, adoptedJobId);
    expect(job.name).toBe('Plaquettes avant (2)');
    expect(job.items.map((i: any) => [i.attributes.detail, i.attributes.time])).toEqual([
      ['Plaquettes avant', '1.2'],
      ['Nettoyage des étriers', '0.3'],
      ['Rodage', '0.2'],
    ]);
    expect(job.triggers).toHaveLength(1);
    expect((await call('POST', `/canned-job-template-adoptions/${adoptionId}/accept`, sister, { data: { attributes: { version: 2 } } })).status).toBe(409);
  });

  it('keeps what the organization changed and takes the rest; the whole version only when asked; or is passed on', async () => {
    const line = async (as: { token: string }, job: string, detail: string) => (await jobOf(as, job)).items.find((i: any) => i.attributes.detail === detail).id;
    const setLine = async (as: { token: string }, id: string, attributes: Record<string, unknown>) => ok('PATCH', `/canned-job-items/${id}`, as, { data: { type: 'canned-job-items', id, attributes } });
    // The garage writes its notes and its own time for the bedding-in; the reseller changes the notes, both lines' values.
    await ok('PATCH', `/canned-jobs/${adoptedJobId}`, sister, { data: { type: 'canned-jobs', id: adoptedJobId, attributes: { notes: 'Nos notes' } } });
    await setLine(sister, await line(sister, adoptedJobId, 'Rodage'), { time: '0.4' });
    await ok('PATCH', `/canned-jobs/${jobId}`, w.manager, { data: { type: 'canned-jobs', id: jobId, attributes: { notes: 'Nouvelles notes du réseau' } } });
    await setLine(w.manager, await line(w.manager, jobId, 'Rodage'), { time: '0.3' });
    await setLine(w.manager, await line(w.manager, jobId, 'Nettoyage des étriers'), { quantity: '2' });
    await ok('POST', `/canned-job-templates/${templateId}/publish`, w.reseller.user);
    const offer = await ok('GET', `/canned-job-template-adoptions/${adoptionId}/changes`, sister);
    expect(offer.meta.to).toBe(3);
    expect(offer.meta.apply.map((c: any) => [c.level, c.name, c.properties])).toEqual([['item', 'Nettoyage des étriers', ['quantity']]]);
    expect(offer.meta.kept.map((c: any) => [c.level, c.name, c.properties, c.reason])).toEqual([
      ['job', 'Plaquettes avant', ['notes'], 'changed_here'],
      ['item', 'Rodage', ['time'], 'changed_here'],
    ]);
    const taken = await ok('POST', `/canned-job-template-adoptions/${adoptionId}/accept`, sister, { data: { attributes: { version: 3 } } });
    expect(taken.meta.kept).toHaveLength(2);
    let job = await jobOf(sister, adoptedJobId);
    expect(job.notes).toBe('Nos notes');
    expect(job.items.map((i: any) => [i.attributes.detail, i.attributes.quantity, i.attributes.time])).toEqual([
      ['Plaquettes avant', '1', '1.2'],
      ['Nettoyage des étriers', '2', '0.3'],
      ['Rodage', '1', '0.4'],
    ]);
    expect(job.triggers).toHaveLength(1);
    // Version 4: passed on, not offered again until a newer one comes; then taken whole, asked for.
    await ok('PATCH', `/canned-jobs/${jobId}`, w.manager, { data: { type: 'canned-jobs', id: jobId, attributes: { code: 'FREIN-AV-RESEAU' } } });
    await ok('POST', `/canned-job-templates/${templateId}/publish`, w.reseller.user);
    const skipped = await ok('POST', `/canned-job-template-adoptions/${adoptionId}/skip`, sister, { data: { attributes: { version: 4 } } });
    expect(skipped.data.attributes.skipped_version).toBe(4);
    // Taking the whole version is asked for with a true boolean, nothing like it.
    const vague = await call('POST', `/canned-job-template-adoptions/${adoptionId}/accept`, sister, { data: { attributes: { version: 4, replace_edits: 'true' } } });
    expect([vague.status, vague.body.errors[0].code]).toEqual([422, 'validation.boolean']);
    const whole = await ok('POST', `/canned-job-template-adoptions/${adoptionId}/accept`, sister, { data: { attributes: { version: 4, replace_edits: true } } });
    expect([whole.data.attributes.version, whole.data.attributes.skipped_version, whole.meta.kept]).toEqual([4, null, []]);
    job = await jobOf(sister, adoptedJobId);
    expect([job.notes, job.code]).toEqual(['Nouvelles notes du réseau', 'FREIN-AV-RESEAU']);
    expect(job.items.find((i: any) => i.attributes.detail === 'Rodage').attributes.time).toBe('0.3');
    // Taken whole: nothing of the organization's left to keep out of the next version.
    expect((await ok('GET', `/canned-job-template-adoptions/${adoptionId}/changes`, sister)).meta).toMatchObject({ from: 4, to: 4, apply: [], kept: [] });
  });
});

describe('adopting at the limits', () => {
  it('keeps a suffixed name and code within their limits (150 and 30 characters)', async () => {
    const [name, code] = ['N'.repeat(150), 'C'.repeat(30)];
    const source = await ok('POST', '/canned-jobs', w.manager, { data: { type: 'canned-jobs', attributes: { name, code }, relationships: { items: { data: [{ type: 'canned-job-items', attributes: { detail: 'Une ligne' } }] } } } }, 201);
    const template = await ok('POST', '/canned-job-templates', w.reseller.user, templateOf('Aux limites', source.data.id), 201);
    await ok('POST', '/canned-jobs', sister, { data: { type: 'canned-jobs', attributes: { name, code } } }, 201);
    const adopted = await ok('POST', `/canned-job-templates/${template.data.id}/adopt`, sister, undefined, 201);
    const job = await jobOf(sister, adopted.meta.canned_job_id);
    expect([job.name, job.code]).toEqual([`${'N'.repeat(146)} (2)`, `${'C'.repeat(28)}-2`]);
  });
});
