// The inspection scoring engine (packages/domain/src/inspections/scoring.ts) on a realistic
// 300-field form: 10 sections × 3 sub-sections × 10 fields of every type, a tenth of them
// conditional. Measures a full recompute, an incremental update after one answer (the inspection
// screen's path: propagate the answer, rescore what it reaches) and the rescore alone. Results are
// immutable, so each builds a new 300-entry `fields` object (and an update a new answers object):
// most of their cost. Run by bench/run.mjs with tsx; prints one JSON object as its last line.
// Target (issue 10): a full recompute under 1 ms.
import {
  compileInspectionForm,
  FIELD_TYPES,
  propagateAnswer,
  rescoreInspection,
  scoreInspection,
  type Answers,
  type FieldAnswer,
  type FormField,
  type FormSection,
} from '../packages/domain/src/index.ts';

const DURATION_MS = Number(process.env.BENCH_SCORING_MS ?? 2000);
const TARGET_FULL_US = 1000;

const WIDGET = [
  { option: 'good', points: 10 },
  { option: 'to_replace', points: 0 },
  { option: 'bad', points: 4 },
  { option: 'not_applicable', points: 10 },
];
const OPTIONS: Record<string, { option: string; points: number }[]> = {
  CHECK: [{ option: 'yes', points: 5 }, { option: 'no', points: 0 }],
  SELECT_SINGLE: [{ option: 'Bon', points: 10 }, { option: 'Moyen', points: 5 }, { option: 'Mauvais', points: 0 }],
  SELECT_MULTIPLE: [{ option: 'Propre', points: 10 }, { option: 'Rayures', points: 2 }, { option: 'Bosses', points: 1 }],
  NUMBER: [{ option: '0-2', points: 0 }, { option: '2.1-4', points: 5 }, { option: '4.1-12', points: 10 }],
  RANGE_SLIDER: [{ option: '0-3', points: 0 }, { option: '4-7', points: 5 }, { option: '8-10', points: 10 }],
  TEXT: [],
};
const id = (s: number, b: number, k: number) => `0190a0b2-${String(s).padStart(4, '0')}-7${b}${String(k).padStart(2, '0')}-8000-00000000${String(s * 100 + b * 10 + k).padStart(4, '0')}`;

const sections: FormSection[] = [];
const valueOf = new Map<string, (n: number) => unknown>();
for (let s = 0; s < 10; s++) {
  const subSections = [];
  for (let b = 0; b < 3; b++) {
    const fields: FormField[] = [];
    for (let k = 0; k < 10; k++) {
      const type = FIELD_TYPES[(s + b + k) % FIELD_TYPES.length];
      const fid = id(s, b, k);
      // Every tenth field shows when the first field of its sub-section is not "good"/"no".
      const conditional = k === 9;
      fields.push({
        id: fid,
        field_type: type,
        points_threshold: OPTIONS[type] ?? WIDGET,
        order_number: k,
        coefficient: k % 4 === 0 ? 2 : 1,
        enable_na: k % 5 === 0,
        conditional_field: conditional,
        conditions: conditional ? [{ field: id(s, b, 0), operator: 'different', value: 'no' }, { field: id(s, b, 1), operator: 'superior', value: '3' }] : [],
        condition_relation: 'or',
      });
      valueOf.set(fid, (n) => {
        switch (type) {
          case 'CHECK':
            return n % 2 === 0;
          case 'SELECT_SINGLE':
            return ['Bon', 'Moyen', 'Mauvais'][n % 3];
          case 'SELECT_MULTIPLE':
            return n % 2 ? ['Rayures', 'Bosses'] : ['Propre'];
          case 'NUMBER':
          case 'RANGE_SLIDER':
            return n % 11;
          case 'TEXT':
            return `note ${n}`;
          default:
            return { value: ['good', 'to_replace', 'bad', 'not_applicable'][n % 4], depth_mm: n % 9 };
        }
      });
    }
    subSections.push({ id: id(s, b, 99), factor: b + 1, order_number: b, fields });
  }
  sections.push({ id: id(s, 9, 99), factor: 1 + (s % 3), order_number: s, subSections });
}
const formInput = {
  sections,
  multipliers: [
    { type: 'points', field: 'odometer', operation: 'greater_than', value: '150000', multiplier: 0.95 },
    { type: 'points', field: 'make', operation: 'equals', value: 'honda', multiplier: 1.02 },
  ],
  notes: [
    { minimum_value: 0, maximum_value: 59, text: 'À reprendre' },
    { minimum_value: 60, maximum_value: 84, text: 'Bon état' },
    { minimum_value: 85, maximum_value: 100, text: 'Excellent état' },
  ],
};
const vehicle = { make: 'Honda', model: 'Civic', model_year: 2018, odometer: 162000, style: 'Berline 4 portes' };
const ids = [...valueOf.keys()];
const answers: Record<string, FieldAnswer> = {};
ids.forEach((fid, n) => (answers[fid] = { value: valueOf.get(fid)!(n), touched: n % 7 !== 0 }));

function measure(run: (n: number) => unknown) {
  for (let n = 0; n < 2000; n++) run(n); // warm-up: let the JIT settle
  let ops = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < DURATION_MS) {
    for (let n = 0; n < 100; n++) run(ops++);
    elapsed = performance.now() - started;
  }
  return { ops, opsPerSecond: Math.round((ops * 1000) / elapsed), usPerOp: Math.round((elapsed * 1000 * 100) / ops) / 100 };
}

let started = performance.now();
const form = compileInspectionForm(formInput);
const compileUs = Math.round((performance.now() - started) * 1000);
started = performance.now();
const first = scoreInspection(form, answers, vehicle);
const firstUs = Math.round((performance.now() - started) * 1000);

const full = measure(() => scoreInspection(form, answers, vehicle));

// One answer changes at a time, on a field chosen across the form; the result follows, as on the screen.
let current: Answers = answers;
let result = first;
const incremental = measure((n) => {
  const fid = ids[(n * 37) % ids.length];
  const next = propagateAnswer(form, current, fid, { value: valueOf.get(fid)!(n) });
  current = next.answers;
  result = rescoreInspection(form, result, current, vehicle, next.changed);
});
const check = JSON.stringify(result) === JSON.stringify(scoreInspection(form, current, vehicle));
if (!check) throw new Error('the incremental result differs from a full recompute');

// The rescore alone, from the same result, after each field's answer changed in turn.
const changes = ids.map((fid, n) => propagateAnswer(form, answers, fid, { value: valueOf.get(fid)!(n + 1) }));
const rescoreOnly = measure((n) => {
  const change = changes[n % changes.length];
  rescoreInspection(form, first, change.answers, vehicle, change.changed);
});

console.log(
  JSON.stringify({
    scenario: 'scoring',
    fields: ids.length,
    compileUs,
    firstScoreUs: firstUs,
    full,
    incremental,
    rescoreOnly,
    vehicleScore: result.vehicle_score,
    target: { fullUs: TARGET_FULL_US },
    targetMet: full.usPerOp < TARGET_FULL_US,
  }),
);
