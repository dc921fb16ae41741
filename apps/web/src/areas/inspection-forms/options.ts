import {
  CHECK_OPTIONS,
  RANGE_FIELD_TYPES,
  WIDGET_FIELD_TYPES,
  WIDGET_OPTIONS,
  failsByDefault,
  fieldProblems,
  finiteNumber,
  parseRangeOption,
  type FormProblemCode,
  type WidgetOption,
} from '@atelier/domain';

// A field's options and their points (`points_threshold`, a list of { option, points }) as the
// field editor shows them for each type, and back. Pure, unit-tested (options.test.ts).

export interface PointsOption {
  option: string;
  points: number | string | null;
  /** A choice's English label (the French option is shown to English readers without one). */
  option_en?: string | null;
  /** Picking it is a finding (true), never one (false); left out: the default rule. */
  failing?: boolean | null;
}

/** How the form marks an option: a finding, never one, or null for the default rule (the domain's findings). */
export type Mark = boolean | null;

/** The web's text of a form rule's code (the server's `inspection_form.<code>`). */
export const ruleKey = (code: FormProblemCode) => `inspection-forms:rules.${code}`;

/** A number being typed: '' while empty. */
export type Points = number | '';

export type OptionsModel =
  | { kind: 'check'; yes: Points; no: Points; withNo: boolean; marks: Record<'yes' | 'no', Mark> }
  | { kind: 'choices'; rows: { option: string; option_en: string; points: Points; failing: Mark }[] }
  | { kind: 'ranges'; rows: { min: Points; max: Points; points: Points; failing: Mark }[] }
  | { kind: 'states'; points: Record<WidgetOption, Points>; marks: Record<WidgetOption, Mark> }
  | { kind: 'none' };

export type OptionsKind = OptionsModel['kind'];

/** A new, empty row of a list of choices or ranges (what the editor's "add" appends). */
export const emptyRow = {
  choices: (): Extract<OptionsModel, { kind: 'choices' }>['rows'][number] => ({ option: '', option_en: '', points: '', failing: null }),
  ranges: (): Extract<OptionsModel, { kind: 'ranges' }>['rows'][number] => ({ min: '', max: '', points: '', failing: null }),
};

const has = (list: readonly string[], v: string) => list.includes(v);

export function optionsKind(fieldType: string): OptionsKind {
  if (fieldType === 'CHECK') return 'check';
  if (fieldType === 'SELECT_SINGLE' || fieldType === 'SELECT_MULTIPLE') return 'choices';
  if (has(RANGE_FIELD_TYPES, fieldType)) return 'ranges';
  if (has(WIDGET_FIELD_TYPES, fieldType)) return 'states';
  return 'none';
}

const num = (v: unknown): Points => {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  return Number.isFinite(n) ? n : '';
};

/** The editor's model of a field's options (what a new field of the type starts with when there are none). */
export function toModel(fieldType: string, threshold: readonly PointsOption[] | null | undefined): OptionsModel {
  const list = Array.isArray(threshold) ? threshold.filter((o) => o && typeof o.option === 'string') : [];
  const named = (name: string) => list.find((o) => o.option.toLowerCase() === name);
  const pointsOf = (name: string) => num(named(name)?.points);
  const markOf = (name: string) => mark(named(name));
  switch (optionsKind(fieldType)) {
    case 'check': {
      const withNo = list.some((o) => o.option.toLowerCase() === CHECK_OPTIONS[1]);
      return { kind: 'check', yes: list.length ? pointsOf('yes') : 1, no: withNo ? pointsOf('no') : '', withNo, marks: { yes: markOf('yes'), no: markOf('no') } };
    }
    case 'choices':
      return {
        kind: 'choices',
        rows: list.length ? list.map((o) => ({ option: o.option, option_en: o.option_en ?? '', points: num(o.points), failing: mark(o) })) : [emptyRow.choices()],
      };
    case 'ranges':
      return {
        kind: 'ranges',
        rows: list.length
          ? list.map((o) => {
              const r = parseRangeOption(o.option);
              return { min: r ? r.min : '', max: r ? r.max : '', points: num(o.points), failing: mark(o) };
            })
          : [emptyRow.ranges()],
      };
    case 'states': {
      // A new widget: full points when good, none otherwise (the usual grid; the user adjusts it).
      const fresh: Record<WidgetOption, Points> = { good: 10, to_replace: 0, bad: 0, not_applicable: 0 };
      const byState = <T>(f: (o: WidgetOption) => T) => Object.fromEntries(WIDGET_OPTIONS.map((o) => [o, f(o)])) as Record<WidgetOption, T>;
      return { kind: 'states', points: byState((o) => (list.length ? pointsOf(o) : fresh[o])), marks: byState(markOf) };
    }
    default:
      return { kind: 'none' };
  }
}

