import { CHECK_OPTIONS, PROPAGATED_FIELD_TYPES, RANGE_FIELD_TYPES, WIDGET_FIELD_TYPES } from './form-enums.ts';
import { CRITICAL_SCORE_CAP, isFailingAnswer } from './findings.ts';
import { finiteNumber, parseRangeOption, type Numeric, type PointsOption } from './options.ts';
import { isObject } from '../is-object.ts';

// The inspection scoring engine (spec §4 "Inspection scoring (must hold)", issue 10, the precisions
// in docs/decisions.md "Inspection scoring: the precisions"). Pure: the server scores saved answers
// with it and the browser scores live answers with the same code. The input is plain (ids as
// strings, numbers possibly as the strings a numeric column gives) so both can pass what they hold.

export interface FieldCondition {
  /** The id of another field of the form. */
  field: string;
  operator: string;
  value: string | number | null;
}
export interface FormField {
  id: string;
  field_type: string;
  points_threshold?: readonly PointsOption[] | null;
  order_number?: Numeric;
  /** The editor's switch: false keeps the conditions but ignores them. */
  conditional_field?: boolean | null;
  conditions?: readonly FieldCondition[] | null;
  condition_relation?: string | null;
  /** The weight of the field's points and maximum in its sub-section; 1 when empty. */
  coefficient?: Numeric;
  enable_na?: boolean | null;
  /** Safety-critical (brakes, tires, steering, lights): failing, it caps the vehicle score (findings.ts). */
  safety_critical?: boolean | null;
  is_copy?: boolean | null;
  /** The id of the field this one copies (with is_copy). */
  copiedField?: string | null;
}
export interface FormSubSection {
  id: string;
  factor?: Numeric;
  order_number?: Numeric;
  fields: readonly FormField[];
}
export interface FormSection {
  id: string;
  factor?: Numeric;
  order_number?: Numeric;
  subSections: readonly FormSubSection[];
}
export interface FormMultiplier {
  type: string;
  field: string;
  operation: string;
  value: string | number | null;
  multiplier: Numeric;
}
export interface FormNote {
  minimum_value: Numeric;
  maximum_value: Numeric;
  text: string;
}
export interface InspectionFormInput {
  sections: readonly FormSection[];
  multipliers?: readonly FormMultiplier[] | null;
  notes?: readonly FormNote[] | null;
}

/** One field's answer: CHECK true/false, SELECT_SINGLE a name, SELECT_MULTIPLE names, NUMBER a number, widgets { value, ... }, TEXT a string. */
export interface FieldAnswer {
  value?: unknown;
  action?: string | null;
  touched?: boolean | null;
  /** "Not applicable", for a field with enable_na: counts nowhere, and answers the field. */
  not_applicable?: boolean | null;
}
/** No value, no action, not N/A: nothing is answered (the field is untouched). */
export function isEmptyAnswer(a: FieldAnswer): boolean {
  return (a.value === null || a.value === undefined) && !a.action && a.not_applicable !== true;
}

/** Answers by field id. */
export type Answers = Readonly<Record<string, FieldAnswer | undefined>>;

/** What points multipliers compare. `year` and `model_year` both name the model year. */
export interface ScoredVehicle {
  make?: string | null;
  model?: string | null;
  model_year?: Numeric;
  year?: Numeric;
  odometer?: Numeric;
  style?: string | null;
}

export interface FieldScore {
  points: number;
  max_points: number;
  score: number;
  visible: boolean;
}
export interface SubSectionScore {
  score: number;
  points: number;
  max: number;
  filled: boolean;
  visible: boolean;
}
export interface SectionScore {
  score: number;
  filled: boolean;
  visible: boolean;
  subSections: Record<string, SubSectionScore>;
}
/**
 * The result: `vehicle_score`, `note` and `sectionsScores` are the inspection's score_data (issue 10);
 * `points` and `max_points` sum its visible fields' points and maximums (spec §3 points), each
 * weighed by the field's coefficient as in its sub-section: the visible sub-sections' totals;
 * `fields` holds each field's points, maximum and score, by field id.
 */
