import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncResult } from '@atelier/domain';
import { rowsOf } from '../../src/db/client.ts';
import { createTestApp, MEDIA, type TestApp } from '../helpers.ts';
import { DEMO_FORMS, writeDemoForm } from '../../src/areas/inspections/demo.ts';
import { makeInspectionForm } from '../factories.ts';
import { createKit, type Kit } from '../kit.ts';
import { inflatingWorkbook } from '../imports/workbooks.ts';

let t: TestApp;
let garage: Kit;
let manager: string;
let manager2: string;

beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_BYTES: '100000' });
  garage = await createKit(t);
  manager = garage.admin.token;
  manager2 = (await createKit(t)).admin.token;
});
afterAll(() => t?.close());

const FR = ['Section', 'Icône de section', 'Facteur de section', 'Sous-section', 'Facteur de sous-section', 'Champ', 'Type', 'Options', 'Photo permise', 'Commentaire permis', 'Sans objet permis', 'Icône', 'Coefficient', 'Condition'];
const EN = ['Section', 'Section icon', 'Section factor', 'Sub-section', 'Sub-section factor', 'Field', 'Type', 'Options', 'Photo allowed', 'Comment allowed', 'Not applicable allowed', 'Icon', 'Coefficient', 'Condition'];

/** A pre-delivery form, in French: two sections, three sub-sections, five fields, a condition. */
const START = [
  ['Extérieur', 'car', '2', 'Carrosserie', '1', 'Fuite visible ?', 'Case à cocher', 'oui:0|non:5', 'non', 'oui', 'non', '', '1', ''],
  ['Extérieur', 'car', '2', 'Carrosserie', '1', 'Pare-brise', 'État', 'bon:10|à remplacer:0|mauvais:2|sans objet:0', 'oui', 'non', 'oui', 'glass', '1', 'Fuite visible ? = oui'],
  ['Extérieur', 'car', '2', 'Pneus', '2', 'Pneu avant gauche', 'État du pneu', 'bon:10|à remplacer:0|mauvais:3|sans objet:0', 'non', 'non', 'non', '', '1', ''],
  ['Mécanique', '', '1', 'Freins', '1,5', 'Épaisseur (mm)', 'Nombre', '0-2:0|3-12:10', 'non', 'non', 'non', 'disc', '2', ''],
  ['Mécanique', '', '1', 'Freins', '1,5', 'Remarques', 'Texte', '', 'non', 'oui', 'non', '', '1', ''],
];

