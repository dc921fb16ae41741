import { describe, expect, it } from 'vitest';
import {
  diffStructure,
  parseConditions,
  parseSyncRows,
  syncTemplate,
  type SyncCurrentField,
  type SyncCurrentForm,
} from './sync.ts';

const FR = ['Section', 'Icône de section', 'Facteur de section', 'Sous-section', 'Facteur de sous-section', 'Champ', 'Type', 'Options', 'Photo permise', 'Commentaire permis', 'Sans objet permis', 'Icône', 'Coefficient', 'Condition'];
const EN = ['Section', 'Section icon', 'Section factor', 'Sub-section', 'Sub-section factor', 'Field', 'Type', 'Options', 'Photo allowed', 'Comment allowed', 'Not applicable allowed', 'Icon', 'Coefficient', 'Condition'];
const MIN = ['Section', 'Sous-section', 'Champ', 'Type'];

const field = (id: string, name: string, field_type: string, order_number: number, extra: Partial<SyncCurrentField> = {}): SyncCurrentField => ({
  id,
  name,
  field_type,
  order_number,
  points_threshold: [],
  can_upload_image: false,
  can_add_comment: false,
  enable_na: false,
  icon: null,
  coefficient: '1',
  conditional_field: false,
  conditions: [],
  condition_relation: 'and',
  ...extra,
});

/** A small form as the database gives it (numerics as text). */
const form = (): SyncCurrentForm => ({
  sections: [
    {
      id: 's1',
      name: 'Extérieur',
      icon: 'car',
      factor: '2',
      order_number: 0,
      subSections: [
        {
          id: 'ss1',
          name: 'Carrosserie',
          factor: '1',
          order_number: 0,
          fields: [
            field('f1', 'Fuite visible ?', 'CHECK', 0, { points_threshold: [{ option: 'yes', points: '0' }, { option: 'no', points: '5' }], can_add_comment: true }),
            field('f2', 'Pare-brise', 'STATE_WIDGET', 1, {
              points_threshold: [
                { option: 'good', points: 10 },
                { option: 'to_replace', points: 0 },
                { option: 'bad', points: 2 },
                { option: 'not_applicable', points: 0 },
              ],
              conditional_field: true,
              conditions: [{ field: 'f1', operator: 'equals', value: 'yes' }],
            }),
          ],
        },
      ],
    },
    {
      id: 's2',
      name: 'Mécanique',
      icon: null,
      factor: '1',
      order_number: 1,
      subSections: [
        {
          id: 'ss2',
          name: 'Freins',
          factor: '1.5',
          order_number: 0,
          fields: [field('f3', 'Épaisseur (mm)', 'NUMBER', 0, { points_threshold: [{ option: '0-2', points: 0 }, { option: '3-12', points: 10 }], coefficient: '2' })],
        },
      ],
    },
  ],
});

/** The form above as a French file. */
const frRows = () => [
  ['Extérieur', 'car', '2', 'Carrosserie', '1', 'Fuite visible ?', 'Case à cocher', 'oui:0|non:5', 'non', 'oui', 'non', '', '1', ''],
  ['Extérieur', 'car', '2', 'Carrosserie', '1', 'Pare-brise', 'État', 'bon:10|à remplacer:0|mauvais:2|sans objet:0', 'non', 'non', 'non', '', '1', 'Fuite visible ? = oui'],
  ['Mécanique', '', '1', 'Freins', '1,5', 'Épaisseur (mm)', 'Nombre', '0-2:0|3-12:10', 'non', 'non', 'non', '', '2', ''],
];

const run = (columns: string[], rows: string[][], current: SyncCurrentForm = form()) => diffStructure(current, parseSyncRows(columns, rows));