export interface InspectionScore {
  vehicle_score: number;
  points: number;
  max_points: number;
  note: string | null;
  sectionsScores: Record<string, SectionScore>;
  fields: Record<string, FieldScore>;
}

// ---------------------------------------------------------------------------------------------
// Values

/** A weight (factor, coefficient): 1 when empty; what the rules refuse (negative, not a number) weighs 0. */
function weightOf(v: Numeric): number {
  if (v === null || v === undefined || v === '') return 1;
  const n = finiteNumber(v);
  return n !== null && n >= 0 ? n : 0;
}

/** Points of an option; what the rules refuse (negative, not a number) counts 0. */
function pointsOf(v: Numeric): number {
  const n = finiteNumber(v);
  return n !== null && n >= 0 ? n : 0;
}

const lower = (s: string) => s.trim().toLowerCase();
const has = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

/** Sets an own property, also for the key "__proto__" (ids come from clients). */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** A shallow copy by assignment: four times faster than a spread on a 300-key object. */
function copyOwn<T>(source: Readonly<Record<string, T>>): Record<string, T> {
  const copy: Record<string, T> = {};
  for (const key of Object.keys(source)) setOwn(copy, key, source[key]);
  return copy;
}

// ---------------------------------------------------------------------------------------------
// The compiled form: indexes built once, so a change rescores only what it reaches.

type Kind = 'check' | 'single' | 'multiple' | 'range' | 'widget' | 'none';
function kindOf(type: string): Kind {
  if (type === 'CHECK') return 'check';
  if (type === 'SELECT_SINGLE') return 'single';
  if (type === 'SELECT_MULTIPLE') return 'multiple';
  if (has(RANGE_FIELD_TYPES, type)) return 'range';
  if (has(WIDGET_FIELD_TYPES, type)) return 'widget';
  return 'none';
}

type Operator = 'equals' | 'different' | 'superior' | 'inferior';
interface CompiledCondition {
  /** Index of the field compared; -1 when it is not in the form. */
  target: number;
  operator: string;
  text: string;
  num: number | null;
}
interface CompiledField {
  id: string;
  type: string;
  /** The field as given: its options' marks decide whether an answer fails (findings.ts). */
  source: FormField;
  kind: Kind;
  sub: number;
  options: Map<string, number>;
  ranges: { min: number; max: number; points: number }[];
  max: number;
  weight: number;
  enableNa: boolean;
  critical: boolean;
  /** null: no conditions (visible). */
  conditions: CompiledCondition[] | null;
  any: boolean;
  /** In or behind a condition cycle: always hidden. */
  blocked: boolean;
}
interface CompiledSub {
  id: string;
  section: number;
  factor: number;
  /** Field indexes in order. */
  fields: number[];
}
interface CompiledSection {
  id: string;
  factor: number;
  subs: number[];
}
interface CompiledMultiplier {
  type: string;
  field: string;
  operation: string;
  text: string;
  num: number | null;
  factor: number;
}

export interface CompiledInspectionForm {
  readonly fields: readonly CompiledField[];
  readonly subs: readonly CompiledSub[];
  readonly sections: readonly CompiledSection[];
  readonly fieldIndex: ReadonlyMap<string, number>;
  /** Fields whose conditions read each field. */
  readonly dependents: readonly (readonly number[])[];
  /** Each field's rank in an order where a field comes after the fields its conditions read. */
  readonly rank: readonly number[];
  readonly topological: readonly number[];
  readonly multipliers: readonly CompiledMultiplier[];
  readonly notes: readonly { min: number; max: number; text: string }[];
  /** The safety-critical fields' indexes. */
  readonly critical: readonly number[];
}

const byOrder = <T extends { order_number?: Numeric }>(items: readonly T[]): T[] =>
  items
    .map((item, i) => ({ item, i, o: finiteNumber(item.order_number) ?? 0 }))
    .sort((a, b) => a.o - b.o || a.i - b.i)
    .map((x) => x.item);

