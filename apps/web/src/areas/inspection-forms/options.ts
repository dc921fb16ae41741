import { CHECK_OPTIONS, RANGE_FIELD_TYPES, WIDGET_FIELD_TYPES, WIDGET_OPTIONS, type WidgetOption } from '@atelier/domain';

// A field's options and their points (`points_threshold`, a list of { option, points }) as the
// field editor shows them for each type, and back. Pure, unit-tested (options.test.ts).

export interface PointsOption {
  option: string;
  points: number | string | null;
}

/** A number being typed: '' while empty. */
export type Points = number | '';

export type OptionsModel =
  | { kind: 'check'; yes: Points; no: Points; withNo: boolean }
  | { kind: 'choices'; rows: { option: string; points: Points }[] }
  | { kind: 'ranges'; rows: { min: Points; max: Points; points: Points }[] }
  | { kind: 'states'; points: Record<WidgetOption, Points> }
  | { kind: 'none' };

export type OptionsKind = OptionsModel['kind'];

const has = (list: readonly string[], v: string) => list.includes(v);

export function optionsKind(fieldType: string): OptionsKind {
  if (fieldType === 'CHECK') return 'check';
  if (fieldType === 'SELECT_SINGLE' || fieldType === 'SELECT_MULTIPLE') return 'choices';
  if (has(RANGE_FIELD_TYPES, fieldType)) return 'ranges';
  if (has(WIDGET_FIELD_TYPES, fieldType)) return 'states';
  return 'none';
}

/** A range option "min-max" (decimals and negative bounds allowed), as the scoring engine reads it. */
export function parseRange(option: string): { min: number; max: number } | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)\s*$/.exec(option);
  return m ? { min: Number(m[1]), max: Number(m[2]) } : null;
}

const num = (v: unknown): Points => {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  return Number.isFinite(n) ? n : '';
};

/** The editor's model of a field's options (what a new field of the type starts with when there are none). */
export function toModel(fieldType: string, threshold: readonly PointsOption[] | null | undefined): OptionsModel {
  const list = Array.isArray(threshold) ? threshold.filter((o) => o && typeof o.option === 'string') : [];
  const pointsOf = (name: string) => num(list.find((o) => o.option.toLowerCase() === name)?.points);
  switch (optionsKind(fieldType)) {
    case 'check': {
      const withNo = list.some((o) => o.option.toLowerCase() === CHECK_OPTIONS[1]);
      return { kind: 'check', yes: list.length ? pointsOf('yes') : 1, no: withNo ? pointsOf('no') : '', withNo };
    }
    case 'choices':
      return { kind: 'choices', rows: list.length ? list.map((o) => ({ option: o.option, points: num(o.points) })) : [{ option: '', points: '' }] };
    case 'ranges':
      return {
        kind: 'ranges',
        rows: list.length
          ? list.map((o) => {
              const r = parseRange(o.option);
              return { min: r ? r.min : '', max: r ? r.max : '', points: num(o.points) };
            })
          : [{ min: '', max: '', points: '' }],
      };
    case 'states': {
      // A new widget: full points when good, none otherwise (the usual grid; the user adjusts it).
      const fresh: Record<WidgetOption, Points> = { good: 10, to_replace: 0, bad: 0, not_applicable: 0 };
      return { kind: 'states', points: Object.fromEntries(WIDGET_OPTIONS.map((o) => [o, list.length ? pointsOf(o) : fresh[o]])) as Record<WidgetOption, Points> };
    }
    default:
      return { kind: 'none' };
  }
}

const pts = (p: Points) => (p === '' ? null : p);

/** The `points_threshold` the server stores, from the editor's model. */
export function toThreshold(model: OptionsModel): PointsOption[] {
  switch (model.kind) {
    case 'check':
      return [{ option: 'yes', points: pts(model.yes) }, ...(model.withNo ? [{ option: 'no', points: pts(model.no) }] : [])];
    case 'choices':
      return model.rows.map((r) => ({ option: r.option.trim(), points: pts(r.points) }));
    case 'ranges':
      return model.rows.map((r) => ({ option: `${r.min}-${r.max}`, points: pts(r.points) }));
    case 'states':
      return WIDGET_OPTIONS.map((o) => ({ option: o, points: pts(model.points[o]) }));
    default:
      return [];
  }
}

/**
 * The options kept when the type changes: a select keeps its choices when it becomes the other
 * select, a number its ranges when it becomes a slider; any other change starts from the new type's defaults.
 */
export function retype(model: OptionsModel, fieldType: string): OptionsModel {
  return optionsKind(fieldType) === model.kind ? model : toModel(fieldType, []);
}

/** A problem of one row of the options: a message key of the `inspectionForms` namespace and its values. */
export interface RowProblem {
  row: number;
  key: string;
  params?: Record<string, unknown>;
}

/** What the editor says of the options before saving: empty or repeated names, points missing, ranges inverted or overlapping. */
export function optionProblems(model: OptionsModel): RowProblem[] {
  const out: RowProblem[] = [];
  if (model.kind === 'choices') {
    const seen = new Map<string, number>();
    model.rows.forEach((r, row) => {
      const name = r.option.trim().toLowerCase();
      if (!name) out.push({ row, key: 'options.option_required' });
      else if (seen.has(name)) out.push({ row, key: 'options.option_repeated', params: { n: (seen.get(name) ?? 0) + 1 } });
      else seen.set(name, row);
      if (r.points === '') out.push({ row, key: 'options.points_required' });
    });
  }
  if (model.kind === 'ranges') {
    model.rows.forEach((r, row) => {
      if (r.min === '' || r.max === '') out.push({ row, key: 'options.range_required' });
      else if (r.min > r.max) out.push({ row, key: 'options.range_inverted' });
      if (r.points === '') out.push({ row, key: 'options.points_required' });
    });
    for (const [row, other] of overlaps(model.rows)) out.push({ row, key: 'options.range_overlap', params: { n: other + 1 } });
  }
  if (model.kind === 'check' && (model.yes === '' || (model.withNo && model.no === ''))) out.push({ row: model.yes === '' ? 0 : 1, key: 'options.points_required' });
  if (model.kind === 'states') WIDGET_OPTIONS.forEach((o, row) => model.points[o] === '' && out.push({ row, key: 'options.points_required' }));
  return out;
}

/**
 * Pairs of ranges sharing a value, bounds included ([row, earlier row]): each later row names the
 * first earlier row it overlaps. Rows with a missing or inverted bound are left to their own problem.
 */
export function overlaps(rows: readonly { min: Points; max: Points }[]): [number, number][] {
  const out: [number, number][] = [];
  const valid = (r: { min: Points; max: Points }): r is { min: number; max: number } => r.min !== '' && r.max !== '' && r.min <= r.max;
  rows.forEach((r, i) => {
    if (!valid(r)) return;
    const j = rows.findIndex((o, k) => k < i && valid(o) && r.min <= o.max && o.min <= r.max);
    if (j >= 0) out.push([i, j]);
  });
  return out;
}

/** Ranges overlapping on [minimum, maximum] (the form's notes): the rows that overlap an earlier one. */
export const overlappingRows = (rows: readonly { min: Points; max: Points }[]) => new Set(overlaps(rows).map(([i]) => i));
