import type { Locale } from '../locale.ts';
import { CHECK_OPTION_LABELS, FIELD_ACTION_LABELS, WIDGET_FIELD_TYPES, WIDGET_OPTION_LABELS, type FieldAction, type FieldType, type WidgetOption } from './form-enums.ts';
import { findingOf } from './findings.ts';
import { nameIn, noteIn, optionLabel } from './labels.ts';
import { URGENCIES, type Urgency } from './urgency.ts';
import { finiteNumber, widgetState, type PointsOption } from './options.ts';
import type { FieldAnswer, InspectionScore } from './scoring.ts';
import { isObject } from '../is-object.ts';
import { regionLocale } from '../numbers/numbers.ts';

// What an inspection's report says (issue 11 "The report"): pure, so the PDF, the public summary
// and their tests read the same model. The server loads the data and draws; nothing here does I/O.

// ---------------------------------------------------------------------------------------------
// Colours of a score

export const SCORE_TONES = ['good', 'warn', 'bad'] as const;
export type ScoreTone = (typeof SCORE_TONES)[number];
/** The lowest score of each colour: the inspection screen's badges and the report use the same. */
export const SCORE_TONE_MIN = { good: 80, warn: 50 } as const;

/** Green from 80, yellow from 50, red below (always shown with the number, never by colour alone). */
export function scoreTone(score: number): ScoreTone {
  return score >= SCORE_TONE_MIN.good ? 'good' : score >= SCORE_TONE_MIN.warn ? 'warn' : 'bad';
}

/** A tone, or grey for what says nothing of the vehicle (not applicable). */
export type Tone = ScoreTone | 'neutral';
/**
 * The one colour map: the inspection screen and the PDF (and the shared page) paint each tone
 * with these, so "À remplacer" is the same yellow everywhere. `text` reads on `fill` (4.5:1).
 */
export const TONE_COLORS: Readonly<Record<Tone, { fill: string; text: string }>> = {
  good: { fill: '#087f5b', text: '#ffffff' },
  warn: { fill: '#fcc419', text: '#1a1a1a' },
  bad: { fill: '#c92a2a', text: '#ffffff' },
  neutral: { fill: '#495057', text: '#ffffff' },
};
/** The tone of each widget state: worn to replace is yellow, bad (defective) red. */
export const WIDGET_STATE_TONES: Readonly<Record<WidgetOption, Tone>> = { good: 'good', to_replace: 'warn', bad: 'bad', not_applicable: 'neutral' };

/** A field's colour: a widget's is its state's, any other answer's its score's. */
export function answerTone(fieldType: string, value: unknown, score: number): Tone {
  const state = widgetState(fieldType, value);
  return state !== null && Object.hasOwn(WIDGET_STATE_TONES, state) ? WIDGET_STATE_TONES[state as WidgetOption] : scoreTone(score);
}

// ---------------------------------------------------------------------------------------------
// Measures of the widgets

export const MEASURES = ['depth_mm', 'pressure_psi', 'amps', 'volts', 'thickness_mm'] as const;
export type Measure = (typeof MEASURES)[number];

/** The measures taken with each widget type, stored in its value beside the state. */
export const WIDGET_MEASURES: Partial<Record<FieldType, readonly Measure[]>> = {
  TIRE_STATE_WIDGET: ['depth_mm', 'pressure_psi'],
  BATTERY_STATE_WIDGET: ['amps', 'volts'],
  GAS_BATTERY_STATE_WIDGET: ['amps', 'volts'],
  DRUM_THICKNESS_WIDGET: ['thickness_mm'],
  PAD_THICKNESS_WIDGET: ['thickness_mm'],
};

/** A measure's name and unit, as a report prints them. */
export const MEASURE_LABELS: Record<Measure, { unit: string; label: Record<Locale, string> }> = {
  depth_mm: { unit: 'mm', label: { fr: 'Profondeur', en: 'Tread depth' } },
  pressure_psi: { unit: 'psi', label: { fr: 'Pression', en: 'Pressure' } },
  amps: { unit: 'A', label: { fr: 'Démarrage à froid', en: 'Cold cranking' } },
  volts: { unit: 'V', label: { fr: 'Tension', en: 'Voltage' } },
  thickness_mm: { unit: 'mm', label: { fr: 'Épaisseur', en: 'Thickness' } },
};