function compileField(field: FormField, sub: number): CompiledField {
  const kind = kindOf(field.field_type);
  const options = new Map<string, number>();
  for (const o of field.points_threshold ?? []) {
    // The first option of a name counts; the rules refuse duplicates.
    if (typeof o?.option === 'string' && !options.has(o.option)) options.set(o.option, pointsOf(o.points));
  }
  const ranges =
    kind === 'range'
      ? [...options].flatMap(([option, points]) => {
          const r = parseRangeOption(option);
          return r ? [{ ...r, points }] : [];
        })
      : [];
  // A field's maximum is the highest points among the options it can reach.
  const reachable =
    kind === 'none'
      ? []
      : kind === 'check'
        ? CHECK_OPTIONS.flatMap((o) => (options.has(o) ? [options.get(o)!] : []))
        : kind === 'range'
          ? ranges.map((r) => r.points)
          : [...options.values()];
  return {
    id: field.id,
    type: field.field_type,
    source: field,
    kind,
    sub,
    options,
    ranges,
    max: Math.max(0, ...reachable),
    weight: weightOf(field.coefficient),
    enableNa: field.enable_na === true,
    critical: field.safety_critical === true,
    conditions: null,
    any: field.condition_relation === 'or',
    blocked: false,
  };
}

/** A condition's value as compared: lower case; "true"/"false" name a CHECK's yes/no. */
function conditionText(targetKind: Kind | undefined, value: string | number | null): string {
  const text = lower(value === null || value === undefined ? '' : String(value));
  if (targetKind === 'check' && (text === 'true' || text === 'false')) return text === 'true' ? 'yes' : 'no';
  return text;
}

/** Indexes built once per form version; `scoreInspection` and `rescoreInspection` take it. */
export function compileInspectionForm(form: InspectionFormInput): CompiledInspectionForm {
  const fields: CompiledField[] = [];
  const subs: CompiledSub[] = [];
  const sections: CompiledSection[] = [];
  const sources: FormField[] = [];
  for (const section of byOrder(form.sections)) {
    const s: CompiledSection = { id: section.id, factor: weightOf(section.factor), subs: [] };
    sections.push(s);
    for (const subSection of byOrder(section.subSections)) {
      const sub: CompiledSub = { id: subSection.id, section: sections.length - 1, factor: weightOf(subSection.factor), fields: [] };
      s.subs.push(subs.length);
      subs.push(sub);
      for (const field of byOrder(subSection.fields)) {
        sub.fields.push(fields.length);
        fields.push(compileField(field, subs.length - 1));
        sources.push(field);
      }
    }
  }
  const fieldIndex = new Map(fields.map((f, i) => [f.id, i]));

  const dependents: number[][] = fields.map(() => []);
  const reads: number[][] = fields.map(() => []);
  sources.forEach((field, i) => {
    const list = field.conditional_field === false ? [] : (field.conditions ?? []);
    if (list.length === 0) return;
    fields[i].conditions = list.map((c) => {
      const target = fieldIndex.get(c?.field) ?? -1;
      const text = conditionText(fields[target]?.kind, c?.value ?? null);
      if (target >= 0 && !reads[i].includes(target)) {
        reads[i].push(target);
        dependents[target].push(i);
      }
      return { target, operator: c?.operator, text, num: finiteNumber(text) };
    });
  });

  // Kahn's order over "a condition reads a field"; what is left is in or behind a cycle.
  const waiting = reads.map((r) => r.length);
  const topological: number[] = [];
  waiting.forEach((w, i) => w === 0 && topological.push(i));
  for (let k = 0; k < topological.length; k++)
    for (const d of dependents[topological[k]]) if (--waiting[d] === 0) topological.push(d);
  if (topological.length < fields.length)
    waiting.forEach((w, i) => {
      if (w > 0) {
        fields[i].blocked = true;
        topological.push(i);
      }
    });
  const rank: number[] = [];
  topological.forEach((f, r) => (rank[f] = r));

  const multipliers = (form.multipliers ?? []).flatMap((m) => {
    const factor = finiteNumber(m.multiplier);
    if (factor === null) return [];
    const text = lower(m.value === null || m.value === undefined ? '' : String(m.value));
    return [{ type: m.type, field: m.field, operation: m.operation, text, num: finiteNumber(text), factor }];
  });
  const notes = (form.notes ?? [])
    .map((n) => ({ min: finiteNumber(n.minimum_value), max: finiteNumber(n.maximum_value), text: n.text }))
    .filter((n): n is { min: number; max: number; text: string } => n.min !== null && n.max !== null)
    .sort((a, b) => a.min - b.min);

  const critical = fields.flatMap((f, i) => (f.critical ? [i] : []));
  return { fields, subs, sections, fieldIndex, dependents, rank, topological, multipliers, notes, critical };
}