describe('parseSyncRows: columns and cells', () => {
  it('reads every French column into the wanted tree', () => {
    const d = parseSyncRows(FR, frRows());
    expect(d.refused).toEqual([]);
    expect(d.columns).toHaveLength(14);
    const [ext, meca] = d.sections;
    expect(ext).toMatchObject({ line: 2, name: 'Extérieur', icon: 'car', factor: 2 });
    expect(meca).toMatchObject({ line: 4, icon: null, factor: 1 });
    expect(meca.subSections[0]).toMatchObject({ name: 'Freins', factor: 1.5 });
    const [leak, windshield] = ext.subSections[0].fields;
    expect(leak.values).toEqual({
      name: 'Fuite visible ?',
      field_type: 'CHECK',
      points_threshold: [
        { option: 'yes', points: 0 },
        { option: 'no', points: 5 },
      ],
      can_upload_image: false,
      can_add_comment: true,
      enable_na: false,
      icon: null,
      coefficient: 1,
      conditions: [],
      condition_relation: null,
    });
    expect(windshield.values.points_threshold?.map((o) => o.option)).toEqual(['good', 'to_replace', 'bad', 'not_applicable']);
    expect(windshield.values.conditions).toEqual([
      { ref: { section: 'Extérieur', sub_section: 'Carrosserie', name: 'Fuite visible ?' }, operator: 'equals', value: 'yes' },
    ]);
    expect(windshield.values.condition_relation).toBe('and');
  });

  it('reads the safety-critical column in both languages; absent, it is left as it is', () => {
    const fr = parseSyncRows([...MIN, 'Point de sécurité'], [['Freins', 'Avant', 'Plaquettes', 'Épaisseur des plaquettes', 'oui']]);
    expect(fr.refused).toEqual([]);
    expect(fr.sections[0].subSections[0].fields[0].values.safety_critical).toBe(true);
    const en = parseSyncRows(['Section', 'Sub-section', 'Field', 'Type', 'Safety item'], [['Brakes', 'Front', 'Pads', 'Pad thickness', 'no']]);
    expect(en.sections[0].subSections[0].fields[0].values.safety_critical).toBe(false);
    expect(parseSyncRows(MIN, [['Freins', 'Avant', 'Plaquettes', 'Épaisseur des plaquettes']]).sections[0].subSections[0].fields[0].values.safety_critical).toBeUndefined();
  });

  it('reads the English headers and words the same way', () => {
    const rows = [
      ['Exterior', 'car', '2.5', 'Body', '1', 'Leak?', 'Checkbox', 'yes:0 | no:5', 'yes', 'no', 'x', 'drop', '0.5', ''],
      ['Exterior', '', '', 'Body', '', 'Tire', 'tire state', 'good:10|to replace:0|bad:2|not applicable:0', 'true', 'false', '', '', '', 'Leak? != no'],
    ];
    const d = parseSyncRows(EN, rows);
    expect(d.refused).toEqual([]);
    expect(d.sections[0]).toMatchObject({ icon: 'car', factor: 2.5 });
    const [leak, tire] = d.sections[0].subSections[0].fields;
    expect(leak.values).toMatchObject({ field_type: 'CHECK', can_upload_image: true, can_add_comment: false, enable_na: true, icon: 'drop', coefficient: 0.5 });
    expect(tire.values.field_type).toBe('TIRE_STATE_WIDGET');
    expect(tire.values.points_threshold?.map((o) => o.option)).toEqual(['good', 'to_replace', 'bad', 'not_applicable']);
    expect(tire.values.conditions?.[0]).toMatchObject({ operator: 'different', value: 'no' });
  });

  it('matches headers without case, accents or punctuation, and types by stored name or label', () => {
    const d = parseSyncRows(['SECTION', 'sous section', 'champ', 'type de champ', 'icone'], [
      ['A', 'B', 'C', 'SELECT_MULTIPLE', 'x'],
      ['A', 'B', 'D', 'choix unique', ''],
      ['A', 'B', 'E', 'Etat du pneu', ''],
      ['A', 'B', 'F', 'range slider', ''],
    ]);
    expect(d.refused).toEqual([]);
    expect(d.columns).toEqual(['section', 'sub_section', 'field', 'field_type', 'icon']);
    expect(d.sections[0].subSections[0].fields.map((f) => f.values.field_type)).toEqual(['SELECT_MULTIPLE', 'SELECT_SINGLE', 'TIRE_STATE_WIDGET', 'RANGE_SLIDER']);
  });

  it('keeps SELECT option names as typed and reads points with a decimal comma', () => {
    const d = parseSyncRows(['Section', 'Sous-section', 'Champ', 'Type', 'Options'], [['A', 'B', 'Couleur', 'Choix unique', 'Oui:1,5\nRouge foncé : 2 | bon:3']]);
    expect(d.sections[0].subSections[0].fields[0].values.points_threshold).toEqual([
      { option: 'Oui', points: 1.5 },
      { option: 'Rouge foncé', points: 2 },
      { option: 'bon', points: 3 },
    ]);
  });

  it('declares an empty section or sub-section by a line without field', () => {
    const d = parseSyncRows(MIN, [
      ['A', '', '', ''],
      ['B', 'B1', '', ''],
    ]);
    expect(d.refused).toEqual([]);
    expect(d.sections.map((s) => [s.name, s.subSections.map((x) => [x.name, x.fields.length])])).toEqual([
      ['A', []],
      ['B', [['B1', 0]]],
    ]);
  });

  it('skips blank lines but counts them in line numbers', () => {
    const d = parseSyncRows(MIN, [['A', 'B', 'C', 'Texte'], ['', '', '', ''], ['A', 'B', 'D', 'Nombre']]);
    expect(d.sections[0].subSections[0].fields.map((f) => f.line)).toEqual([2, 4]);
  });

  it('lets a section value be given once; the lines must not differ', () => {
    const d = parseSyncRows(FR.slice(0, 7), [
      ['A', '', '', 'B', '', 'C', 'Texte'],
      ['A', 'car', '3', 'B', '2', 'D', 'Texte'],
      ['A', 'truck', '3', 'B', '4', 'E', 'Texte'],
    ]);
    expect(d.sections[0]).toMatchObject({ icon: 'car', factor: 3 });
    expect(d.sections[0].subSections[0].factor).toBe(2);
    expect(d.refused).toEqual([
      { line: 4, column: 'section_icon', code: 'sync.conflict', params: { value: 'truck', other: 'car', line: 3 } },
      { line: 4, column: 'sub_section_factor', code: 'sync.conflict', params: { value: '4', other: '2', line: 3 } },
    ]);
  });
});