const csv = (columns: string[], rows: string[][], sep = ';') => [columns, ...rows].map((l) => l.map((c) => (/[;",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(sep)).join('\r\n') + '\r\n';

async function xlsx(columns: string[], rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Champs');
  sheet.addRow(columns);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** POST a file as a browser's FormData sends it. */
async function send(token: string, formId: string, action: 'dry-run' | 'run', content: Buffer | string, opts: { name?: string; locale?: string } = {}) {
  const boundary = '----atelier' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.name ?? 'champs.csv'}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/inspection-forms/${formId}/sync-fields/${action}`,
    headers: {
      authorization: `Bearer ${token}`,
      accept: `${MEDIA}, application/json`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(opts.locale ? { 'accept-language': opts.locale } : {}),
    },
    payload,
  });
  return { status: res.statusCode, body: res.json(), type: String(res.headers['content-type']) };
}

async function newForm(token: string, name: string): Promise<string> {
  const res = await t.api('POST', '/api/v1/inspection-forms', { token, body: { data: { type: 'inspection-forms', attributes: { name } } } });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** Everything the sync may write for a form, and its activity: equal before and after means nothing was written. */
async function fingerprint(formId: string): Promise<string> {
  const [row] = rowsOf<{ f: string }>(
    await t.database.db.execute(sql`
      SELECT concat_ws('|',
        (SELECT md5(coalesce(string_agg(row_to_json(s)::text, ',' ORDER BY s.id), '')) FROM inspection_form_sections s WHERE s.inspection_form_id = ${formId}),
        (SELECT md5(coalesce(string_agg(row_to_json(f)::text, ',' ORDER BY f.id), '')) FROM inspection_form_section_fields f WHERE f.inspection_form_id = ${formId}),
        (SELECT md5(row_to_json(x)::text) FROM inspection_forms x WHERE x.id = ${formId}),
        (SELECT count(*) FROM logs WHERE subject_id = ${formId}::text)) AS f`),
  );
  return row.f;
}

interface Tree {
  sections: { id: string; name: string; icon: string | null; factor: number; order_number: number; subSections: { id: string; name: string; factor: number; order_number: number; fields: Record<string, unknown>[] }[] }[];
}

/** The form as the API reads it: sections, sub-sections and fields, in order. */
async function treeOf(token: string, formId: string): Promise<Tree> {
  const sections = await t.api('GET', `/api/v1/inspection-form-sections?filter[inspectionForm]=${formId}&page[size]=500&sort=order_number`, { token });
  const fields = await t.api('GET', `/api/v1/inspection-form-section-fields?filter[inspectionForm]=${formId}&page[size]=500&sort=order_number`, { token });
  type Res = { id: string; attributes: Record<string, unknown>; relationships: Record<string, { data: { id: string } | null }> };
  const all = sections.body.data as Res[];
  const top = all.filter((s) => !s.relationships.parent?.data);
  return {
    sections: top.map((s) => ({
      id: s.id,
      name: s.attributes.name as string,
      icon: s.attributes.icon as string | null,
      factor: Number(s.attributes.factor),
      order_number: s.attributes.order_number as number,
      subSections: all
        .filter((sub) => sub.relationships.parent?.data?.id === s.id)
        .map((sub) => ({
          id: sub.id,
          name: sub.attributes.name as string,
          factor: Number(sub.attributes.factor),
          order_number: sub.attributes.order_number as number,
          fields: (fields.body.data as Res[]).filter((f) => f.relationships.section.data?.id === sub.id).map((f) => ({ id: f.id, ...f.attributes })),
        })),
    })),
  };
}

describe('POST /inspection-forms/{id}/sync-fields/dry-run and /run', () => {
  let formId: string;

  it('fills a new form from an XLSX file, and answers what it added as raw JSON', async () => {
    formId = await newForm(manager, 'Inspection avant livraison (sync)');
    const file = await xlsx(FR, START);
    const dry = await send(manager, formId, 'dry-run', file, { name: 'champs.xlsx' });
    expect(dry.status).toBe(200);
    expect(dry.type).toMatch(/^application\/json/);
    expect(dry.body.counts).toEqual({ added: 10, changed: 0, removed: 0, refused: 0, unchanged: 0 });

    const ran = await send(manager, formId, 'run', file, { name: 'champs.xlsx' });
    expect(ran.status).toBe(200);
    expect(ran.body).toEqual(dry.body);

    const tree = await treeOf(manager, formId);
    expect(tree.sections.map((s) => [s.name, s.icon, s.factor, s.order_number, s.subSections.map((x) => [x.name, x.factor, x.order_number, x.fields.map((f) => f.name)])])).toEqual([
      ['Extérieur', 'car', 2, 0, [['Carrosserie', 1, 0, ['Fuite visible ?', 'Pare-brise']], ['Pneus', 2, 1, ['Pneu avant gauche']]]],
      ['Mécanique', null, 1, 1, [['Freins', 1.5, 0, ['Épaisseur (mm)', 'Remarques']]]],
    ]);
    const [leak, windshield] = tree.sections[0].subSections[0].fields;
    expect(windshield).toMatchObject({
      field_type: 'STATE_WIDGET',
      points_threshold: [
        { option: 'good', points: 10 },
        { option: 'to_replace', points: 0 },
        { option: 'bad', points: 2 },
        { option: 'not_applicable', points: 0 },
      ],
      can_upload_image: true,
      enable_na: true,
      icon: 'glass',
      conditional_field: true,
      conditions: [{ field: leak.id, operator: 'equals', value: 'yes' }],
      order_number: 1,
    });
    expect(Number(tree.sections[1].subSections[0].fields[0].coefficient)).toBe(2);

    const [log] = rowsOf<{ event: string; properties: { attributes: Record<string, unknown> } }>(
      await t.database.db.execute(sql`SELECT event, properties FROM logs WHERE subject_id = ${formId}::text AND event = 'sync_fields'`),
    );
    expect(log.properties.attributes).toEqual({ file: 'champs.xlsx', added: 10, changed: 0, removed: 0 });
  });

  it('exports the form as a template that, sent back unchanged, changes nothing (XLSX and CSV, French and English)', async () => {
    for (const [format, locale] of [['xlsx', 'fr'], ['csv', 'en'], ['csv', 'fr']] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/inspection-forms/${formId}/sync-fields/template?format=${format}&locale=${locale}`,
        headers: { authorization: `Bearer ${manager}`, accept: '*/*' },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(locale === 'fr' ? 'champs' : 'fields'));
      if (format === 'csv') expect(res.body.split('\r\n')[0]).toContain(locale === 'fr' ? 'Sous-section;Facteur de sous-section;Champ' : 'Sub-section,Sub-section factor,Field');
      const dry = await send(manager, formId, 'dry-run', res.rawPayload, { name: `modele.${format}` });
      expect(dry.status).toBe(200);
      expect(dry.body.counts).toEqual({ added: 0, changed: 0, removed: 0, refused: 0, unchanged: 10 });
    }
  });

  it('exports every demo form so that, sent back unchanged, it changes nothing', async () => {
    // Garage Démo's two, written in this garage.
    for (const form of [DEMO_FORMS.preDelivery, DEMO_FORMS.seasonal]) await writeDemoForm(t.database.db, garage.organization.id, form);
    const forms = await t.api('GET', '/api/v1/inspection-forms?page[size]=50', { token: manager });
    const demo = (forms.body.data as { id: string }[]).filter((f) => f.id !== formId);
    expect(demo.length).toBe(2);
    for (const form of demo) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/inspection-forms/${form.id}/sync-fields/template`, headers: { authorization: `Bearer ${manager}`, accept: '*/*' } });
      expect(res.statusCode).toBe(200);
      const dry = await send(manager, form.id, 'dry-run', res.rawPayload, { name: 'modele.xlsx' });
      expect(dry.body.refused).toEqual([]);
      expect(dry.body.counts).toMatchObject({ added: 0, changed: 0, removed: 0 });
      expect(dry.body.counts.unchanged).toBeGreaterThan(10);
    }
  });

  it('answers a dry run that writes nothing, and a run that writes exactly what it answered', async () => {
    const rows = START.map((r) => [...r]);
    rows[0][7] = 'oui:0|non:4'; // changed points
    rows[1][13] = 'Fuite visible ? = non'; // changed condition
    rows.splice(2, 1); // removes the Pneus sub-section and its field
    rows.push(['Intérieur', 'seat', '1', 'Sièges', '1', 'Usure du tissu', 'Choix unique', 'aucune:10|légère:5|forte:0', 'oui', 'oui', 'non', '', '1', '[Mécanique / Freins / Épaisseur (mm)] < 3']);
    // Remarques before Épaisseur: order only.
    const [thickness, remarks] = [rows[2], rows[3]];
    rows[2] = remarks;
    rows[3] = thickness;
    const file = csv(FR, rows);

    const before = await fingerprint(formId);
    const dry = await send(manager, formId, 'dry-run', file);
    expect(dry.status).toBe(200);
    expect(await fingerprint(formId)).toBe(before);
    const result = dry.body as SyncResult;
    expect(result.refused).toEqual([]);
    expect(result.counts).toEqual({ added: 3, changed: 4, removed: 2, refused: 0, unchanged: 4 });
    expect(result.removed.map((r) => [r.kind, r.path])).toEqual([
      ['sub_section', { section: 'Extérieur', sub_section: 'Pneus' }],
      ['field', { section: 'Extérieur', sub_section: 'Pneus', field: 'Pneu avant gauche' }],
    ]);
    expect(result.changed.map((c) => [c.path.field ?? c.path.sub_section ?? c.path.section, c.changes.map((x) => x.attribute)])).toEqual([
      ['Fuite visible ?', ['points_threshold']],
      ['Pare-brise', ['conditions']],
      ['Remarques', ['order_number']],
      ['Épaisseur (mm)', ['order_number']],
    ]);

    const ran = await send(manager, formId, 'run', file);
    expect(ran.status).toBe(200);
    expect(ran.body).toEqual(dry.body);

    // The form now is what the dry run said: every change's "after", every addition, no removed record.
    const tree = await treeOf(manager, formId);
    const fields = new Map(tree.sections.flatMap((s) => s.subSections.flatMap((sub) => sub.fields.map((f) => [f.id as string, f]))));
    const sections = new Map<string, object>(tree.sections.flatMap((s) => [[s.id, s] as const, ...s.subSections.map((sub) => [sub.id, sub] as const)]));
    const pathOf = new Map(tree.sections.flatMap((s) => s.subSections.flatMap((sub) => sub.fields.map((f) => [f.id as string, { section: s.name, sub_section: sub.name, field: f.name }]))));
    const asStored = (attribute: string, value: unknown) =>
      attribute === 'conditions' ? (value as { field: string }[]).map((c) => ({ ...c, field: pathOf.get(c.field) })) : ['coefficient', 'factor'].includes(attribute) ? Number(value) : value;
    for (const c of result.changed) {
      const record = (c.kind === 'field' ? fields.get(c.id) : sections.get(c.id)) as Record<string, unknown>;
      for (const change of c.changes) expect(asStored(change.attribute, record[change.attribute])).toEqual(change.after);
    }
    for (const r of result.removed) expect(r.kind === 'field' ? fields.has(r.id) : sections.has(r.id)).toBe(false);
    const added = result.added.find((a) => a.kind === 'field')!;
    const fabric = tree.sections[2].subSections[0].fields[0];
    for (const [attribute, value] of Object.entries(added.attributes)) expect(asStored(attribute, fabric[attribute])).toEqual(value);
    expect(tree.sections.map((s) => s.name)).toEqual(['Extérieur', 'Mécanique', 'Intérieur']);
    expect(tree.sections[1].subSections[0].fields.map((f) => [f.name, f.order_number])).toEqual([
      ['Remarques', 0],
      ['Épaisseur (mm)', 1],
    ]);

    // Sent again, the same file changes nothing.
    const again = await send(manager, formId, 'dry-run', file);
    expect(again.body.counts).toEqual({ added: 0, changed: 0, removed: 0, refused: 0, unchanged: 11 });
  });

  it('answers refused lines with their reasons in French and in English; the run refuses the whole file (422) and writes nothing', async () => {
    const rows = START.map((r) => [...r]);
    rows[0][6] = 'Couleur'; // unknown type
    rows[3][7] = '0-5:0|5-12:10'; // overlapping ranges (the form rules)
    rows[4][5] = 'épaisseur (MM)'; // same name in the sub-section
    const file = csv(FR, rows);
    const fr = await send(manager, formId, 'dry-run', file);
    expect(fr.status).toBe(200);
    expect(fr.body.refused).toEqual([
      { line: 2, column: 'field_type', code: 'sync.type_unknown', params: { value: 'Couleur' }, message: 'Le type « Couleur » n’existe pas' },
      { line: 5, column: 'options', code: 'inspection_form.range_overlap', params: { option: '5-12', other: '0-5' }, message: 'La plage « 5-12 » chevauche la plage « 0-5 »' },
      { line: 6, column: 'field', code: 'sync.duplicate', params: { name: 'épaisseur (MM)', line: 5 }, message: 'Le champ « épaisseur (MM) » figure déjà dans cette sous-section (ligne 5)' },
    ]);
    expect(fr.body.counts.refused).toBe(3);
    const en = await send(manager, formId, 'dry-run', file, { locale: 'en' });
    expect(en.body.refused.map((r: { message: string }) => r.message)).toEqual([
      'The type “Couleur” does not exist',
      expect.stringMatching(/5-12.*0-5/),
      'The field “épaisseur (MM)” is already in this sub-section (line 5)',
    ]);

    const before = await fingerprint(formId);
    const ran = await send(manager, formId, 'run', file, { locale: 'en' });
    expect(ran.status).toBe(422);
    expect(ran.body.errors.map((e: { code: string; detail: string }) => [e.code, e.detail])).toEqual([
      ['sync.type_unknown', 'Line 2, Type: The type “Couleur” does not exist'],
      ['inspection_form.range_overlap', expect.stringMatching(/^Line 5, Options: /)],
      ['sync.duplicate', 'Line 6, Field: The field “épaisseur (MM)” is already in this sub-section (line 5)'],
    ]);
    expect(await fingerprint(formId)).toBe(before);
  });

  it('refuses a file without the required columns, naming them in the reader’s language', async () => {
    const dry = await send(manager, formId, 'dry-run', csv(['Section', 'Champ', 'Typ'], [['A', 'B', 'Texte']]), { locale: 'en' });
    expect(dry.body.refused.map((r: { line: number; message: string }) => [r.line, r.message])).toEqual([
      [1, 'The column “Typ” is not recognised: see the template’s columns'],
      [1, 'The column “Sub-section” is required'],
      [1, 'The column “Type” is required'],
    ]);
  });

  it('reads English headers and words', async () => {
    const id = await newForm(manager, 'Seasonal (sync)');
    const rows = [['Tires', '', '', 'Front', '', 'Left tire', 'Tire state', 'good:10|to replace:0|bad:3|not applicable:0', 'yes', 'no', 'no', '', '1', '']];
    const ran = await send(manager, id, 'run', csv(EN, rows, ','), { locale: 'en' });
    expect(ran.status).toBe(200);
    expect(ran.body.counts.added).toBe(3);
    const tree = await treeOf(manager, id);
    expect(tree.sections[0].subSections[0].fields[0]).toMatchObject({ name: 'Left tire', field_type: 'TIRE_STATE_WIDGET', can_upload_image: true });
  });

  it('answers bad files as imports do: not a spreadsheet, too large, no file', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const notSheet = await send(manager, formId, 'dry-run', png, { name: 'photo.png' });
    expect(notSheet.status).toBe(422);
    expect(notSheet.body.errors[0]).toMatchObject({ code: 'import.file_type', detail: 'Le fichier doit être un CSV ou un classeur Excel (XLSX).', source: { parameter: 'file' } });
    const big = await send(manager, formId, 'run', 'x'.repeat(200_000));
    expect(big.status).toBe(413);
    expect(big.body.errors[0].code).toBe('import.too_large');
    const broken = await send(manager, formId, 'dry-run', Buffer.from('504b0304000000', 'hex'), { name: 'x.xlsx' });
    expect(broken.status).toBe(422);
    const boundary = '----atelier-nofile';
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/v1/inspection-forms/${formId}/sync-fields/run`,
      headers: { authorization: `Bearer ${manager}`, accept: MEDIA, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors[0]).toMatchObject({ code: 'import.file_missing', source: { parameter: 'file' } });
  });

  it('reads workbooks within the imports’ caps: one inflating past them is refused with the cap, nothing written', async () => {
    const before = await fingerprint(formId);
    // ~60 KB that would inflate to ~40 MB, over the floor of the uncompressed cap.
    const bomb = inflatingWorkbook(13_000);
    const res = await send(manager, formId, 'run', bomb, { name: 'champs.xlsx', locale: 'en' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({
      code: 'import.cap_uncompressed',
      detail: "The workbook exceeds 32 MB once uncompressed (at most 100 times the file's size, never more than 256 MB): it is refused. Save it again or split it.",
      source: { parameter: 'file' },
    });
    expect(await fingerprint(formId)).toBe(before);
  });

  it('is a 404 on another organization’s form and a 403 without the permission to edit forms', async () => {
    const before = await fingerprint(formId);
    const other = await send(manager2, formId, 'run', csv(FR, START));
    expect(other.status).toBe(404);
    const otherTemplate = await t.api('GET', `/api/v1/inspection-forms/${formId}/sync-fields/template?format=csv`, { token: manager2, headers: { accept: '*/*' } });
    expect(otherTemplate.status).toBe(404);
    const reader = await garage.user({ permissions: ['view any inspection forms', 'view inspection forms'] });
    const refused = await send(reader.token, formId, 'dry-run', csv(FR, START));
    expect(refused.status).toBe(403);
    const template = await t.api('GET', `/api/v1/inspection-forms/${formId}/sync-fields/template?format=csv`, { token: reader.token, headers: { accept: '*/*' } });
    expect(template.status).toBe(200);
    expect(await fingerprint(formId)).toBe(before);
  });

  it('refuses an unknown template format or language', async () => {
    const res = await t.api('GET', `/api/v1/inspection-forms/${formId}/sync-fields/template?format=pdf`, { token: manager });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].source).toEqual({ parameter: 'format' });
  });
});