// ---------------------------------------------------------------------------------------------
// Field points and visibility

function answerOf(answers: Answers, id: string): FieldAnswer | undefined {
  return Object.hasOwn(answers, id) ? answers[id] : undefined;
}

const isNotApplicable = (f: CompiledField, a: FieldAnswer | undefined) => f.enableNa && a?.not_applicable === true;

function pointsFor(f: CompiledField, value: unknown): number {
  switch (f.kind) {
    case 'check':
      // No value counts as "no": its points when the option exists, else 0.
      return (value === true ? f.options.get('yes') : f.options.get('no')) ?? 0;
    case 'single':
      return typeof value === 'string' ? (f.options.get(value) ?? 0) : 0;
    case 'multiple': {
      if (!Array.isArray(value)) return 0;
      let sum = 0;
      for (const name of new Set(value)) if (typeof name === 'string') sum += f.options.get(name) ?? 0;
      // A field never earns more than its maximum, so its score stays within 0..100.
      return Math.min(sum, f.max);
    }
    case 'range': {
      const n = finiteNumber(value);
      if (n === null) return 0;
      for (const r of f.ranges) if (n >= r.min && n <= r.max) return r.points;
      return 0;
    }
    case 'widget':
      return isObject(value) && typeof value.value === 'string' ? (f.options.get(value.value) ?? 0) : 0;
    default:
      return 0;
  }
}

const percent = (points: number, max: number) => (max > 0 ? Math.round((100 * points) / max) : 100);

function fieldScore(f: CompiledField, answer: FieldAnswer | undefined, visible: boolean): FieldScore {
  if (isNotApplicable(f, answer)) return { points: 0, max_points: 0, score: 100, visible };
  const points = pointsFor(f, answer?.value);
  return { points, max_points: f.max, score: percent(points, f.max), visible };
}

/** A field's value as conditions read it: lower case, a CHECK as yes/no, a widget by its `value` member. */
function comparedText(f: CompiledField, value: unknown): string {
  switch (f.kind) {
    case 'check':
      return value === true ? 'yes' : value === false ? 'no' : '';
    case 'widget':
      return isObject(value) && typeof value.value === 'string' ? lower(value.value) : '';
    default:
      return typeof value === 'string' ? lower(value) : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  }
}