const mark = (o: PointsOption | undefined): Mark => (typeof o?.failing === 'boolean' ? o.failing : null);
const pts = (p: Points) => (p === '' ? null : p);
/** A mark as the server stores it: none for the default rule. */
const marked = (failing: Mark) => (failing === null ? {} : { failing });

/** The `points_threshold` the server stores, from the editor's model. */
export function toThreshold(model: OptionsModel): PointsOption[] {
  switch (model.kind) {
    case 'check':
      return [
        { option: 'yes', points: pts(model.yes), ...marked(model.marks.yes) },
        ...(model.withNo ? [{ option: 'no', points: pts(model.no), ...marked(model.marks.no) }] : []),
      ];
    case 'choices':
      return model.rows.map((r) => ({ option: r.option.trim(), points: pts(r.points), ...(r.option_en.trim() ? { option_en: r.option_en.trim() } : {}), ...marked(r.failing) }));
    case 'ranges':
      return model.rows.map((r) => ({ option: `${r.min}-${r.max}`, points: pts(r.points), ...marked(r.failing) }));
    case 'states':
      return WIDGET_OPTIONS.map((o) => ({ option: o, points: pts(model.points[o]), ...marked(model.marks[o]) }));
    default:
      return [];
  }
}

/**
 * Whether each option, by row of `toThreshold`, would be a finding by the default rule (what an
 * unmarked option gets): a widget's "to replace" or "bad", another option worth less than half the
 * best points (a multiple choice's option as if picked alone).
 */
export function defaultMarks(fieldType: string, model: OptionsModel): boolean[] {
  const options = toThreshold(model).map((o) => ({ option: o.option, points: finiteNumber(o.points) ?? 0 }));
  const best = Math.max(0, ...options.map((o) => o.points));
  return options.map((o) => failsByDefault(fieldType, o.option, o.points, best));
}

/**
 * The options kept when the type changes: a select keeps its choices when it becomes the other
 * select, a number its ranges when it becomes a slider; any other change starts from the new type's defaults.
 */
export function retype(model: OptionsModel, fieldType: string): OptionsModel {
  return optionsKind(fieldType) === model.kind ? model : toModel(fieldType, []);
}

/** A problem of the options: its row (null for the whole list) and its message key and values. */
export interface RowProblem {
  row: number | null;
  key: string;
  params?: Record<string, string | number>;
}

/**
 * What the form rules say of the options as typed (the server's own check, before saving), by row of
 * the editor: the rows are the entries of `toThreshold`.
 */
export function optionProblems(fieldType: string, model: OptionsModel): RowProblem[] {
  const field = { id: '', field_type: fieldType, points_threshold: toThreshold(model) };
  return fieldProblems(field, new Set())
    .filter((p) => p.pointer.startsWith('/points_threshold'))
    .map((p) => {
      const row = /^\/points_threshold\/(\d+)/.exec(p.pointer);
      return { row: row ? Number(row[1]) : null, key: ruleKey(p.code), ...(p.params ? { params: p.params } : {}) };
    });
}
