import type { RecordOf } from '@atelier/domain';
import type { JsonApiDocument, ResourceObject } from '../../api/jsonapi.ts';
import { deserialize } from '../../api/documents.ts';

/**
 * Test data of the area's tests: the document `GET /inspection-forms/{id}?include=...` answers for a
 * small form with every kind of rule: a condition, tire propagation, ranges, multiple choice,
 * text, N/A, a points multiplier and verdict notes. The form's `sections` list its sub-sections
 * too, and orders are shuffled, as a server may send them.
 */
const ref = (type: string, id: string) => ({ type, id });
const many = (type: string, ids: string[]) => ({ data: ids.map((id) => ref(type, id)) });

function field(id: string, sub: string, order: number, name: string, field_type: string, points: [string, number][], extra: Record<string, unknown> = {}): ResourceObject {
  return {
    type: 'inspection-form-section-fields',
    id,
    attributes: {
      name,
      field_type,
      points_threshold: points.map(([option, p]) => ({ option, points: p })),
      order_number: order,
      can_upload_image: false,
      can_add_comment: true,
      enable_na: false,
      is_copy: false,
      icon: null,
      coefficient: 1,
      conditional_field: false,
      conditions: [],
      condition_relation: 'and',
      ...extra,
    },
    relationships: { section: { data: ref('inspection-form-sections', sub) } },
  };
}

function section(id: string, name: string, order: number, factor: number, subs: string[], parent: string | null, fields: string[] = []): ResourceObject {
  return {
    type: 'inspection-form-sections',
    id,
    attributes: { name, icon: parent ? null : 'car', factor, order_number: order },
    relationships: {
      parent: { data: parent ? ref('inspection-form-sections', parent) : null },
      subSections: many('inspection-form-sections', subs),
      fields: many('inspection-form-section-fields', fields),
    },
  };
}

const STATES: [string, number][] = [
  ['good', 10],
  ['to_replace', 5],
  ['bad', 0],
  ['not_applicable', 0],
];

export const TEST_FORM_DOCUMENT: JsonApiDocument = {
  data: {
    type: 'inspection-forms',
    id: 'form-1',
    attributes: { name: 'Inspection 100 points' },
    relationships: {
      sections: many('inspection-form-sections', ['B', 'A', 'A1', 'B2', 'B1']),
      multipliers: many('inspection-form-multipliers', ['m-ford']),
      notes: many('inspection-form-notes', ['n-high', 'n-low', 'n-mid']),
    },
  },
  included: [
    section('A', 'Extérieur', 1, 2, ['A1'], null),
    section('B', 'Pneus et mesures', 2, 1, ['B2', 'B1'], null),
    section('A1', 'Carrosserie', 1, 1, [], 'A', ['f3', 'f1', 'f2']),
    section('B1', 'Pneus', 1, 1, [], 'B', ['t2', 't1']),
    section('B2', 'Mesures', 2, 1, [], 'B', ['n1', 's1', 'm1', 'x1']),
    field('f1', 'A1', 1, 'Pare-brise intact', 'CHECK', [['yes', 10], ['no', 0]]),
    field('f2', 'A1', 2, 'Peinture', 'SELECT_SINGLE', [['Bonne', 10], ['Moyenne', 5], ['Mauvaise', 0]]),
    field('f3', 'A1', 3, 'Fissure réparable', 'CHECK', [['yes', 5], ['no', 0]], {
      conditional_field: true,
      conditions: [{ field: 'f1', operator: 'equals', value: 'no' }],
    }),
    field('t1', 'B1', 1, 'Avant gauche', 'TIRE_STATE_WIDGET', STATES),
    field('t2', 'B1', 2, 'Avant droit', 'TIRE_STATE_WIDGET', STATES),
    field('n1', 'B2', 1, 'Tension de la batterie', 'NUMBER', [['0-11.9', 0], ['12-12.4', 5], ['12.5-15', 10]], { enable_na: true }),
    field('s1', 'B2', 2, 'Plaquettes (mm)', 'RANGE_SLIDER', [['0-3', 0], ['4-7', 5], ['8-12', 10]]),
    field('m1', 'B2', 3, 'Équipements', 'SELECT_MULTIPLE', [['Trousse', 2], ['Cric', 3]]),
    field('x1', 'B2', 4, 'Remarques', 'TEXT', []),
    {
      type: 'inspection-form-multipliers',
      id: 'm-ford',
      attributes: { type: 'points', field: 'make', operation: 'contains', value: 'ford', multiplier: '0.5' },
    },
    { type: 'inspection-form-notes', id: 'n-low', attributes: { minimum_value: 0, maximum_value: 49, text: 'À revoir' } },
    { type: 'inspection-form-notes', id: 'n-mid', attributes: { minimum_value: 50, maximum_value: 79, text: 'Correct' } },
    { type: 'inspection-form-notes', id: 'n-high', attributes: { minimum_value: 80, maximum_value: 100, text: 'Excellent état' } },
  ],
};

/** The test form as the screens read it: the document deserialised. */
export function testFormRecord(): RecordOf<'inspection-forms'> {
  const record = deserialize<RecordOf<'inspection-forms'>>(TEST_FORM_DOCUMENT);
  if (!record || Array.isArray(record)) throw new Error('The test form document holds one record.');
  return record;
}