function conditionHolds(target: CompiledField, answer: FieldAnswer | undefined, c: CompiledCondition): boolean {
  // A not-applicable answer is no value.
  const value = isNotApplicable(target, answer) ? undefined : answer?.value;
  const operator = c.operator as Operator;
  if (target.kind === 'multiple') {
    // Equals: one of the selected options is the value; different: none is. No order among names.
    const selected = Array.isArray(value) && value.some((v) => typeof v === 'string' && lower(v) === c.text);
    return operator === 'equals' ? selected : operator === 'different' ? !selected : false;
  }
  const text = comparedText(target, value);
  const num = finiteNumber(text);
  const equal = num !== null && c.num !== null ? num === c.num : text === c.text;
  switch (operator) {
    case 'equals':
      return equal;
    case 'different':
      return !equal;
    case 'superior':
      return num !== null && c.num !== null && num > c.num;
    case 'inferior':
      return num !== null && c.num !== null && num < c.num;
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Scoring

function vehicleValue(vehicle: ScoredVehicle, field: string): unknown {
  switch (field) {
    case 'make':
    case 'model':
    case 'style':
    case 'odometer':
      return vehicle[field];
    case 'model_year':
    case 'year':
      return vehicle.model_year ?? vehicle.year;
    default:
      return undefined;
  }
}

function multiplierMatches(m: CompiledMultiplier, vehicle: ScoredVehicle): boolean {
  const actual = vehicleValue(vehicle, m.field);
  if (actual === null || actual === undefined) return false;
  const text = lower(String(actual));
  if (text === '') return false;
  const num = finiteNumber(text);
  switch (m.operation) {
    case 'equals':
      return num !== null && m.num !== null ? num === m.num : text === m.text;
    case 'greater_than':
      return num !== null && m.num !== null && num > m.num;
    case 'less_than':
      return num !== null && m.num !== null && num < m.num;
    case 'contains':
      return m.text !== '' && text.includes(m.text);
    default:
      return false;
  }
}

function multiplierProduct(multipliers: readonly CompiledMultiplier[], type: string, vehicle: ScoredVehicle): number {
  let product = 1;
  for (const m of multipliers) if (m.type === type && multiplierMatches(m, vehicle)) product *= m.factor;
  return product;
}

/** The product of the repair-value multipliers that match the vehicle (1 when none): it scales estimated repair values. */
export function repairValueMultiplier(multipliers: readonly FormMultiplier[] | null | undefined, vehicle: ScoredVehicle): number {
  return multiplierProduct(compileInspectionForm({ sections: [], multipliers }).multipliers, 'repair_value', vehicle);
}

/** One scoring pass: the fields scored so far; the others are the previous result's. */
interface Pass {
  c: CompiledInspectionForm;
  answers: Answers;
  computed: (FieldScore | undefined)[];
  before: readonly FieldScore[] | null;
}

const scoreAt = (p: Pass, i: number): FieldScore => p.computed[i] ?? p.before![i];

/**
 * A result's field scores by field index and its form, for the next rescore (reading 300 ids back
 * from `fields` costs more than scoring them). A hidden member, not a WeakMap: a WeakMap entry per
 * result made a full scoring four times slower (its garbage collection).
 */
const BY_INDEX = Symbol('field scores by index');
interface Indexed {
  [BY_INDEX]?: { form: CompiledInspectionForm; scores: readonly FieldScore[] };
}

function isVisible(p: Pass, f: CompiledField): boolean {
  if (f.blocked) return false;
  if (f.conditions === null) return true;
  for (const cond of f.conditions) {
    // A condition on a hidden field (or one not in the form) is false: its answer is out of sight.
    const holds =
      cond.target >= 0 &&
      scoreAt(p, cond.target).visible &&
      conditionHolds(p.c.fields[cond.target], answerOf(p.answers, p.c.fields[cond.target].id), cond);
    if (holds === f.any) return f.any;
  }
  return !f.any;
}

function subScore(p: Pass, sub: CompiledSub): SubSectionScore {
  let points = 0;
  let max = 0;
  let visible = false;
  let filled = true;
  for (const i of sub.fields) {
    const fs = scoreAt(p, i);
    if (!fs.visible) continue;
    visible = true;
    const f = p.c.fields[i];
    const answer = answerOf(p.answers, f.id);
    if (isNotApplicable(f, answer)) continue;
    if (answer?.touched !== true) filled = false;
    points += f.weight * fs.points;
    max += f.weight * fs.max_points;
  }
  return { score: percent(points, max), points, max, filled, visible };
}

/** round(Σ factor × score / Σ factor) over the visible parts; 100 when nothing weighs. */
function weighted(factors: readonly number[], scores: readonly { score: number; visible: boolean }[]): number {
  let sum = 0;
  let total = 0;
  for (let k = 0; k < scores.length; k++)
    if (scores[k].visible) {
      sum += factors[k] * scores[k].score;
      total += factors[k];
    }
  return total > 0 ? Math.round(sum / total) : 100;
}

function sectionScore(c: CompiledInspectionForm, section: CompiledSection, subResults: readonly SubSectionScore[]): SectionScore {
  const subSections: Record<string, SubSectionScore> = {};
  let filled = true;
  let visible = false;
  for (let k = 0; k < section.subs.length; k++) {
    const s = subResults[k];
    setOwn(subSections, c.subs[section.subs[k]].id, s);
    if (!s.visible) continue;
    visible = true;
    filled &&= s.filled;
  }
  const factors = section.subs.map((i) => c.subs[i].factor);
  return { score: weighted(factors, subResults), filled, visible, subSections };
}

/**
 * Scores the fields of `order` (a list in topological order) and everything above them; the other
 * fields, sub-sections and sections are taken from `previous`.
 */
function evaluate(
  c: CompiledInspectionForm,
  answers: Answers,
  vehicle: ScoredVehicle,
  order: readonly number[],
  previous: InspectionScore | null,
): InspectionScore {
  const known = previous && (previous as Indexed)[BY_INDEX];
  const before = previous && (known?.form === c ? known.scores : c.fields.map((f) => previous.fields[f.id]));
  const p: Pass = { c, answers, computed: new Array(c.fields.length), before };
  // A full scoring also reaches the sub-sections without fields.
  const subReached = new Uint8Array(c.subs.length).fill(previous === null ? 1 : 0);
  for (const i of order) {
    const f = c.fields[i];
    p.computed[i] = fieldScore(f, answerOf(answers, f.id), isVisible(p, f));
    subReached[f.sub] = 1;
  }
  const sectionsScores: Record<string, SectionScore> = {};
  const sectionResults: SectionScore[] = [];
  for (const section of c.sections) {
    const old = previous?.sectionsScores[section.id];
    let result = old;
    if (!old || section.subs.some((i) => subReached[i] === 1)) {
      const subs = section.subs.map((i) => (subReached[i] === 1 ? subScore(p, c.subs[i]) : old!.subSections[c.subs[i].id]));
      result = sectionScore(c, section, subs);
    }
    setOwn(sectionsScores, section.id, result!);
    sectionResults.push(result!);
  }

  const base = weighted(
    c.sections.map((s) => s.factor),
    sectionResults,
  );
  const scores = before === null ? (p.computed as FieldScore[]) : before.map((s, i) => p.computed[i] ?? s);
  const scored = Math.min(100, Math.max(0, Math.round(base * multiplierProduct(c.multipliers, 'points', vehicle))));
  const vehicle_score = criticalFailing(c, answers, scores) ? Math.min(scored, CRITICAL_SCORE_CAP) : scored;
  const note = c.notes.find((n) => n.min <= vehicle_score && vehicle_score <= n.max)?.text ?? null;

  const fields: Record<string, FieldScore> = {};
  for (let i = 0; i < scores.length; i++) setOwn(fields, c.fields[i].id, scores[i]);
  // The visible sub-sections' totals: each visible field's points, weighed by its coefficient as there.
  let points = 0;
  let max_points = 0;
  for (const section of sectionResults)
    for (const sub of Object.values(section.subSections))
      if (sub.visible) {
        points += sub.points;
        max_points += sub.max;
      }
  const result = { vehicle_score, points, max_points, note, sectionsScores, fields };
  Object.defineProperty(result, BY_INDEX, { value: { form: c, scores } });
  return result;
}

/** A visible safety-critical field answered in a failing state: the verdict is capped (findings.ts). */
function criticalFailing(c: CompiledInspectionForm, answers: Answers, scores: readonly FieldScore[]): boolean {
  return c.critical.some((i) => {
    const f = c.fields[i];
    if (!scores[i].visible) return false;
    const a = answerOf(answers, f.id);
    return a?.touched === true && !isNotApplicable(f, a) && isFailingAnswer(f.source, a.value, scores[i].points, scores[i].max_points);
  });
}

/** Scores every field, sub-section and section of the form and the vehicle. */
export function scoreInspection(form: CompiledInspectionForm, answers: Answers, vehicle: ScoredVehicle = {}): InspectionScore {
  return evaluate(form, answers, vehicle, form.topological, null);
}

/**
 * The same result as `scoreInspection`, from `previous` (a result of the same compiled form) after
 * the answers of `changedFieldIds` changed: only those fields, the fields whose conditions read them
 * (and so on), their sub-sections and sections are scored again. Unchanged parts keep their objects.
 */
export function rescoreInspection(
  form: CompiledInspectionForm,
  previous: InspectionScore,
  answers: Answers,
  vehicle: ScoredVehicle,
  changedFieldIds: Iterable<string>,
): InspectionScore {
  const reached = new Set<number>();
  const queue: number[] = [];
  for (const id of changedFieldIds) {
    const i = form.fieldIndex.get(id);
    if (i !== undefined && !reached.has(i)) {
      reached.add(i);
      queue.push(i);
    }
  }
  for (let k = 0; k < queue.length; k++)
    for (const d of form.dependents[queue[k]])
      if (!reached.has(d)) {
        reached.add(d);
        queue.push(d);
      }
  queue.sort((a, b) => form.rank[a] - form.rank[b]);
  return evaluate(form, answers, vehicle, queue, previous);
}

// ---------------------------------------------------------------------------------------------
// Propagation

/**
 * The state the first widget gives another: its `value` member, over the other's own measures (each
 * tire has its own tread depth and pressure); a value that is not a widget object as it is.
 */
function propagatedValue(given: unknown, theirs: unknown): unknown {
  if (!isWidgetValue(given)) return given;
  return isWidgetValue(theirs) ? { ...theirs, value: given.value } : { value: given.value };
}
const isWidgetValue = (v: unknown): v is { value: unknown } & Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && 'value' in v;
/** A widget's state (its value member), or the value itself. */
const stateOf = (v: unknown): unknown => (isWidgetValue(v) ? v.value : (v ?? null));

/**
 * Whether another tire follows the first: it does when nobody answered it, or when it still says what the
 * first said (a copy, or the same finding); a tire the inspector set otherwise, or marked not applicable,
 * keeps its answer (what a person entered is never overwritten by a copy).
 */
function follows(first: FieldAnswer | undefined, theirs: FieldAnswer | undefined): boolean {
  if (!theirs?.touched) return true;
  if (theirs.not_applicable) return false;
  return stateOf(theirs.value) === stateOf(first?.value) && (theirs.action ?? null) === (first?.action ?? null);
}

/**
 * Applies a change to one field's answer (an answer given is touched, an emptied one untouched). When the field is the first
 * in order of a tire, drum or pad widget type in its sub-section, its state and action are copied to
 * the other fields of that type there that follow it (`follows`: unanswered, or still saying what it
 * said), keeping their own measures; they become touched. Answers the new answers and the ids of
 * the fields changed (for `rescoreInspection`).
 */
export function propagateAnswer(
  form: CompiledInspectionForm,
  answers: Answers,
  fieldId: string,
  change: FieldAnswer,
): { answers: Record<string, FieldAnswer | undefined>; changed: string[] } {
  // An answer emptied (an undo of "all good", a number erased) is unanswered again, and nothing to pass on.
  const merged: FieldAnswer = { ...answerOf(answers, fieldId), ...change };
  const clearing = isEmptyAnswer(merged);
  const updated: FieldAnswer = { ...merged, touched: !clearing };
  const next = copyOwn(answers);
  setOwn(next, fieldId, updated);
  const changed = [fieldId];
  const i = form.fieldIndex.get(fieldId);
  if (i === undefined || clearing) return { answers: next, changed };
  const f = form.fields[i];
  if (!has(PROPAGATED_FIELD_TYPES, f.type)) return { answers: next, changed };
  const sameType = form.subs[f.sub].fields.filter((j) => form.fields[j].type === f.type);
  if (sameType[0] !== i) return { answers: next, changed };
  const first = answerOf(answers, fieldId);
  for (const j of sameType.slice(1)) {
    const id = form.fields[j].id;
    const theirs = answerOf(answers, id);
    if (!follows(first, theirs)) continue;
    setOwn(next, id, { ...theirs, value: propagatedValue(updated.value, theirs?.value), action: updated.action, touched: true });
    changed.push(id);
  }
  return { answers: next, changed };
}