const WIDGETS: readonly string[] = WIDGET_FIELD_TYPES;
const has = <T extends string>(labels: Record<T, unknown>, key: unknown): key is T => typeof key === 'string' && Object.hasOwn(labels, key);

// Made once per language: a report formats hundreds of numbers, and a formatter costs far more than a format.
const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** A number in the report's language (6,5 in French, 6.5 in English). */
export function formatReportNumber(n: number, locale: Locale): string {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(regionLocale(locale), { maximumFractionDigits: 2 })));
  return f.format(n);
}

/** The measures a widget's value holds, labelled with their unit: "Profondeur 6,5 mm". */
export function measuresText(fieldType: string, value: unknown, locale: Locale): string[] {
  const measures = (Object.hasOwn(WIDGET_MEASURES, fieldType) ? WIDGET_MEASURES[fieldType as FieldType] : undefined) ?? [];
  if (!isObject(value)) return [];
  return measures.flatMap((m) => {
    const n = finiteNumber(value[m]);
    return n === null ? [] : [`${MEASURE_LABELS[m].label[locale]} ${formatReportNumber(n, locale)} ${MEASURE_LABELS[m].unit}`];
  });
}

/**
 * An answer as a customer reads it: a check box's Oui/Non, the option's label (written by the
 * dealership, in the reader's language), a number, a text, a widget's state in words. Null when
 * there is no answer.
 */
export function answerText(field: { field_type: string; points_threshold?: readonly PointsOption[] | null }, value: unknown, locale: Locale): string | null {
  if (value === null || value === undefined || value === '') return null;
  const type = field.field_type;
  if (type === 'CHECK') return typeof value === 'boolean' ? CHECK_OPTION_LABELS[value ? 'yes' : 'no'][locale] : null;
  if (type === 'SELECT_MULTIPLE') {
    const names = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
    return names.length ? names.map((n) => optionLabel(field, n, locale)).join(', ') : null;
  }
  if (type === 'NUMBER' || type === 'RANGE_SLIDER') {
    const n = finiteNumber(value);
    return n === null ? null : formatReportNumber(n, locale);
  }
  if (WIDGETS.includes(type)) {
    const state = isObject(value) ? value.value : undefined;
    return has<WidgetOption>(WIDGET_OPTION_LABELS, state) ? WIDGET_OPTION_LABELS[state][locale] : null;
  }
  if (type === 'SELECT_SINGLE' && typeof value === 'string') return optionLabel(field, value, locale);
  return typeof value === 'string' ? value : typeof value === 'number' ? formatReportNumber(value, locale) : null;
}

// ---------------------------------------------------------------------------------------------
// The model

interface Named {
  id: string;
  name: string;
  name_en?: string | null;
}
/** The form as the report reads it: the frozen version's structure fits as is. */
export interface ReportStructure {
  sections: readonly (Named & {
    subSections: readonly (Named & { fields: readonly (Named & { field_type: string; points_threshold?: readonly PointsOption[] | null; safety_critical?: boolean | null })[] })[];
  })[];
  /** The verdicts, to print the English one to an English reader. */
  notes?: readonly { minimum_value: number; maximum_value: number; text: string; text_en?: string | null }[];
}

/** One inspection field as stored: the answer, its action, comment and photos. */
export interface ReportFieldInput extends FieldAnswer {
  field_id: string;
  comment?: string | null;
  images?: readonly string[] | null;
  video?: string | null;
}