describe('two languages and the required flag through the API and the sync (issue 20 points 16, 21)', () => {
  it('carries the English labels and the flag both ways: the template writes them, a file changes them, the API reads them', async () => {
    const form = await makeInspectionForm(t, manager, {
      sections: [
        {
          name: 'Freins',
          name_en: 'Brakes',
          subSections: [
            {
              name: 'Avant',
              name_en: 'Front',
              fields: [
                { name: 'Plaquettes', name_en: 'Pads', field_type: 'SELECT_SINGLE', points_threshold: [{ option: 'neuves', points: 10, option_en: 'new' }, { option: 'usées', points: 0 }] },
                { name: 'Remarques', field_type: 'TEXT', points_threshold: [] },
              ],
            },
          ],
        },
      ],
    });
    const pads = (await t.api('GET', `/api/v1/inspection-form-section-fields/${form.ids.Plaquettes}`, { token: manager })).body.data.attributes;
    expect(pads).toMatchObject({ name_en: 'Pads', required: true, points_threshold: [{ option: 'neuves', points: 10, option_en: 'new' }, { option: 'usées', points: 0 }] });
    expect(pads.points_threshold[1]).not.toHaveProperty('option_en');

    const template = await t.app.inject({ method: 'GET', url: `/api/v1/inspection-forms/${form.id}/sync-fields/template?format=csv&locale=en`, headers: { authorization: `Bearer ${manager}`, accept: '*/*' } });
    const [header, first, second] = template.body.replace(/^\uFEFF/, '').split('\r\n').map((l) => l.split(','));
    const cell = (line: string[], name: string) => line[header.indexOf(name)];
    expect(cell(first, 'Section (English)')).toBe('Brakes');
    expect(cell(first, 'Sub-section (English)')).toBe('Front');
    expect(cell(first, 'Field (English)')).toBe('Pads');
    expect(cell(first, 'Options (English)')).toBe('new');
    expect(cell(first, 'Required')).toBe('yes');
    expect(cell(second, 'Required')).toBe('no');
    expect((await send(manager, form.id, 'dry-run', template.rawPayload)).body.counts).toMatchObject({ added: 0, changed: 0, removed: 0, refused: 0 });

    first[header.indexOf('Field (English)')] = 'Brake pads';
    first[header.indexOf('Options (English)')] = 'new | worn';
    first[header.indexOf('Section (English)')] = 'Braking';
    second[header.indexOf('Section (English)')] = 'Braking';
    second[header.indexOf('Required')] = 'yes';
    const ran = await send(manager, form.id, 'run', csv(header, [first, second], ','), { locale: 'en' });
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
    expect(ran.body.counts).toMatchObject({ changed: 3, refused: 0 });
    const tree = await treeOf(manager, form.id);
    const section = (await t.api('GET', `/api/v1/inspection-form-sections/${form.ids.Freins}`, { token: manager })).body.data.attributes;
    expect(section.name_en).toBe('Braking');
    const [padsAfter, remarks] = tree.sections[0].subSections[0].fields;
    expect(padsAfter).toMatchObject({ name: 'Plaquettes', name_en: 'Brake pads', points_threshold: [{ option: 'neuves', points: 10, option_en: 'new' }, { option: 'usées', points: 0, option_en: 'worn' }] });
    expect(remarks).toMatchObject({ name: 'Remarques', required: true });
  });

  it('refuses more English labels than options, with a translated message, writing nothing', async () => {
    const form = await makeInspectionForm(t, manager);
    const before = await fingerprint(form.id);
    const res = await send(manager, form.id, 'run', csv([...FR, 'Options (anglais)'], [['Extérieur', '', '1', 'Carrosserie', '1', 'Capot', 'Case à cocher', 'oui:5|non:0', 'non', 'non', 'non', '', '1', '', 'yes|no|maybe']]));
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('Une étiquette anglaise au plus par option (2 options)');
    expect(await fingerprint(form.id)).toBe(before);
  });
});

