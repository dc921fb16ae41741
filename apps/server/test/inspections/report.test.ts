import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FORMS, writeDemoForm } from '../../src/areas/inspections/demo.ts';
import { goodValue } from '../../src/areas/inspections/demo-report.ts';
import type { FrozenField, FrozenSection } from '../../src/areas/inspections/versions.ts';
import { rowsOf } from '../../src/db/client.ts';
import { newId } from '../../src/db/columns.ts';
import { fileApp, ISO_UTC } from '../helpers.ts';
import { createKit, type Kit } from '../kit.ts';
import { expectInlinePdf, expectReportGuarded } from '../reports/pdf-text.ts';

// The inspection report (issue 11): the PDF of GET /inspections/{id}/report, read back as text, in
// French and English, for whoever may view the inspection; share links made, opened without
// signing in (in the customer's language), revoked and expired; the token never stored.

const t = fileApp();
let garage: Kit;
let manager: string;
let manager2: string;
/** Autos Rivière, the other organization. */
let riviere: { id: string };
let completed: { id: string; organization_id: string; vehicle_score: number; note: string };
let draftId: string;
let sections: string[];
/** The English labels of the form's sections and of the completed inspection's verdict. */
let sectionsEn: string[];
let noteEn: string;

const I = '/api/v1/inspections';
const P = '/api/v1/public/inspection-reports';
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

/** GET a PDF (or an error) through the contract-checked inject; the text of a PDF. */
async function pdf(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  const isPdf = String(res.headers['content-type']).startsWith('application/pdf');
  const text = isPdf ? (await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true })).text : '';
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, text, json: isPdf ? null : JSON.parse(res.body) };
}
const report = (id: string, token: string, lang = 'fr') => pdf(`${I}/${id}/report`, { authorization: `Bearer ${token}`, 'accept-language': lang });
const share = (id: string, body: object = {}, token = manager) => t.api('POST', `${I}/${id}/share`, { token, body });