describe('parseSyncRows: refused lines', () => {
  const refusedOf = (columns: string[], rows: string[][]) => parseSyncRows(columns, rows).refused;

  it('refuses a missing required column, an unknown one and a repeated one on line 1', () => {
    expect(refusedOf(['Section', 'Champ', 'Type', 'Coeficient', 'Type de champ'], [['A', 'B', 'Texte', '1', 'Texte']])).toEqual([
      { line: 1, column: null, code: 'sync.column_unknown', params: { column: 'Coeficient' } },
      { line: 1, column: 'field_type', code: 'sync.column_duplicate', params: { column: 'Type de champ' } },
      { line: 1, column: 'sub_section', code: 'sync.column_missing', params: {} },
    ]);
  });

  it('ignores a column without header while it is empty', () => {
    expect(refusedOf([...MIN, '#5'], [['A', 'B', 'C', 'Texte', '']])).toEqual([]);
    expect(refusedOf([...MIN, '#5'], [['A', 'B', 'C', 'Texte', 'x']])).toEqual([{ line: 1, column: null, code: 'sync.column_unknown', params: { column: '#5' } }]);
  });

  it('refuses a line without section, sub-section, field or type', () => {
    expect(
      refusedOf(MIN, [
        ['', 'B', 'C', 'Texte'],
        ['A', '', 'C', 'Texte'],
        ['A', 'B', '', 'Texte'],
        ['A', 'B', 'C', ''],
      ]),
    ).toEqual([
      { line: 2, column: 'section', code: 'sync.required', params: {} },
      { line: 3, column: 'sub_section', code: 'sync.required', params: {} },
      { line: 4, column: 'field', code: 'sync.required', params: {} },
      { line: 5, column: 'field_type', code: 'sync.required', params: {} },
    ]);
  });

  it('refuses two fields of the same name in one sub-section (without case or accents), not in two', () => {
    const d = parseSyncRows(MIN, [
      ['A', 'B', 'Éclairage', 'Texte'],
      ['A', 'B', 'eclairage ', 'Texte'],
      ['A', 'B2', 'Éclairage', 'Texte'],
    ]);
    expect(d.refused).toEqual([{ line: 3, column: 'field', code: 'sync.duplicate', params: { name: 'eclairage', line: 2 } }]);
    expect(d.sections[0].subSections.map((s) => s.fields.length)).toEqual([1, 1]);
  });

  it('refuses unknown types, bad options, booleans and numbers, too long texts', () => {
    const columns = ['Section', 'Facteur de section', 'Sous-section', 'Champ', 'Type', 'Options', 'Photo permise', 'Coefficient', 'Icône'];
    expect(
      refusedOf(columns, [
        ['A', '', 'B', 'C1', 'Couleur', '', '', '', ''],
        ['A', '', 'B', 'C2', 'Choix unique', 'rouge', '', '', ''],
        ['A', '', 'B', 'C3', 'Choix unique', 'rouge:beaucoup', '', '', ''],
        ['A', '', 'B', 'C4', 'Texte', '', 'peut-être', '', ''],
        ['A', '', 'B', 'C5', 'Texte', '', '', '-1', ''],
        ['A', '', 'B', 'C6', 'Texte', '', '', '5000', ''],
        ['A', 'deux', 'B', 'C7', 'Texte', '', '', '', ''],
        ['A', '', 'B', 'C8', 'Texte', '', '', '', 'x'.repeat(101)],
        ['A', '', 'B', 'x'.repeat(256), 'Texte', '', '', '', ''],
      ]),
    ).toEqual([
      { line: 2, column: 'field_type', code: 'sync.type_unknown', params: { value: 'Couleur' } },
      { line: 3, column: 'options', code: 'sync.option_format', params: { value: 'rouge' } },
      { line: 4, column: 'options', code: 'sync.option_points', params: { option: 'rouge', value: 'beaucoup' } },
      { line: 5, column: 'can_upload_image', code: 'sync.boolean', params: { value: 'peut-être' } },
      { line: 6, column: 'coefficient', code: 'sync.number', params: { value: '-1' } },
      { line: 7, column: 'coefficient', code: 'sync.number_max', params: { value: '5000', max: 1000 } },
      { line: 8, column: 'section_factor', code: 'sync.number', params: { value: 'deux' } },
      { line: 9, column: 'icon', code: 'sync.max_length', params: { max: 100 } },
      { line: 10, column: 'field', code: 'sync.max_length', params: { max: 255 } },
    ]);
  });

  it('refuses conditions it cannot read or whose field it cannot find', () => {
    const columns = [...MIN, 'Condition'];
    const d = parseSyncRows(columns, [
      ['A', 'B', 'Usure', 'Nombre', ''],
      ['A', 'B2', 'Usure', 'Nombre', ''],
      ['A', 'B', 'C1', 'Texte', 'Usure'],
      ['A', 'B', 'C2', 'Texte', 'Usure > 3 ET'],
      ['A', 'B', 'C3', 'Texte', 'Usure > 3 ET Usure < 9 OU Usure = 1'],
      ['A', 'B', 'C4', 'Texte', 'Inconnu = 1'],
      ['A', 'B', 'C5', 'Texte', 'Usure = 1'],
      ['A', 'B', 'C6', 'Texte', 'B2 / Usure = 1'],
    ]);
    expect(d.refused).toEqual([
      { line: 4, column: 'conditions', code: 'sync.condition_syntax', params: { text: 'Usure' } },
      { line: 5, column: 'conditions', code: 'sync.condition_syntax', params: { text: 'Usure > 3 ET' } },
      { line: 6, column: 'conditions', code: 'sync.condition_mixed', params: {} },
      { line: 7, column: 'conditions', code: 'sync.condition_unknown', params: { field: 'Inconnu' } },
      { line: 8, column: 'conditions', code: 'sync.condition_ambiguous', params: { field: 'Usure' } },
    ]);
    const c6 = d.sections[0].subSections[0].fields.find((f) => f.values.name === 'C6');
    expect(c6?.values.conditions?.[0].ref).toEqual({ section: 'A', sub_section: 'B2', name: 'Usure' });
    expect(c6?.refused).toBe(false);
  });
});