describe('options marked as findings through the sync (issue 20 point 4)', () => {
  it('writes the marks in the template, changes them from a file (dry run, then run), and the API reads them', async () => {
    const form = await makeInspectionForm(t, manager, {
      sections: [{ name: 'Moteur', subSections: [{ name: 'Fuites', fields: [{ name: 'Fuite visible ?', points_threshold: [{ option: 'yes', points: 3, failing: true }, { option: 'no', points: 4 }] }] }] }],
    });
    const template = await t.app.inject({ method: 'GET', url: `/api/v1/inspection-forms/${form.id}/sync-fields/template?format=csv&locale=fr`, headers: { authorization: `Bearer ${manager}`, accept: '*/*' } });
    const [header, line] = template.body.replace(/^\uFEFF/, '').split('\r\n').map((l) => l.split(';'));
    expect(line[header.indexOf('Constat par option')]).toBe('oui');
    expect((await send(manager, form.id, 'dry-run', template.rawPayload)).body.counts).toMatchObject({ added: 0, changed: 0, removed: 0, refused: 0 });

    // "oui" by its points again, "non" never a finding.
    line[header.indexOf('Constat par option')] = '| non';
    const file = csv(header, [line]);
    const dry = await send(manager, form.id, 'dry-run', file);
    expect(dry.body.changed).toEqual([
      expect.objectContaining({ changes: [{ attribute: 'points_threshold', before: [{ option: 'yes', points: 3, failing: true }, { option: 'no', points: 4 }], after: [{ option: 'yes', points: 3 }, { option: 'no', points: 4, failing: false }] }] }),
    ]);
    expect((await send(manager, form.id, 'run', file)).status).toBe(200);
    const field = (await t.api('GET', `/api/v1/inspection-form-section-fields/${form.ids['Fuite visible ?']}`, { token: manager })).body.data.attributes;
    expect(field.points_threshold).toEqual([{ option: 'yes', points: 3 }, { option: 'no', points: 4, failing: false }]);

    line[header.indexOf('Constat par option')] = 'peut-être';
    const refused = await send(manager, form.id, 'dry-run', csv(header, [line]), { locale: 'en' });
    expect(refused.body.refused).toEqual([expect.objectContaining({ line: 2, column: 'options_failing', message: 'For each option write yes (a finding), no (never a finding) or nothing (by its points), not “peut-être”' })]);
  });
});