/** A JPEG of `width` pixels uploaded by an organization (as an inspector's photo is). */
async function upload(organizationId: string, width: number) {
  const id = newId();
  const path = join('uploads', organizationId, 'report-test', `${id}.jpg`);
  const file = join(t.config.dataDir, path);
  await mkdir(dirname(file), { recursive: true });
  const bytes = await sharp({ create: { width, height: (width * 3) / 4, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
  await writeFile(file, bytes);
  await t.database.db.execute(
    sql`INSERT INTO uploads (id, organization_id, resource_type, record_id, field, path, mime, size) VALUES (${id}, ${organizationId}, 'inspection-fields', 'x', 'images', ${path}, 'image/jpeg', ${bytes.length})`,
  );
  return { id, url: `/api/v1/uploads/${id}/content`, size: bytes.length };
}

/** A signature as a signature pad gives it: a PNG data URL. */
const signature = async () => `data:image/png;base64,${(await sharp({ create: { width: 360, height: 120, channels: 3, background: '#ffffff' } }).png().toBuffer()).toString('base64')}`;

/** What the inspector saw besides "all good": a tire to replace, pads to watch, a chipped windshield (each the first field of its type). */
const FINDINGS = {
  TIRE_STATE_WIDGET: { value: { value: 'to_replace', depth_mm: 2.5, pressure_psi: 31 }, action: 'replace', comment: 'Usure avancée à l’intérieur : à remplacer avant l’hiver.' },
  PAD_THICKNESS_WIDGET: { value: { value: 'bad', thickness_mm: 3 }, action: 'schedule', comment: 'Plaquettes à 3 mm : prévoir au prochain entretien.' },
  STATE_WIDGET: { value: { value: 'bad' }, action: 'repair', comment: 'Éclat sur le pare-brise, côté passager.' },
};

/**
 * Garage Démo's 100-point inspection of a Kona for Transport Laval (which reads English), carried
 * through the API as an inspector does: started, the findings answered, every section "all good",
 * the reminders ticked, signed.
 */
async function completedInspection(form: string, vehicle: { id: string }) {
  const customer = await garage.make('customers', { type: 'company', company_name: 'Transport Laval inc.', locale: 'en' });
  const { id } = await garage.make('inspections', { odometer: 18_650 }, { inspectionForm: form, vehicle, customer });
  const act = async (action: string, body?: unknown) => {
    const res = await garage.act('inspections', id, action, garage.admin, body);
    expect(res.status, `${action} ${JSON.stringify(res.body).slice(0, 600)}`).toBe(200);
  };
  await act('start');
  for (const [type, answer] of Object.entries(FINDINGS)) {
    const [field] = await rows<{ id: string }>(
      sql`SELECT f.id FROM inspection_fields f JOIN inspection_form_section_fields d ON d.id = f.field_id WHERE f.inspection_id = ${id} AND d.field_type = ${type} ORDER BY f.position LIMIT 1`,
    );
    const res = await t.api('PATCH', `/api/v1/inspection-fields/${field.id}`, { token: manager, body: { data: { type: 'inspection-fields', id: field.id, attributes: answer } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  for (const { id: section_id } of await rows<{ id: string }>(sql`SELECT id FROM inspection_form_sections WHERE inspection_form_id = ${form} AND parent_id IS NULL ORDER BY order_number`))
    await act('set-section-good', { section_id });
  const { structure } = (await t.api('GET', `${I}/${id}?include=inspectionFormVersion`, { token: manager })).body.included[0].attributes;
  const completion = { data: { type: 'inspections', id, attributes: { signature: await signature(), checked_reminders: structure.reminders.map((r: { id: string }) => r.id) } } };
  // "All good" chooses options; the numbers and texts still required are given a good value, as the inspector types one.
  const refused = await garage.act('inspections', id, 'complete', garage.admin, completion);
  expect(refused.status).toBe(422);
  const fields = new Map<string, FrozenField>(structure.sections.flatMap((s: FrozenSection) => s.subSections.flatMap((b) => b.fields.map((f) => [f.id, f]))));
  for (const { meta } of refused.body.errors as { meta: { inspection_field_id: string; field_id: string } }[]) {
    const value = goodValue(fields.get(meta.field_id)!);
    const res = await t.api('PATCH', `/api/v1/inspection-fields/${meta.inspection_field_id}`, { token: manager, body: { data: { type: 'inspection-fields', id: meta.inspection_field_id, attributes: { value } } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await act('complete', completion);
  return id;
}

beforeAll(async () => {
  garage = await createKit(t, { name: 'Garage Démo' });
  const other = await createKit(t, { name: 'Autos Rivière' });
  riviere = other.organization;
  manager = garage.admin.token;
  manager2 = other.admin.token;
  await writeDemoForm(t.database.db, garage.organization.id, DEMO_FORMS.preDelivery);
  const { id: form } = (await rows<{ id: string }>(sql`SELECT id FROM inspection_forms WHERE organization_id = ${garage.organization.id}`))[0];
  const vehicle = await garage.make('vehicles', { vin: 'KM8K2CAB4PU001140', make: 'Hyundai', model: 'Kona', model_year: 2023 });
  const id = await completedInspection(form, vehicle);
  [completed] = await rows(sql`SELECT id, organization_id, vehicle_score, score_data->>'note' AS note FROM inspections WHERE id = ${id}`);
  // Another inspection, assigned, not started.
  ({ id: draftId } = await garage.make('inspections', {}, { inspectionForm: form, vehicle, assignedToUsers: [garage.admin] }));
  const [version] = await rows<{ structure: { sections: { name: string; name_en: string }[]; notes: { text: string; text_en: string }[] } }>(
    sql`SELECT v.structure FROM inspection_form_versions v JOIN inspections i ON i.inspection_form_version_id = v.id WHERE i.id = ${completed.id}`,
  );
  sections = version.structure.sections.map((s) => s.name);
  sectionsEn = version.structure.sections.map((s) => s.name_en);
  noteEn = version.structure.notes.find((n) => n.text === completed.note)!.text_en;
}, 120_000);

describe('GET /inspections/{id}/report', () => {
  it('answers a PDF in French: vehicle, customer, score, verdict, sections, recommended work by urgency', async () => {
    const res = await report(completed.id, manager);
    expectInlinePdf(res, /^inline; filename="rapport-inspection-I-\d{4}-\d{6}\.pdf"$/);
    for (const text of ['Rapport d’inspection', 'Garage Démo', 'KM8K2CAB4PU001140', 'Hyundai', 'Kona', '2023', '18 650 km', 'Transport Laval inc.', 'Note du véhicule', completed.note, ...sections])
      expect(res.text, text).toContain(text);
    expect(res.text).toContain(String(completed.vehicle_score));
    // The findings: a tire to replace and pads "bad" to schedule, both safety-critical (so
    // needed now, marked first), their comments and measures.
    expect(res.text).toContain('Travaux recommandés');
    expect(res.text).toContain('À faire maintenant');
    expect(res.text).toMatch(/Sécurité — Remplacer — .+ \(Freins et pneus\) : Usure avancée à l’intérieur/);
    expect(res.text).toMatch(/Sécurité — Planifier — Plaquettes/);
    expect(res.text).toContain('Profondeur 2,5 mm');
    expect(res.text).toContain('Rappels');
    expect(res.text).toContain('Signature');
    expect(res.text).not.toContain('PROVISOIRE');
  });

  it('answers it in English with Accept-Language: en: the form’s English labels, its verdict and states in English', async () => {
    const res = await report(completed.id, manager, 'en');
    expect(res.status).toBe(200);
    expect(noteEn).toBeTruthy();
    expect(sectionsEn).toContain('Brakes and tires');
    for (const text of ['Inspection report', 'Vehicle score', 'Recommended work', 'Needed now', 'Replace', 'Tread depth 2.5 mm', noteEn, ...sectionsEn]) expect(res.text, text).toContain(text);
    expect(res.text).toMatch(/Replace — .+ \(Brakes and tires\)/);
    // Neither the French verdict ("Excellent état") nor a French section name.
    for (const text of [completed.note, 'Freins et pneus', 'Sous le capot']) expect(res.text, text).not.toContain(text);
    expect(res.headers['content-disposition']).toMatch(/inspection-report-I-/);
  });

  it('prints every French character: œ, ’, « », é, à, ç', async () => {
    const text = 'Le cœur du « problème » : l’embrayage à vérifier, reçu déjà usé.';
    await t.database.db.execute(sql`UPDATE inspections SET comments = ${text} WHERE id = ${completed.id}`);
    expect((await report(completed.id, manager)).text).toContain(text);
  });

  it('prints the settings’ document footer on every page', async () => {
    const footer = 'Garage Démo inc. · TPS 123456789 RT0001 · TVQ 1234567890 TQ0001';
    await t.database.db.execute(sql`UPDATE options SET value = ${JSON.stringify(footer)}::jsonb WHERE organization_id = ${completed.organization_id} AND name = 'general.document_footer'`);
    try {
      const res = await report(completed.id, manager);
      const doc = await getDocumentProxy(new Uint8Array(res.raw));
      const pages = (await extractText(doc, { mergePages: false })).text as string[];
      expect(pages.length).toBeGreaterThan(1);
      for (const page of pages) expect(page).toContain(footer);
    } finally {
      await t.database.db.execute(sql`UPDATE options SET value = '""'::jsonb WHERE organization_id = ${completed.organization_id} AND name = 'general.document_footer'`);
    }
  });

  it('marks a report before completion as a draft', async () => {
    const fr = await report(draftId, manager);
    expect(fr.status).toBe(200);
    expect(fr.text).toContain('PROVISOIRE');
    expect(fr.text).toContain('Rapport provisoire : l’inspection n’est pas terminée (état : À faire).');
    expect((await report(draftId, manager, 'en')).text).toContain('DRAFT');
  });

  it('is refused without the right to view inspections (403) and does not exist for another organization (404)', async () => {
    const nobody = await garage.user({ permissions: ['view any vehicles'] });
    await expectReportGuarded(t, `${I}/${completed.id}/report`, nobody.token, manager2);
  });

  it('embeds the photos of its fields, downscaled, and never another organization’s file', async () => {
    const mine = await upload(completed.organization_id, 4000);
    const theirs = await upload(riviere.id, 800);
    const [field] = await rows<{ id: string }>(sql`SELECT id FROM inspection_fields WHERE inspection_id = ${completed.id} AND comment IS NOT NULL ORDER BY position LIMIT 1`);
    await t.database.db.execute(sql`UPDATE inspection_fields SET images = ${JSON.stringify([mine.url, theirs.url])}::jsonb WHERE id = ${field.id}`);
    try {
      const res = await report(completed.id, manager);
      expect(res.status).toBe(200);
      // The one photo of this organization, as a JPEG (the signature is a PNG); the other is a placeholder.
      expect(res.raw.toString('latin1').match(/\/DCTDecode/g) ?? []).toHaveLength(1);
      expect(res.text).toContain('Photo non disponible');
      // A 4000-pixel photo is printed as a thumbnail: the PDF is far smaller than the file.
      expect(res.raw.length).toBeLessThan(mine.size);
    } finally {
      await t.database.db.execute(sql`UPDATE inspection_fields SET images = '[]'::jsonb WHERE id = ${field.id}`);
    }
  });
});

describe('share links', () => {
  let token: string;

  it('makes a link in the customer’s language, shows its token once and stores only its SHA-256', async () => {
    const res = await share(completed.id, { data: { type: 'inspections', id: completed.id, attributes: { expires_in_days: 7 } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.attributes.shared).toBe(true);
    const link = res.body.meta.share;
    token = link.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`http://atelier.test/shared/inspections/${token}`);
    // Transport Laval reads English.
    expect(link.locale).toBe('en');
    // ISO 8601 UTC, as the attributes give their dates.
    expect(link.expires_at).toMatch(ISO_UTC);
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const stored = await rows<Record<string, unknown>>(sql`SELECT * FROM inspection_shares WHERE inspection_id = ${completed.id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const logged = await rows<{ changes: unknown }>(sql`SELECT to_jsonb(l) AS changes FROM logs l WHERE subject_id = ${completed.id}`);
    expect(JSON.stringify(logged)).not.toContain(token);
  });

  it('lists the active links (never their tokens) with add_data=shares', async () => {
    const res = await t.api('GET', `${I}/${completed.id}?add_data=shares`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.body.meta.shares).toHaveLength(1);
    expect(res.body.meta.shares[0]).toMatchObject({ locale: 'en', inspection_id: completed.id, expires_at: expect.stringMatching(ISO_UTC), created_at: expect.stringMatching(ISO_UTC) });
    expect(JSON.stringify(res.body)).not.toContain(token);
  });

  it('opens the report without signing in, in the link’s language, and its summary', async () => {
    const res = await pdf(`${P}/${token}?tz=America/Vancouver`);
    expect(res.status).toBe(200);
    for (const text of ['Inspection report', 'KM8K2CAB4PU001140', 'Vehicle score', noteEn, ...sectionsEn]) expect(res.text, text).toContain(text);
    const summary = await t.api('GET', `${P}/${token}/summary`, { headers: { 'accept-language': 'fr' } });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ locale: 'en', organization: 'Garage Démo', vehicle: { vin: 'KM8K2CAB4PU001140', make: 'Hyundai' }, vehicle_score: completed.vehicle_score, note: noteEn });
    expect(summary.body.expires_at).toMatch(ISO_UTC);
    expect(summary.body.completed_at).toMatch(ISO_UTC);
    expect(summary.body.sections.map((s: { name: string }) => s.name)).toEqual(sectionsEn);
    expect(summary.body.work[0]).toMatchObject({ urgency: 'urgent' });
  });

  it('gives each finding its answer, colour, comment, action and photos (through the link), and serves no other upload', async () => {
    const mine = await upload(completed.organization_id, 2400);
    const elsewhere = await upload(completed.organization_id, 400);
    const theirs = await upload(riviere.id, 400);
    // A finding of the report (an action chosen, a comment written).
    const [field] = await rows<{ id: string; action: string; comment: string }>(
      sql`SELECT id, action, comment FROM inspection_fields WHERE inspection_id = ${completed.id} AND action IS NOT NULL AND comment IS NOT NULL AND touched AND NOT not_applicable ORDER BY position LIMIT 1`,
    );
    expect(field).toBeDefined();
    await t.database.db.execute(sql`UPDATE inspection_fields SET images = ${JSON.stringify([mine.url])}::jsonb WHERE id = ${field.id}`);
    try {
      const summary = await t.api('GET', `${P}/${token}/summary`);
      expect(summary.status).toBe(200);
      const findings = summary.body.work.flatMap((g: { items: unknown[] }) => g.items) as { action: string; comment: string | null; answer: string | null; tone: string | null; photos: string[] }[];
      const found = findings.find((f) => f.comment === field.comment.trim());
      expect(found).toMatchObject({ action: field.action, answer: expect.any(String), tone: expect.stringMatching(/^(good|warn|bad|neutral)$/), photos: [`${P}/${token}/photos/${mine.id}`] });
      // Every finding carries its state in words.
      for (const f of findings) expect(f.answer).toBeTruthy();

      // The photo through the link, without signing in, downscaled for a phone.
      const photo = await t.app.inject({ method: 'GET', url: found!.photos[0] });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(photo.rawPayload).metadata()).width).toBe(1600);
      // Not a finding's photo, another organization's, or under a link nobody made: 404.
      for (const id of [elsewhere.id, theirs.id]) expect((await t.app.inject({ method: 'GET', url: `${P}/${token}/photos/${id}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `${P}/${randomBytes(32).toString('base64url')}/photos/${mine.id}` })).statusCode).toBe(404);
    } finally {
      await t.database.db.execute(sql`UPDATE inspection_fields SET images = '[]'::jsonb WHERE id = ${field.id}`);
    }
  });

  it('takes the language asked for, and refuses a bad duration or language with 422, writing nothing', async () => {
    const fr = await share(completed.id, { locale: 'fr', expires_in_days: 90 });
    expect(fr.status).toBe(200);
    expect(fr.body.meta.share.locale).toBe('fr');
    expect((await pdf(`${P}/${fr.body.meta.share.token}`)).text).toContain('Rapport d’inspection');
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM inspection_shares`);
    for (const body of [{ expires_in_days: 0 }, { expires_in_days: 91 }, { expires_in_days: 2.5 }, { expires_in_days: '7' }, { locale: 'de' }]) {
      const res = await t.api('POST', `${I}/${completed.id}/share`, { token: manager, body, headers: { 'accept-language': 'en' } });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[0].source.pointer).toMatch(/^\/data\/attributes\/(expires_in_days|locale)$/);
    }
    expect((await t.api('POST', `${I}/${completed.id}/share`, { token: manager, body: { expires_in_days: 0 }, headers: { 'accept-language': 'en' } })).body.errors[0].detail).toBe(
      'The link’s duration must be a whole number of days between 1 and 90',
    );
    // Options of another shape are refused where they are, not read as "the defaults".
    for (const body of [{ data: [] }, { data: { attributes: 'en' } }, []]) {
      const res = await t.api('POST', `${I}/${completed.id}/share`, { token: manager, body, headers: { 'accept-language': 'en' } });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM inspection_shares`))[0].n).toBe(n);
  });

  it('is refused before completion (409), to another organization (404) and without the share permission (403)', async () => {
    expect((await share(draftId)).status).toBe(409);
    expect((await share(completed.id, {}, manager2)).status).toBe(404);
    const viewer = await garage.user({ permissions: ['view module inspections', 'view any inspections', 'view inspections'] });
    expect((await share(completed.id, {}, viewer.token)).status).toBe(403);
    // A viewer reads the report, but not the links.
    expect((await report(completed.id, viewer.token)).status).toBe(200);
    expect((await t.api('GET', `${I}/${completed.id}?add_data=shares`, { token: viewer.token })).body.meta.shares).toEqual([]);
  });

  it('answers 404 for an unknown or malformed token, 410 in the link’s language once expired', async () => {
    expect((await pdf(`${P}/${randomBytes(32).toString('base64url')}`)).status).toBe(404);
    const bad = await t.api('GET', `${P}/not-a-token/summary`, { headers: { 'accept-language': 'en' } });
    expect(bad.status).toBe(404);
    expect(bad.body.errors[0].detail).toBe('This report link does not exist. Check the address you received.');
    const made = await share(completed.id, { expires_in_days: 1 });
    await t.database.db.execute(sql`UPDATE inspection_shares SET expires_at = now() - interval '1 minute' WHERE id = ${made.body.meta.share.id}`);
    const expired = await t.api('GET', `${P}/${made.body.meta.share.token}/summary`, { headers: { 'accept-language': 'fr' } });
    expect(expired.status).toBe(410);
    expect(expired.body.errors[0].detail).toBe('This report link has expired or was revoked. Ask the dealership for a new link.');
    expect((await pdf(`${P}/${made.body.meta.share.token}`)).status).toBe(410);
  });

  it('unshare revokes every active link: they answer 410, and the inspection is no longer shared', async () => {
    const res = await t.api('POST', `${I}/${completed.id}/unshare`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.shared).toBe(false);
    expect((await pdf(`${P}/${token}`)).status).toBe(410);
    expect((await t.api('GET', `${P}/${token}/summary`)).status).toBe(410);
    expect((await t.api('GET', `${I}/${completed.id}?add_data=shares`, { token: manager })).body.meta.shares).toEqual([]);
    const [{ open }] = await rows<{ open: number }>(sql`SELECT count(*)::int AS open FROM inspection_shares WHERE inspection_id = ${completed.id} AND revoked_at IS NULL AND expires_at > now()`);
    expect(open).toBe(0);
  });

  it('closes the links of an inspection redone (canceled) since', async () => {
    const made = await share(completed.id);
    expect((await t.api('GET', `${P}/${made.body.meta.share.token}/summary`)).status).toBe(200);
    expect((await t.api('POST', `${I}/${completed.id}/redo`, { token: manager })).status).toBe(200);
    expect((await t.api('GET', `${P}/${made.body.meta.share.token}/summary`)).status).toBe(410);
  });

  it('limits the public reads of one address (429 once over)', async () => {
    let status = 0;
    for (let k = 0; k < 70 && status !== 429; k++) status = (await t.api('GET', `${P}/${randomBytes(32).toString('base64url')}/summary`)).status;
    expect(status).toBe(429);
  });
});