export interface ReportField {
  id: string;
  name: string;
  /** The answer in words; null when not answered. */
  answer: string | null;
  measures: string[];
  not_applicable: boolean;
  /** The finding's action (the inspector's, else the one its failing state asks for); null: no finding. */
  action: FieldAction | null;
  /** A safety-critical field in a failing state: printed in red, first in the recommended work. */
  critical: boolean;
  comment: string | null;
  images: string[];
  video: string | null;
  score: number;
  tone: Tone;
}
export interface ReportSubSection {
  id: string;
  name: string;
  score: number;
  tone: ScoreTone;
  fields: ReportField[];
}
export interface ReportSection {
  id: string;
  name: string;
  score: number;
  tone: ScoreTone;
  filled: boolean;
  subSections: ReportSubSection[];
}
export interface ReportWorkItem {
  /** The inspection form's field that found it (its answer, comment and photos in `sections`). */
  field_id: string;
  section: string;
  field: string;
  action: FieldAction;
  critical: boolean;
  comment: string | null;
}
export interface ReportModel {
  vehicle_score: number;
  tone: ScoreTone;
  note: string | null;
  sections: ReportSection[];
  /** The recommended work (the findings), the most urgent group first, critical ones first in theirs; empty groups left out. */
  work: { urgency: Urgency; items: ReportWorkItem[] }[];
  /** How many photos the fields show. */
  photos: number;
}

const text = (s: unknown) => (typeof s === 'string' && s.trim() ? s.trim() : null);

/**
 * The report of an inspection: its visible sections, sub-sections and fields (hidden ones are left
 * out, as on the screen) with their answers in words, scores and colours, and its findings
 * (findings.ts) as the recommended work, grouped by urgency. `score` is the scoring engine's result for these answers.
 */
export function buildInspectionReport(structure: ReportStructure, fields: readonly ReportFieldInput[], score: InspectionScore, locale: Locale): ReportModel {
  const byId = new Map(fields.map((f) => [f.field_id, f]));
  const work = new Map<Urgency, ReportWorkItem[]>(URGENCIES.map((u) => [u, []]));
  let photos = 0;
  const sections: ReportSection[] = [];
  for (const section of structure.sections) {
    const s = Object.hasOwn(score.sectionsScores, section.id) ? score.sectionsScores[section.id] : undefined;
    if (!s?.visible) continue;
    const subSections: ReportSubSection[] = [];
    for (const sub of section.subSections) {
      const ss = Object.hasOwn(s.subSections, sub.id) ? s.subSections[sub.id] : undefined;
      if (!ss?.visible) continue;
      const shown: ReportField[] = [];
      for (const field of sub.fields) {
        const fs = Object.hasOwn(score.fields, field.id) ? score.fields[field.id] : undefined;
        if (!fs?.visible) continue;
        const input = byId.get(field.id);
        const na = input?.not_applicable === true;
        const answered = na || input?.touched === true;
        const finding = findingOf(field, input, fs);
        const images = (input?.images ?? []).filter((u) => typeof u === 'string' && u !== '');
        photos += images.length;
        const comment = text(input?.comment);
        shown.push({
          id: field.id,
          name: nameIn(field, locale),
          answer: answered && !na ? answerText(field, input?.value, locale) : null,
          measures: answered && !na ? measuresText(field.field_type, input?.value, locale) : [],
          not_applicable: na,
          action: finding?.action ?? null,
          critical: finding?.critical ?? false,
          comment,
          images,
          video: text(input?.video),
          score: fs.score,
          tone: answered && !na ? answerTone(field.field_type, input?.value, fs.score) : scoreTone(fs.score),
        });
        if (finding) work.get(finding.urgency)!.push({ field_id: field.id, section: nameIn(section, locale), field: nameIn(field, locale), action: finding.action, critical: finding.critical, comment });
      }
      subSections.push({ id: sub.id, name: nameIn(sub, locale), score: ss.score, tone: scoreTone(ss.score), fields: shown });
    }
    sections.push({ id: section.id, name: nameIn(section, locale), score: s.score, tone: scoreTone(s.score), filled: s.filled, subSections });
  }
  return {
    vehicle_score: score.vehicle_score,
    tone: scoreTone(score.vehicle_score),
    note: noteIn(structure.notes ?? [], score.note, score.vehicle_score, locale),
    sections,
    work: URGENCIES.flatMap((urgency) => {
      const items = work.get(urgency)!;
      // Critical first; the sort is stable, so the form's order holds within each kind.
      return items.length ? [{ urgency, items: items.sort((a, b) => Number(b.critical) - Number(a.critical)) }] : [];
    }),
    photos,
  };
}

/** An action in words: "Remplacer". */
export const fieldActionLabel = (action: FieldAction, locale: Locale) => FIELD_ACTION_LABELS[action][locale];