describe('parseConditions', () => {
  it('reads operators, relations, brackets and quotes', () => {
    expect(parseConditions('[Freins et disques] <> "bon et beau" OR Km < 100000 or Km > 5')).toEqual({
      ok: true,
      relation: 'or',
      conditions: [
        { ref: { name: 'Freins et disques' }, operator: 'different', value: 'bon et beau' },
        { ref: { name: 'Km' }, operator: 'inferior', value: '100000' },
        { ref: { name: 'Km' }, operator: 'superior', value: '5' },
      ],
    });
    expect(parseConditions('Section A / Sous-section / Pneu ≠ bon')).toMatchObject({
      ok: true,
      relation: 'and',
      conditions: [{ ref: { section: 'Section A', sub_section: 'Sous-section', name: 'Pneu' }, operator: 'different', value: 'bon' }],
    });
    expect(parseConditions('')).toEqual({ ok: true, relation: null, conditions: [] });
  });
});

describe('diffStructure', () => {
  it('finds nothing to do when the file describes the form as it is', () => {
    const result = run(FR, frRows());
    expect(result.refused).toEqual([]);
    expect(result.added).toEqual([]);
    expect(result.changed).toEqual([]);
    expect(result.removed).toEqual([]);
    expect(result.counts).toEqual({ added: 0, changed: 0, removed: 0, refused: 0, unchanged: 7 });
  });

  it('finds nothing to do with the form written as a template, in either language', () => {
    for (const locale of ['fr', 'en'] as const) {
      const { columns, rows } = syncTemplate(form(), locale);
      expect(columns[0]).toBe('Section');
      const result = run(columns, rows);
      expect(result.refused).toEqual([]);
      expect(result.counts).toMatchObject({ added: 0, changed: 0, removed: 0, unchanged: 7 });
    }
    expect(syncTemplate(form(), 'fr').rows[1]).toEqual([
      'Extérieur',
      'car',
      '2',
      'Carrosserie',
      '1',
      'Pare-brise',
      'État',
      'bon:10 | à remplacer:0 | mauvais:2 | non applicable:0',
      'non',
      'non',
      'non',
      'non',
      '',
      '1',
      'Fuite visible ? = oui',
      'oui',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(syncTemplate(form(), 'en').rows[2]).toContain('1.5');
  });

  it('writes a condition on a repeated name with its sub-section, and brackets a name with an operator sign', () => {
    const current = form();
    (current.sections[0].subSections[0].fields as SyncCurrentField[]).push(field('f4', 'Km > 100', 'NUMBER', 2, { points_threshold: [{ option: '0-10', points: 1 }] }));
    (current.sections[1].subSections[0].fields as SyncCurrentField[]).push(
      field('f5', 'Fuite visible ?', 'CHECK', 1, { points_threshold: [{ option: 'yes', points: 1 }], conditional_field: true, conditions: [{ field: 'f1', operator: 'equals', value: 'no' }, { field: 'f4', operator: 'superior', value: '3' }], condition_relation: 'or' }),
    );
    const { columns, rows } = syncTemplate(current, 'fr');
    expect(rows.at(-1)?.[columns.indexOf('Condition')]).toBe('Carrosserie / Fuite visible ? = non OU [Km > 100] > 3');
    expect(run(columns, rows, current).counts).toMatchObject({ added: 0, changed: 0, removed: 0, refused: 0 });
  });

  it('answers changed attributes with before and after', () => {
    const rows = frRows();
    rows[0][8] = 'oui'; // photo
    rows[0][7] = 'oui:0|non:4';
    rows[2][2] = '3'; // section factor
    rows[2][12] = '1'; // coefficient
    rows[2][11] = 'disc';
    const result = run(FR, rows);
    expect(result.changed).toEqual([
      { kind: 'field', id: 'f1', path: { section: 'Extérieur', sub_section: 'Carrosserie', field: 'Fuite visible ?' }, line: 2, changes: [
        {
          attribute: 'points_threshold',
          before: [{ option: 'yes', points: 0 }, { option: 'no', points: 5 }],
          after: [{ option: 'yes', points: 0 }, { option: 'no', points: 4 }],
        },
        { attribute: 'can_upload_image', before: false, after: true },
      ] },
      { kind: 'section', id: 's2', path: { section: 'Mécanique' }, line: 4, changes: [{ attribute: 'factor', before: 1, after: 3 }] },
      { kind: 'field', id: 'f3', path: { section: 'Mécanique', sub_section: 'Freins', field: 'Épaisseur (mm)' }, line: 4, changes: [
        { attribute: 'icon', before: null, after: 'disc' },
        { attribute: 'coefficient', before: 2, after: 1 },
      ] },
    ]);
    expect(result.plan.sections[1].changed).toEqual(['factor']);
    expect(result.plan.sections[1].subSections[0].fields[0].changed).toEqual(['icon', 'coefficient']);
  });

  it('answers a change of conditions by the fields they name', () => {
    const rows = frRows();
    rows[1][13] = 'Fuite visible ? = non ET [Mécanique / Freins / Épaisseur (mm)] < 3';
    const result = run(FR, rows);
    expect(result.changed).toHaveLength(1);
    const change = result.changed[0].changes;
    expect(change.map((c) => c.attribute)).toEqual(['conditions']);
    expect(change[0].after).toEqual([
      { field: { section: 'Extérieur', sub_section: 'Carrosserie', field: 'Fuite visible ?' }, operator: 'equals', value: 'no' },
      { field: { section: 'Mécanique', sub_section: 'Freins', field: 'Épaisseur (mm)' }, operator: 'inferior', value: '3' },
    ]);
    expect(result.plan.sections[0].subSections[0].fields[1].values.conditions).toEqual([
      { field: 'f1', operator: 'equals', value: 'no' },
      { field: 'f3', operator: 'inferior', value: '3' },
    ]);
  });

  it('removes the conditions when the Condition cell is emptied, keeps them when the column is absent', () => {
    const emptied = frRows();
    emptied[1][13] = '';
    expect(run(FR, emptied).changed[0].changes.map((c) => c.attribute)).toEqual(['conditional_field', 'conditions']);
    const without = frRows().map((r) => r.slice(0, 13));
    expect(run(FR.slice(0, 13), without).counts).toMatchObject({ changed: 0, unchanged: 7 });
  });

  it('counts conditions switched off in the editor as none: an empty cell changes nothing', () => {
    const current = form();
    const windshield = current.sections[0].subSections[0].fields[1] as SyncCurrentField;
    (current.sections[0].subSections[0].fields as SyncCurrentField[])[1] = { ...windshield, conditional_field: false };
    expect(syncTemplate(current, 'fr').rows[1].at(-1)).toBe('');
    const rows = frRows();
    rows[1][13] = '';
    expect(run(FR, rows, current).counts).toMatchObject({ changed: 0, unchanged: 7 });
    // The same conditions are kept: switching them on is the one change.
    rows[1][13] = 'Fuite visible ? = oui';
    expect(run(FR, rows, current).changed[0].changes).toEqual([{ attribute: 'conditional_field', before: false, after: true }]);
  });

  it('leaves the attributes of absent columns as they are', () => {
    const result = run(MIN, frRows().map((r) => [r[0], r[3], r[5], r[6]]));
    expect(result.counts).toMatchObject({ added: 0, changed: 0, removed: 0, unchanged: 7 });
    expect(result.plan.sections[0].values).toMatchObject({ icon: 'car', factor: 2 });
    expect(result.plan.sections[0].subSections[0].fields[0].values).toMatchObject({ can_add_comment: true, points_threshold: [{ option: 'yes', points: 0 }, { option: 'no', points: 5 }] });
  });

  it('answers a new order only as order changes', () => {
    const rows = frRows();
    const result = run(FR, [rows[2], rows[1], rows[0]]);
    expect(result.added).toEqual([]);
    expect(result.removed).toEqual([]);
    expect(result.changed.map((c) => [c.id, c.changes])).toEqual([
      ['s2', [{ attribute: 'order_number', before: 1, after: 0 }]],
      ['s1', [{ attribute: 'order_number', before: 0, after: 1 }]],
      ['f2', [{ attribute: 'order_number', before: 1, after: 0 }]],
      ['f1', [{ attribute: 'order_number', before: 0, after: 1 }]],
    ]);
  });

  /** The form numbered from 1, as the editor and API clients may number it. */
  const fromOne = (): SyncCurrentForm => {
    const f = form();
    const bump = <T extends { order_number?: unknown }>(list: readonly T[]) => list.map((x) => ({ ...x, order_number: Number(x.order_number) + 1 }));
    return { sections: bump(f.sections).map((sec) => ({ ...sec, subSections: bump(sec.subSections).map((sub) => ({ ...sub, fields: bump(sub.fields) })) })) };
  };
  const places = (result: ReturnType<typeof run>, current: SyncCurrentForm, sub: string) => {
    const now = new Map(current.sections.flatMap((x) => x.subSections).find((x) => x.id === sub)!.fields.map((f) => [f.id, Number(f.order_number)]));
    const plan = result.plan.sections.flatMap((x) => x.subSections).find((x) => x.id === sub)!;
    // What the run leaves: the written number of a changed order, else the stored one.
    return plan.fields.map((f) => (f.id && !f.changed.includes('order_number') ? now.get(f.id)! : f.values.order_number));
  };

  it('compares order numbers as places: a form numbered from 1 and its file in the same order change nothing', () => {
    const result = run(FR, frRows(), fromOne());
    expect(result.changed).toEqual([]);
    expect(result.counts.unchanged).toBe(7);
  });

  it('numbers again a list that gains or moves an item, so that no two items share a number', () => {
    const rows = frRows();
    const added = [rows[0], rows[1], ['Extérieur', 'car', '2', 'Carrosserie', '1', 'Rétroviseurs', 'Case à cocher', 'oui:5|non:0', 'non', 'non', 'non', '', '1', ''], rows[2]];
    const gained = run(FR, added, fromOne());
    expect(gained.refused).toEqual([]);
    const afterAdd = places(gained, fromOne(), 'ss1');
    expect(new Set(afterAdd).size).toBe(3);
    expect(afterAdd).toEqual([...afterAdd].sort((x, y) => x - y));
    const swapped = run(FR, [rows[1], rows[0], rows[2]], fromOne());
    const afterSwap = places(swapped, fromOne(), 'ss1');
    expect(new Set(afterSwap).size).toBe(2);
    expect(afterSwap).toEqual([...afterSwap].sort((x, y) => x - y));
  });

  it('matches names without case or accents and answers the new spelling as a change', () => {
    const rows = frRows();
    rows[2][0] = 'MECANIQUE';
    const result = run(FR, rows);
    expect(result.changed).toEqual([{ kind: 'section', id: 's2', path: { section: 'MECANIQUE' }, line: 4, changes: [{ attribute: 'name', before: 'Mécanique', after: 'MECANIQUE' }] }]);
  });

  it('answers a renamed field as a removal and an addition', () => {
    const rows = frRows();
    rows[2][5] = 'Épaisseur des plaquettes';
    const result = run(FR, rows);
    expect(result.removed).toEqual([{ kind: 'field', id: 'f3', path: { section: 'Mécanique', sub_section: 'Freins', field: 'Épaisseur (mm)' } }]);
    expect(result.added).toEqual([
      {
        kind: 'field',
        path: { section: 'Mécanique', sub_section: 'Freins', field: 'Épaisseur des plaquettes' },
        line: 4,
        attributes: {
          name: 'Épaisseur des plaquettes',
          name_en: null,
          field_type: 'NUMBER',
          points_threshold: [{ option: '0-2', points: 0 }, { option: '3-12', points: 10 }],
          order_number: 0,
          can_upload_image: false,
          can_add_comment: false,
          enable_na: false,
          safety_critical: false,
          required: true,
          icon: null,
          coefficient: 2,
          conditional_field: false,
          conditions: [],
          condition_relation: 'and',
        },
      },
    ]);
    expect(result.plan.removed).toEqual({ sections: [], subSections: [], fields: ['f3'] });
  });

  it('adds new sections, sub-sections and fields, and removes what the file no longer has', () => {
    const rows = frRows().slice(0, 2);
    rows.push(['Intérieur', '', '', 'Sièges', '', 'Tissu', 'Texte', '', '', '', '', '', '', 'Fuite visible ? = oui']);
    const result = run(FR, rows);
    expect(result.added.map((a) => [a.kind, a.path, a.line])).toEqual([
      ['section', { section: 'Intérieur' }, 4],
      ['sub_section', { section: 'Intérieur', sub_section: 'Sièges' }, 4],
      ['field', { section: 'Intérieur', sub_section: 'Sièges', field: 'Tissu' }, 4],
    ]);
    expect(result.added[0].attributes).toEqual({ name: 'Intérieur', name_en: null, icon: null, factor: 1, order_number: 1 });
    expect(result.removed).toEqual([
      { kind: 'section', id: 's2', path: { section: 'Mécanique' } },
      { kind: 'sub_section', id: 'ss2', path: { section: 'Mécanique', sub_section: 'Freins' } },
      { kind: 'field', id: 'f3', path: { section: 'Mécanique', sub_section: 'Freins', field: 'Épaisseur (mm)' } },
    ]);
    expect(result.counts).toEqual({ added: 3, changed: 0, removed: 3, refused: 0, unchanged: 4 });
    expect(result.plan.sections[1].subSections[0].fields[0]).toMatchObject({ id: null, key: 'new:4', values: { conditions: [{ field: 'f1', operator: 'equals', value: 'yes' }] } });
  });

  it('lets new fields name each other in conditions by their plan keys', () => {
    const result = run(MIN.concat('Condition'), [
      ['A', 'B', 'Second', 'Texte', 'Premier = oui'],
      ['A', 'B', 'Premier', 'Case à cocher', ''],
    ], { sections: [] });
    expect(result.plan.sections[0].subSections[0].fields[0].values.conditions).toEqual([{ field: 'new:3', operator: 'equals', value: 'yes' }]);
  });

  it('neither changes nor removes the field of a refused line', () => {
    const rows = frRows();
    rows[2][6] = 'Inconnu';
    rows[2][12] = '7';
    const result = run(FR, rows);
    expect(result.refused).toEqual([{ line: 4, column: 'field_type', code: 'sync.type_unknown', params: { value: 'Inconnu' } }]);
    expect(result.changed).toEqual([]);
    expect(result.removed).toEqual([]);
    expect(result.counts.refused).toBe(1);
  });

  it('refuses the lines the form rules refuse, with the codes of the API, and shows no change for them', () => {
    const rows = frRows();
    rows[2][7] = '0-5:0|5-12:10'; // ranges sharing 5
    rows[0][13] = 'Pare-brise = bon'; // Pare-brise already depends on Fuite visible ?
    rows.push(['Mécanique', '', '1', 'Freins', '1,5', 'Disques', 'État', 'bon:10|mauvais:0|sans objet:0', 'non', 'non', 'non', '', '1', '']);
    rows.push(['Mécanique', '', '1', 'Freins', '1,5', 'Remarque', 'Texte', 'oui:1', 'non', 'non', 'non', '', '1', '']);
    const result = run(FR, rows);
    expect(result.refused).toEqual([
      { line: 2, column: 'conditions', code: 'inspection_form.condition_cycle', params: { field: 'Extérieur / Carrosserie / Pare-brise' } },
      { line: 3, column: 'conditions', code: 'inspection_form.condition_cycle', params: { field: 'Extérieur / Carrosserie / Fuite visible ?' } },
      { line: 4, column: 'options', code: 'inspection_form.range_overlap', params: { option: '5-12', other: '0-5' } },
      { line: 5, column: 'options', code: 'inspection_form.widget_option_missing', params: { option: 'to_replace' } },
      { line: 6, column: 'options', code: 'inspection_form.options_not_allowed', params: {} },
    ]);
    expect(result.changed).toEqual([]);
    expect(result.added).toEqual([]);
    expect(result.counts).toMatchObject({ refused: 5, unchanged: 4 });
  });

  it('refuses a line whose condition names a field the file removes', () => {
    const rows = frRows().slice(1).map((r) => r.slice(0, 13));
    const result = run(FR.slice(0, 13), rows);
    expect(result.refused).toEqual([{ line: 2, column: 'conditions', code: 'inspection_form.condition_field_unknown', params: {} }]);
  });

  it('matches same-named fields of the form in order, removing the extra ones', () => {
    const current = form();
    (current.sections[1].subSections[0].fields as SyncCurrentField[]).push(field('f3b', 'épaisseur (MM)', 'NUMBER', 1));
    const result = run(FR, frRows(), current);
    expect(result.removed).toEqual([{ kind: 'field', id: 'f3b', path: { section: 'Mécanique', sub_section: 'Freins', field: 'épaisseur (MM)' } }]);
    expect(result.changed).toEqual([]);
  });
});

describe('two languages and the required flag (issue 20 points 16, 21)', () => {
  /** The small form with English labels on a section, a sub-section, a field and a SELECT's options, and an optional text. */
  const bilingual = (): SyncCurrentForm => {
    const current = form();
    const [s1] = current.sections as SyncCurrentForm['sections'][number][];
    Object.assign(s1, { name_en: 'Exterior' });
    Object.assign(s1.subSections[0], { name_en: 'Body' });
    const fields = s1.subSections[0].fields as SyncCurrentField[];
    Object.assign(fields[0], { name_en: 'Visible leak?' });
    fields.push(
      field('f5', 'Couleur', 'SELECT_SINGLE', 2, { points_threshold: [{ option: 'rouge', points: 1, option_en: 'red' }, { option: 'bleu', points: 2 }, { option: 'vert', points: 0, option_en: 'green' }] }),
      field('f6', 'Remarque', 'TEXT', 3, { required: false }),
    );
    return current;
  };

  it('writes the English labels and the flag in the template and reads them back unchanged, in either language', () => {
    for (const locale of ['fr', 'en'] as const) {
      const { columns, rows } = syncTemplate(bilingual(), locale);
      expect(columns).toContain(locale === 'fr' ? 'Champ (anglais)' : 'Field (English)');
      expect(columns).toContain(locale === 'fr' ? 'Obligatoire' : 'Required');
      const result = run(columns, rows, bilingual());
      expect(result.refused).toEqual([]);
      expect(result.counts).toMatchObject({ added: 0, changed: 0, removed: 0, unchanged: 9 });
    }
    const { columns, rows } = syncTemplate(bilingual(), 'fr');
    const cell = (row: string[], header: string) => row[columns.indexOf(header)];
    expect(cell(rows[0], 'Section (anglais)')).toBe('Exterior');
    expect(cell(rows[0], 'Sous-section (anglais)')).toBe('Body');
    expect(cell(rows[0], 'Champ (anglais)')).toBe('Visible leak?');
    expect(cell(rows[2], 'Options (anglais)')).toBe('red |  | green');
    expect(cell(rows[3], 'Obligatoire')).toBe('non');
    expect(cell(rows[0], 'Obligatoire')).toBe('oui');
  });

  it('changes the labels and the flag a file gives; an empty Obligatoire is the type’s default; absent columns keep them', () => {
    const { columns, rows } = syncTemplate(bilingual(), 'en');
    const at = (header: string) => columns.indexOf(header);
    rows[0][at('Field (English)')] = 'Leak seen?';
    rows[2][at('Options (English)')] = 'crimson | blue';
    rows[3][at('Required')] = '';
    rows[0][at('Required')] = 'no';
    const result = run(columns, rows, bilingual());
    expect(result.refused).toEqual([]);
    const changes = Object.fromEntries(result.changed.map((c) => [c.path.field, c.changes]));
    expect(changes['Fuite visible ?']).toEqual([
      { attribute: 'name_en', before: 'Visible leak?', after: 'Leak seen?' },
      { attribute: 'required', before: true, after: false },
    ]);
    expect(changes.Couleur[0].after).toEqual([
      { option: 'rouge', points: 1, option_en: 'crimson' },
      { option: 'bleu', points: 2, option_en: 'blue' },
      { option: 'vert', points: 0 },
    ]);
    // The text's empty cell: optional, as it was.
    expect(changes.Remarque).toBeUndefined();
    // A file without the new columns (an older template) keeps every label and flag.
    const old = run(FR, frRows(), bilingual());
    const attributes = old.changed.flatMap((c) => c.changes.map((x) => x.attribute));
    for (const a of ['name_en', 'required']) expect(attributes).not.toContain(a);
    const couleur = old.plan.sections[0].subSections[0].fields.find((f) => f.values.name === 'Couleur');
    expect(couleur).toBeUndefined(); // not in the old file: removed, as any field a file leaves out
    expect(old.plan.sections[0].values.name_en).toBe('Exterior');
    expect(old.plan.sections[0].subSections[0].fields[0].values).toMatchObject({ name_en: 'Visible leak?', required: true });
  });

  it('refuses more English labels than options, and makes a new text optional and a new check required', () => {
    const columns = [...MIN, 'Options', 'Options (anglais)', 'Obligatoire'];
    const d = parseSyncRows(columns, [
      ['A', 'B', 'Couleur', 'Choix unique', 'rouge:1|bleu:2', 'red|blue|green', ''],
      ['A', 'B', 'Note', 'Texte', '', '', ''],
      ['A', 'B', 'Klaxon', 'Case à cocher', 'oui:1|non:0', '', ''],
    ]);
    expect(d.refused).toEqual([{ line: 2, column: 'options_en', code: 'sync.option_labels', params: { count: 2 } }]);
    const [, note, horn] = d.sections[0].subSections[0].fields;
    expect(note.values.required).toBe(false);
    expect(horn.values.required).toBe(true);
  });
});

describe('options marked as findings (issue 20 point 4)', () => {
  /** The leak's "oui" is a finding though worth 3 of 5; the windshield's "bad" (2 of 10) never is. */
  const marked = () => {
    const current = form();
    const fields = current.sections[0].subSections[0].fields as SyncCurrentField[];
    Object.assign(fields[0], { points_threshold: [{ option: 'yes', points: '3', failing: true }, { option: 'no', points: '5' }] });
    Object.assign(fields[1], {
      points_threshold: [
        { option: 'good', points: 10 },
        { option: 'to_replace', points: 0 },
        { option: 'bad', points: 2, failing: false },
        { option: 'not_applicable', points: 0 },
      ],
    });
    return current;
  };

  it('writes each option’s mark in the template and reads it back unchanged, in either language', () => {
    for (const locale of ['fr', 'en'] as const) {
      const { columns, rows } = syncTemplate(marked(), locale);
      const cell = (row: string[]) => row[columns.indexOf(locale === 'fr' ? 'Constat par option' : 'Finding by option')];
      expect(rows.map(cell)).toEqual(locale === 'fr' ? ['oui', ' |  | non', ''] : ['yes', ' |  | no', '']);
      const result = run(columns, rows, marked());
      expect(result.refused).toEqual([]);
      expect(result.counts).toMatchObject({ added: 0, changed: 0, removed: 0 });
    }
  });

  it('changes the marks a file gives (empty: the default rule) and shows them in the dry run; without the column they stay', () => {
    const { columns, rows } = syncTemplate(marked(), 'fr');
    const at = columns.indexOf('Constat par option');
    rows[0][at] = '| Non';
    rows[1][at] = '';
    rows[2][at] = 'OUI';
    const result = run(columns, rows, marked());
    expect(result.refused).toEqual([]);
    const changes = Object.fromEntries(result.changed.map((c) => [c.path.field, c.changes]));
    expect(changes['Fuite visible ?']).toEqual([
      { attribute: 'points_threshold', before: [{ option: 'yes', points: 3, failing: true }, { option: 'no', points: 5 }], after: [{ option: 'yes', points: 3 }, { option: 'no', points: 5, failing: false }] },
    ]);
    expect(changes['Pare-brise'][0].after).toEqual([{ option: 'good', points: 10 }, { option: 'to_replace', points: 0 }, { option: 'bad', points: 2 }, { option: 'not_applicable', points: 0 }]);
    expect(changes['Épaisseur (mm)'][0].after).toEqual([{ option: '0-2', points: 0, failing: true }, { option: '3-12', points: 10 }]);
    // The run writes the plan: the marks as the API stores them.
    expect(result.plan.sections[0].subSections[0].fields[0].values.points_threshold).toEqual([{ option: 'yes', points: 3 }, { option: 'no', points: 5, failing: false }]);
    // An older file, new points for the leak: the marks stay by option name.
    const old = run(FR, frRows().map((r, i) => (i === 0 ? r.map((c, k) => (k === FR.indexOf('Options') ? 'oui:2|non:5' : c)) : r)), marked());
    expect(old.plan.sections[0].subSections[0].fields[0].values.points_threshold).toEqual([{ option: 'yes', points: 2, failing: true }, { option: 'no', points: 5 }]);
    expect(old.plan.sections[0].subSections[0].fields[1].values.points_threshold[2]).toEqual({ option: 'bad', points: 2, failing: false });
  });

  it('refuses more marks than options, and a word that is not yes, no or empty', () => {
    const d = parseSyncRows([...MIN, 'Options', 'Findings'], [
      ['A', 'B', 'Klaxon', 'Case à cocher', 'oui:1|non:0', 'no|yes|yes'],
      ['A', 'B', 'Fuite', 'Case à cocher', 'oui:1|non:0', 'peut-être'],
      ['A', 'B', 'Pneu', 'Case à cocher', 'oui:1|non:0', 'x | '],
    ]);
    expect(d.refused).toEqual([
      { line: 2, column: 'options_failing', code: 'sync.option_marks', params: { count: 2 } },
      { line: 3, column: 'options_failing', code: 'sync.option_mark', params: { value: 'peut-être' } },
    ]);
    expect(d.sections[0].subSections[0].fields[2].values.option_marks).toEqual([true, null]);
  });
});
