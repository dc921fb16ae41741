import type { AnyAttribute } from '../declare/declare.ts';
import { inspectionFormSectionFields } from '../declarations/inspection-form-section-fields.ts';
import { inspectionFormSections } from '../declarations/inspection-form-sections.ts';
import type { Locale } from '../locale.ts';
import {
  CHECK_OPTION_LABELS,
  CHECK_OPTIONS,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  WIDGET_FIELD_TYPES,
  WIDGET_OPTION_LABELS,
  WIDGET_OPTIONS,
  type ConditionOperator,
  type ConditionRelation,
  type FieldType,
} from './form-enums.ts';
import { formProblems } from './form-rules.ts';
import { requiredByDefault } from './labels.ts';
import { MAX_OPTION_LENGTH, finiteNumber as toNumber, type Numeric } from './options.ts';
import type { FieldCondition, FormField, InspectionFormInput } from './scoring.ts';

// Sync of an inspection form's structure from a spreadsheet (issue 10; docs/inspection-form-sync.md):
// one line per field, read into the wanted tree (parseSyncRows), compared with the form
// (diffStructure). The server answers the comparison as the dry run and applies its plan as the run;
// the web editor shows the same SyncResult. Pure: no I/O, no locale but for the template.

// ---------------------------------------------------------------------------------------------
// Columns

// The columns added later (required, the English labels, the findings) come last: a file laid out before keeps its places.
export const SYNC_COLUMNS = [
  'section',
  'section_icon',
  'section_factor',
  'sub_section',
  'sub_section_factor',
  'field',
  'field_type',
  'options',
  'can_upload_image',
  'can_add_comment',
  'enable_na',
  'safety_critical',
  'icon',
  'coefficient',
  'conditions',
  'required',
  'section_en',
  'sub_section_en',
  'field_en',
  'options_en',
  'options_failing',
] as const;
export type SyncColumn = (typeof SYNC_COLUMNS)[number];

/** Header names recognised for each column, French first then English; the first of each is the template's. */
export const SYNC_COLUMN_HEADERS: Record<SyncColumn, Record<Locale, string[]>> = {
  section: { fr: ['Section'], en: ['Section'] },
  section_en: { fr: ['Section (anglais)'], en: ['Section (English)'] },
  section_icon: { fr: ['Icône de section'], en: ['Section icon'] },
  section_factor: { fr: ['Facteur de section'], en: ['Section factor'] },
  sub_section: { fr: ['Sous-section'], en: ['Sub-section', 'Subsection'] },
  sub_section_en: { fr: ['Sous-section (anglais)'], en: ['Sub-section (English)', 'Subsection (English)'] },
  sub_section_factor: { fr: ['Facteur de sous-section'], en: ['Sub-section factor', 'Subsection factor'] },
  field: { fr: ['Champ', 'Nom du champ'], en: ['Field', 'Field name'] },
  field_en: { fr: ['Champ (anglais)'], en: ['Field (English)'] },
  field_type: { fr: ['Type', 'Type de champ'], en: ['Type', 'Field type'] },
  options: { fr: ['Options', 'Options et points'], en: ['Options', 'Options and points'] },
  options_en: { fr: ['Options (anglais)'], en: ['Options (English)'] },
  options_failing: { fr: ['Constat par option', 'Constats'], en: ['Finding by option', 'Findings'] },
  can_upload_image: { fr: ['Photo permise', 'Photo'], en: ['Photo allowed', 'Photo'] },
  can_add_comment: { fr: ['Commentaire permis', 'Commentaire'], en: ['Comment allowed', 'Comment'] },
  enable_na: { fr: ['Sans objet permis', 'Sans objet'], en: ['Not applicable allowed', 'Not applicable', 'N/A allowed'] },
  safety_critical: { fr: ['Point de sécurité', 'Sécurité'], en: ['Safety item', 'Safety', 'Safety critical'] },
  required: { fr: ['Obligatoire'], en: ['Required'] },
  icon: { fr: ['Icône', 'Icône du champ'], en: ['Icon', 'Field icon'] },
  coefficient: { fr: ['Coefficient'], en: ['Coefficient'] },
  conditions: { fr: ['Condition', 'Conditions'], en: ['Condition', 'Conditions'] },
};

/** The columns a file must have: the others, when absent, leave their attribute as it is. */
export const SYNC_REQUIRED_COLUMNS: readonly SyncColumn[] = ['section', 'sub_section', 'field', 'field_type'];

/** Lower case, no accents, letters and digits only: "Icône de section" and "icone de section" match (as import headers do). */
const headerKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** How names are matched: without case, accents or repeated spaces ("Pneus  AVANT" is "pneus avant"). */
export const syncNameKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const COLUMN_BY_HEADER = new Map<string, SyncColumn>();
for (const column of SYNC_COLUMNS)
  for (const header of [column, ...SYNC_COLUMN_HEADERS[column].fr, ...SYNC_COLUMN_HEADERS[column].en]) {
    const key = headerKey(header);
    if (!COLUMN_BY_HEADER.has(key)) COLUMN_BY_HEADER.set(key, column);
  }

// ---------------------------------------------------------------------------------------------
// Words of cells

/** A type by its stored name or its label in either language ("CHECK", "Case à cocher", "checkbox"). */
const TYPE_BY_WORD = new Map<string, FieldType>();
for (const type of FIELD_TYPES)
  for (const word of [type, FIELD_TYPE_LABELS[type].fr, FIELD_TYPE_LABELS[type].en]) TYPE_BY_WORD.set(headerKey(word), type);

const CHECK_WORDS = new Map<string, string>();
for (const option of CHECK_OPTIONS)
  for (const word of [option, CHECK_OPTION_LABELS[option].fr, CHECK_OPTION_LABELS[option].en]) CHECK_WORDS.set(headerKey(word), option);
CHECK_WORDS.set('true', 'yes');
CHECK_WORDS.set('false', 'no');

const WIDGET_WORDS = new Map<string, string>();
const WIDGET_ALIASES: Record<string, string[]> = {
  not_applicable: ['Sans objet', 'N/A', 'S.O.'],
  bad: ['Mauvaise'],
};
for (const option of WIDGET_OPTIONS)
  for (const word of [option, WIDGET_OPTION_LABELS[option].fr, WIDGET_OPTION_LABELS[option].en, ...(WIDGET_ALIASES[option] ?? [])])
    WIDGET_WORDS.set(headerKey(word), option);

const isWidget = (type: string) => (WIDGET_FIELD_TYPES as readonly string[]).includes(type);

/** The stored option name of a word typed for a field of that type: CHECK and widget words in either language. */
function optionName(type: FieldType | null, word: string): string {
  const words = type === 'CHECK' ? CHECK_WORDS : type && isWidget(type) ? WIDGET_WORDS : null;
  return words?.get(headerKey(word)) ?? word;
}

/** The word a template writes for a stored option name. */
function optionWord(type: string, option: string, locale: Locale): string {
  if (type === 'CHECK' && (CHECK_OPTIONS as readonly string[]).includes(option)) return CHECK_OPTION_LABELS[option as 'yes' | 'no'][locale].toLowerCase();
  if (isWidget(type) && (WIDGET_OPTIONS as readonly string[]).includes(option))
    return WIDGET_OPTION_LABELS[option as (typeof WIDGET_OPTIONS)[number]][locale].toLowerCase();
  return option;
}

const TRUE_WORDS = new Set(['oui', 'yes', 'vrai', 'true', 'x', '1', 'o', 'y']);
const FALSE_WORDS = new Set(['non', 'no', 'faux', 'false', '0', 'n']);

/** A decimal written with a point or a French comma. */
function decimal(text: string): number | null {
  return toNumber(text.replace(/\s/g, '').replace(',', '.'));
}

// ---------------------------------------------------------------------------------------------
// The wanted tree

export interface SyncPointsOption {
  option: string;
  points: number;
  /** The English label (options_en); left out when there is none, as the API stores it. */
  option_en?: string;
  /** Whether picking it is a finding (options_failing); left out for the default rule, as the API stores it. */
  failing?: boolean;
}

/** Where a condition's field is, as the file names it: its name, optionally with its sub-section and section. */
export interface SyncFieldRef {
  section?: string;
  sub_section?: string;
  name: string;
}
export interface SyncConditionInput {
  ref: SyncFieldRef;
  operator: ConditionOperator;
  /** As typed; the word of a CHECK or widget target becomes its stored name once the target is known. */
  value: string;
}

export interface SyncFieldValues {
  name: string;
  /** Set when the file has the column: null for none (so for the other optional values). */
  name_en?: string | null;
  field_type: FieldType;
  points_threshold?: SyncPointsOption[];
  /** The options' English labels, in the options' order (options_en). */
  option_labels?: (string | null)[];
  /** The options' marks, in the options' order (options_failing): null for the default rule. */
  option_marks?: (boolean | null)[];
  required?: boolean;
  can_upload_image?: boolean;
  can_add_comment?: boolean;
  enable_na?: boolean;
  safety_critical?: boolean;
  icon?: string | null;
  coefficient?: number | null;
  /** Set when the file has the Condition column: [] for none. */
  conditions?: SyncConditionInput[];
  condition_relation?: ConditionRelation | null;
}
export interface DesiredField {
  line: number;
  values: SyncFieldValues;
  /** A refused line still holds its name: the form's field of that name is neither changed nor removed. */
  refused: boolean;
}
export interface DesiredSubSection {
  line: number;
  name: string;
  name_en?: string | null;
  factor?: number | null;
  fields: DesiredField[];
}
export interface DesiredSection {
  line: number;
  name: string;
  name_en?: string | null;
  icon?: string | null;
  factor?: number | null;
  subSections: DesiredSubSection[];
}

export type SyncParams = Record<string, string | number>;
/** A refused line: the header is line 1, as the user sees the file. `column` is the column's key (its label is the reader's language). */
export interface SyncRefusal {
  line: number;
  column: SyncColumn | null;
  code: string;
  params: SyncParams;
  /** The translated message, added by the server. */
  message?: string;
}

export interface SyncDesired {
  sections: DesiredSection[];
  /** The columns the file has: an attribute whose column is absent is left as it is. */
  columns: SyncColumn[];
  refused: SyncRefusal[];
}

/** Parses a relation word between two conditions. */
const RELATION_WORDS = new Map<string, ConditionRelation>([
  ['et', 'and'],
  ['and', 'and'],
  ['ou', 'or'],
  ['or', 'or'],
]);
const OPERATOR_SIGNS: [string, ConditionOperator][] = [
  ['!=', 'different'],
  ['<>', 'different'],
  ['≠', 'different'],
  ['=', 'equals'],
  ['>', 'superior'],
  ['<', 'inferior'],
];
const SIGN_OF = new Map<string, string>([
  ['equals', '='],
  ['different', '≠'],
  ['superior', '>'],
  ['inferior', '<'],
]);

type ConditionParse = { ok: true; conditions: SyncConditionInput[]; relation: ConditionRelation | null } | { ok: false; code: string; params: SyncParams };

/**
 * `Fuite visible ? = oui`, `[Pneus / Usure] < 3 ET Saison = hiver`: a field, an operator (= ≠ != <> > <),
 * a value; several joined by ET/AND or by OU/OR, not both. A field name holding an operator sign or a
 * relation word is written in brackets; a value holding a relation word in double quotes. A field is
 * named alone, or as "Sous-section / Champ" or "Section / Sous-section / Champ" when its name repeats.
 */
export function parseConditions(text: string): ConditionParse {
  const conditions: SyncConditionInput[] = [];
  let relation: ConditionRelation | null = null;
  let rest = text.trim();
  const fail = (code: string, params: SyncParams = {}): ConditionParse => ({ ok: false, code, params });
  while (rest) {
    let fieldText: string;
    if (rest.startsWith('[')) {
      const end = rest.indexOf(']');
      if (end < 0) return fail('sync.condition_syntax', { text });
      fieldText = rest.slice(1, end);
      rest = rest.slice(end + 1).trimStart();
    } else {
      const at = rest.search(/!=|<>|[≠=<>]/);
      if (at < 0) return fail('sync.condition_syntax', { text });
      fieldText = rest.slice(0, at);
      rest = rest.slice(at);
    }
    const sign = OPERATOR_SIGNS.find(([s]) => rest.startsWith(s));
    if (!sign || !fieldText.trim()) return fail('sync.condition_syntax', { text });
    rest = rest.slice(sign[0].length).trimStart();
    let value: string;
    let next: ConditionRelation | null = null;
    const quoted = rest.startsWith('"');
    if (quoted) {
      const end = rest.indexOf('"', 1);
      if (end < 0) return fail('sync.condition_syntax', { text });
      value = rest.slice(1, end);
      rest = rest.slice(end + 1).trim();
      const m = /^(\S+)\s+/.exec(rest);
      if (rest && (!m || !RELATION_WORDS.has(m[1].toLowerCase()))) return fail('sync.condition_syntax', { text });
      if (m) {
        next = RELATION_WORDS.get(m[1].toLowerCase()) ?? null;
        rest = rest.slice(m[0].length);
      }
    } else {
      const m = /\s+(et|and|ou|or)(?:\s+|$)/i.exec(rest);
      value = (m ? rest.slice(0, m.index) : rest).trim();
      if (m) {
        next = RELATION_WORDS.get(m[1].toLowerCase()) ?? null;
        rest = rest.slice(m.index + m[0].length);
      } else rest = '';
    }
    if (!value && !quoted) return fail('sync.condition_syntax', { text });
    conditions.push({ ref: fieldRef(fieldText), operator: sign[1], value });
    if (next) {
      if (relation && relation !== next) return fail('sync.condition_mixed');
      relation = next;
      if (!rest.trim()) return fail('sync.condition_syntax', { text });
    }
  }
  return { ok: true, conditions, relation: conditions.length ? (relation ?? 'and') : null };
}

function fieldRef(text: string): SyncFieldRef {
  const parts = text.split(' / ').map((p) => p.trim());
  if (parts.length === 2) return { sub_section: parts[0], name: parts[1] };
  if (parts.length === 3) return { section: parts[0], sub_section: parts[1], name: parts[2] };
  return { name: text.trim() };
}

/** "oui:5|non:0", "0-2:0|3-5:10": options separated by | or line breaks, each "name:points". */
function parseOptions(type: FieldType | null, text: string): { ok: true; options: SyncPointsOption[] } | { ok: false; code: string; params: SyncParams } {
  const options: SyncPointsOption[] = [];
  for (const part of text.split(/[|\n]/)) {
    const item = part.trim();
    if (!item) continue;
    const at = item.lastIndexOf(':');
    if (at <= 0) return { ok: false, code: 'sync.option_format', params: { value: item } };
    const name = item.slice(0, at).trim();
    const points = decimal(item.slice(at + 1));
    if (!name) return { ok: false, code: 'sync.option_format', params: { value: item } };
    if (points === null) return { ok: false, code: 'sync.option_points', params: { option: name, value: item.slice(at + 1).trim() } };
    options.push({ option: optionName(type, name), points });
  }
  return { ok: true, options };
}

const SECTION = inspectionFormSections.attributes;
const FIELD = inspectionFormSectionFields.attributes;

const FIELD_COLUMNS: readonly SyncColumn[] = [
  'field_en',
  'field_type',
  'options',
  'options_en',
  'options_failing',
  'can_upload_image',
  'can_add_comment',
  'enable_na',
  'safety_critical',
  'required',
  'icon',
  'coefficient',
  'conditions',
];

/**
 * Reads a file's lines (cells as text) into the wanted sections, sub-sections and fields, in the
 * file's order, and the refused lines. A line with a section (and a sub-section) but no field declares
 * an empty section (or sub-section); section and sub-section values may repeat on each of their lines
 * or be given once, but not differ.
 */
export function parseSyncRows(columns: readonly string[], rows: readonly (readonly string[])[]): SyncDesired {
  const refused: SyncRefusal[] = [];
  const index = new Map<SyncColumn, number>();
  columns.forEach((header, i) => {
    const column = COLUMN_BY_HEADER.get(headerKey(header));
    // The file reader names a column without a header "#<n>": ignored while it holds nothing.
    const unnamed = header.trim() === '' || /^#\d+$/.test(header.trim());
    if (!column) {
      if (!unnamed || rows.some((r) => (r[i] ?? '').trim() !== ''))
        refused.push({ line: 1, column: null, code: 'sync.column_unknown', params: { column: unnamed ? `#${i + 1}` : header.trim() } });
    } else if (index.has(column)) refused.push({ line: 1, column, code: 'sync.column_duplicate', params: { column: header.trim() } });
    else index.set(column, i);
  });
  for (const column of SYNC_REQUIRED_COLUMNS) if (!index.has(column)) refused.push({ line: 1, column, code: 'sync.column_missing', params: {} });
  const present = SYNC_COLUMNS.filter((c) => index.has(c));
  if (SYNC_REQUIRED_COLUMNS.some((c) => !index.has(c))) return { sections: [], columns: present, refused };

  const sections: DesiredSection[] = [];
  const sectionByKey = new Map<string, DesiredSection>();
  const subByKey = new Map<DesiredSection, Map<string, DesiredSubSection>>();
  const fieldByKey = new Map<DesiredSubSection, Map<string, DesiredField>>();
  /** The line that gave each section or sub-section value, to name it when another line differs. */
  const givenAt = new Map<object, Map<string, number>>();
  const conditionTexts: { field: DesiredField; text: string }[] = [];

  rows.forEach((row, i) => {
    const line = i + 2;
    const cell = (c: SyncColumn) => {
      const at = index.get(c);
      return at === undefined ? undefined : (row[at] ?? '').trim();
    };
    if (row.every((c) => (c ?? '').trim() === '')) return;
    const problems: SyncRefusal[] = [];
    const refuse = (column: SyncColumn | null, code: string, params: SyncParams = {}) => problems.push({ line, column, code, params });
    // The line goes no further: it is refused with the problems found so far.
    const refuseLine = () => void refused.push(...problems);

    // The limits of the declarations: what the API would refuse, the file does too.
    const numberCell = (c: SyncColumn, declared: AnyAttribute): number | undefined => {
      const text = cell(c);
      if (!text) return undefined;
      const n = decimal(text);
      const max = declared.limits.max ?? Infinity;
      if (n === null || n < 0) refuse(c, 'sync.number', { value: text });
      else if (n > max) refuse(c, 'sync.number_max', { value: text, max });
      else return n;
      return undefined;
    };
    const fits = (c: SyncColumn, text: string, declared: AnyAttribute) => {
      const max = declared.maxLength ?? Infinity;
      if (text.length <= max) return true;
      refuse(c, 'sync.max_length', { max });
      return false;
    };
    const textCell = (c: SyncColumn, declared: AnyAttribute) => {
      const text = cell(c);
      return text && fits(c, text, declared) ? text : undefined;
    };

    const sectionName = cell('section') ?? '';
    const subName = cell('sub_section') ?? '';
    const fieldName = cell('field') ?? '';
    const fieldCells = FIELD_COLUMNS.some((c) => (cell(c) ?? '') !== '');
    if (!sectionName) refuse('section', 'sync.required');
    if (!fits('section', sectionName, SECTION.name) || !fits('sub_section', subName, SECTION.name) || !fits('field', fieldName, FIELD.name) || !sectionName) return refuseLine();
    if (!subName && (fieldName || fieldCells || (cell('sub_section_factor') ?? '') !== '')) {
      refuse('sub_section', 'sync.required');
      return refuseLine();
    }
    if (!fieldName && fieldCells) {
      refuse('field', 'sync.required');
      return refuseLine();
    }

    // A value given once for a section or sub-section holds for all its lines; another value is refused.
    const setOnce = <T>(node: object, attribute: 'icon' | 'factor' | 'name_en', column: SyncColumn, value: T | undefined, current: T | undefined, assign: (v: T) => void) => {
      if (value === undefined) return;
      const lines = givenAt.get(node) ?? new Map<string, number>();
      givenAt.set(node, lines);
      const first = lines.get(attribute);
      if (first === undefined) {
        lines.set(attribute, line);
        assign(value);
      } else if (current !== value) refuse(column, 'sync.conflict', { value: String(value), other: String(current), line: first });
    };

    let section = sectionByKey.get(syncNameKey(sectionName));
    if (!section) {
      section = { line, name: sectionName, subSections: [] };
      if (index.has('section_en')) section.name_en = null;
      if (index.has('section_icon')) section.icon = null;
      if (index.has('section_factor')) section.factor = null;
      sections.push(section);
      sectionByKey.set(syncNameKey(sectionName), section);
      subByKey.set(section, new Map());
    }
    const s = section;
    setOnce(s, 'name_en', 'section_en', textCell('section_en', SECTION.name_en), s.name_en ?? undefined, (v) => (s.name_en = v));
    setOnce(s, 'icon', 'section_icon', textCell('section_icon', SECTION.icon), s.icon ?? undefined, (v) => (s.icon = v));
    setOnce(s, 'factor', 'section_factor', numberCell('section_factor', SECTION.factor), s.factor ?? undefined, (v) => (s.factor = v));

    if (!subName) return refuseLine();
    const subs = subByKey.get(s)!;
    let sub = subs.get(syncNameKey(subName));
    if (!sub) {
      sub = { line, name: subName, fields: [] };
      if (index.has('sub_section_en')) sub.name_en = null;
      if (index.has('sub_section_factor')) sub.factor = null;
      s.subSections.push(sub);
      subs.set(syncNameKey(subName), sub);
      fieldByKey.set(sub, new Map());
    }
    const ss = sub;
    setOnce(ss, 'name_en', 'sub_section_en', textCell('sub_section_en', SECTION.name_en), ss.name_en ?? undefined, (v) => (ss.name_en = v));
    setOnce(ss, 'factor', 'sub_section_factor', numberCell('sub_section_factor', SECTION.factor), ss.factor ?? undefined, (v) => (ss.factor = v));

    if (!fieldName) return refuseLine();
    const fields = fieldByKey.get(ss)!;
    const same = fields.get(syncNameKey(fieldName));
    if (same) {
      refuse('field', 'sync.duplicate', { name: fieldName, line: same.line });
      return refuseLine();
    }

    const typeText = cell('field_type') ?? '';
    const type = TYPE_BY_WORD.get(headerKey(typeText)) ?? null;
    if (!typeText) refuse('field_type', 'sync.required');
    else if (!type) refuse('field_type', 'sync.type_unknown', { value: typeText });
    const values: SyncFieldValues = { name: fieldName, field_type: type ?? 'TEXT' };
    const fieldEn = cell('field_en');
    if (fieldEn !== undefined && fits('field_en', fieldEn, FIELD.name_en)) values.name_en = fieldEn || null;

    const optionsText = cell('options');
    if (optionsText !== undefined) {
      const parsed = parseOptions(type, optionsText);
      if (parsed.ok) values.points_threshold = parsed.options;
      else refuse('options', parsed.code, parsed.params);
    }
    const labelsText = cell('options_en');
    if (labelsText !== undefined) {
      // One label per option, in the options' order; an empty one leaves that option without.
      const labels = labelsText ? labelsText.split(/[|\n]/).map((l) => l.trim() || null) : [];
      const count = values.points_threshold?.length;
      if (count !== undefined && labels.length > count) refuse('options_en', 'sync.option_labels', { count });
      else if (labels.some((l) => l !== null && l.length > MAX_OPTION_LENGTH)) refuse('options_en', 'sync.max_length', { max: MAX_OPTION_LENGTH });
      else values.option_labels = labels;
    }
    const marksText = cell('options_failing');
    if (marksText !== undefined) {
      // One mark per option, in the options' order: oui, non, or empty for the default rule.
      const words = marksText ? marksText.split(/[|\n]/).map((w) => w.trim()) : [];
      const count = values.points_threshold?.length;
      const wrong = words.find((w) => w && !TRUE_WORDS.has(headerKey(w)) && !FALSE_WORDS.has(headerKey(w)));
      if (count !== undefined && words.length > count) refuse('options_failing', 'sync.option_marks', { count });
      else if (wrong !== undefined) refuse('options_failing', 'sync.option_mark', { value: wrong });
      else values.option_marks = words.map((w) => (w ? TRUE_WORDS.has(headerKey(w)) : null));
    }
    for (const c of ['can_upload_image', 'can_add_comment', 'enable_na', 'safety_critical', 'required'] as const) {
      const text = cell(c);
      if (text === undefined) continue;
      const word = headerKey(text);
      // An empty Obligatoire is the type's default (a free text is optional); the others default to no.
      if (!text) values[c] = c === 'required' ? requiredByDefault(values.field_type) : false;
      else if (FALSE_WORDS.has(word)) values[c] = false;
      else if (TRUE_WORDS.has(word)) values[c] = true;
      else refuse(c, 'sync.boolean', { value: text });
    }
    const fieldIcon = cell('icon');
    if (fieldIcon !== undefined && fits('icon', fieldIcon, FIELD.icon)) values.icon = fieldIcon || null;
    if (index.has('coefficient')) values.coefficient = numberCell('coefficient', FIELD.coefficient) ?? null;
    const field: DesiredField = { line, values, refused: false };
    const conditionText = cell('conditions');
    if (conditionText !== undefined) {
      values.conditions = [];
      values.condition_relation = null;
      if (conditionText) conditionTexts.push({ field, text: conditionText });
    }
    field.refused = problems.length > 0;
    ss.fields.push(field);
    fields.set(syncNameKey(fieldName), field);
    refused.push(...problems);
  });

  // Conditions name fields anywhere in the file, before or after their own line.
  const all = sections.flatMap((s) => s.subSections.flatMap((sub) => sub.fields.map((f) => ({ s, sub, f }))));
  for (const { field, text } of conditionTexts) {
    const parsed = parseConditions(text);
    if (!parsed.ok) {
      refused.push({ line: field.line, column: 'conditions', code: parsed.code, params: parsed.params });
      field.refused = true;
      continue;
    }
    const conditions: SyncConditionInput[] = [];
    for (const c of parsed.conditions) {
      const found = findRef(all, (x) => ({ section: x.s.name, sub_section: x.sub.name, name: x.f.values.name }), c.ref);
      const written = refText(c.ref);
      if (found.length !== 1) {
        refused.push({ line: field.line, column: 'conditions', code: found.length ? 'sync.condition_ambiguous' : 'sync.condition_unknown', params: { field: written } });
        field.refused = true;
        continue;
      }
      const target = found[0];
      const ref: SyncFieldRef = { section: target.s.name, sub_section: target.sub.name, name: target.f.values.name };
      conditions.push({ ref, operator: c.operator, value: optionName(target.f.values.field_type, c.value) });
    }
    field.values.conditions = conditions;
    field.values.condition_relation = parsed.relation;
  }
  refused.sort((a, b) => a.line - b.line);
  return { sections, columns: present, refused };
}

/** The fields a reference names, among fields given by their names: the whole text as a name first (a name may hold " / "), then as a path. */
function findRef<T>(all: readonly T[], names: (x: T) => Required<SyncFieldRef>, ref: SyncFieldRef): T[] {
  const whole = syncNameKey(refText(ref));
  const byWhole = all.filter((x) => syncNameKey(names(x).name) === whole);
  if (byWhole.length || (!ref.section && !ref.sub_section)) return byWhole;
  return all.filter((x) => {
    const n = names(x);
    return (
      syncNameKey(n.name) === syncNameKey(ref.name) &&
      (!ref.sub_section || syncNameKey(n.sub_section) === syncNameKey(ref.sub_section)) &&
      (!ref.section || syncNameKey(n.section) === syncNameKey(ref.section))
    );
  });
}
const refText = (ref: SyncFieldRef) => [ref.section, ref.sub_section, ref.name].filter((p) => p !== undefined).join(' / ');

// ---------------------------------------------------------------------------------------------
// The form as it is

export type SyncCurrentCondition = FieldCondition;
export interface SyncCurrentField {
  id: string;
  name: string;
  name_en?: string | null;
  field_type: string;
  points_threshold?: readonly { option: string; points: Numeric; option_en?: string | null; failing?: boolean | null }[] | null;
  required?: boolean | null;
  order_number?: Numeric;
  can_upload_image?: boolean | null;
  can_add_comment?: boolean | null;
  enable_na?: boolean | null;
  safety_critical?: boolean | null;
  icon?: string | null;
  coefficient?: Numeric;
  conditional_field?: boolean | null;
  conditions?: readonly SyncCurrentCondition[] | null;
  condition_relation?: string | null;
  is_copy?: boolean | null;
  copiedField?: string | null;
}
export interface SyncCurrentSubSection {
  id: string;
  name: string;
  name_en?: string | null;
  factor?: Numeric;
  order_number?: Numeric;
  fields: readonly SyncCurrentField[];
}
export interface SyncCurrentSection {
  id: string;
  name: string;
  name_en?: string | null;
  icon?: string | null;
  factor?: Numeric;
  order_number?: Numeric;
  subSections: readonly SyncCurrentSubSection[];
}
export interface SyncCurrentForm {
  sections: readonly SyncCurrentSection[];
}

const byOrder = <T extends { order_number?: Numeric }>(list: readonly T[]) =>
  list
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (toNumber(a.item.order_number) ?? 0) - (toNumber(b.item.order_number) ?? 0) || a.i - b.i)
    .map((x) => x.item);

// ---------------------------------------------------------------------------------------------
// The comparison (the dry run's answer)

export type SyncKind = 'section' | 'sub_section' | 'field';
/** A place in the form by names: a section, a sub-section of it, a field of that. */
export interface SyncPath {
  section: string;
  sub_section?: string;
  field?: string;
}
export interface SyncConditionView {
  field: SyncPath;
  operator: ConditionOperator;
  /** The stored value ("yes", "good", an option's name, a number as text). */
  value: string;
}
export interface SyncSectionAttributes {
  name: string;
  name_en: string | null;
  icon: string | null;
  factor: number;
  order_number: number;
}
export interface SyncSubSectionAttributes {
  name: string;
  name_en: string | null;
  factor: number;
  order_number: number;
}
export interface SyncFieldAttributes {
  name: string;
  name_en: string | null;
  field_type: string;
  points_threshold: SyncPointsOption[];
  order_number: number;
  can_upload_image: boolean;
  can_add_comment: boolean;
  enable_na: boolean;
  safety_critical: boolean;
  required: boolean;
  icon: string | null;
  coefficient: number;
  conditional_field: boolean;
  conditions: SyncConditionView[];
  condition_relation: ConditionRelation;
}
export type SyncAttributes = SyncSectionAttributes | SyncSubSectionAttributes | SyncFieldAttributes;

export interface SyncAdded {
  kind: SyncKind;
  path: SyncPath;
  line: number;
  attributes: SyncAttributes;
}
export interface SyncAttributeChange {
  attribute: string;
  before: unknown;
  after: unknown;
}
export interface SyncChanged {
  kind: SyncKind;
  id: string;
  path: SyncPath;
  line: number;
  changes: SyncAttributeChange[];
}
export interface SyncRemoved {
  kind: SyncKind;
  id: string;
  path: SyncPath;
}
export interface SyncCounts {
  added: number;
  changed: number;
  removed: number;
  /** Refused lines (a line may have several reasons). */
  refused: number;
  unchanged: number;
}
/**
 * The answer of both routes (raw JSON, spec §7): what the file adds, changes and removes (sections,
 * sub-sections and fields each an entry; a removed section lists its sub-sections and fields too),
 * and the refused lines with their reasons. A run applies exactly this, or nothing when a line is refused.
 */
export interface SyncResult {
  added: SyncAdded[];
  changed: SyncChanged[];
  removed: SyncRemoved[];
  refused: SyncRefusal[];
  counts: SyncCounts;
}

/** A condition of the plan: its field by plan key (an existing field's id, or "new:<line>"). */
export interface SyncPlanCondition {
  field: string;
  operator: ConditionOperator;
  value: string;
}
export interface SyncPlanField {
  /** The existing field, or null for a new one. */
  id: string | null;
  key: string;
  line: number;
  /** The attributes the run writes on an existing field (a new one is written whole). */
  changed: string[];
  values: Omit<SyncFieldAttributes, 'conditions'> & { conditions: SyncPlanCondition[] };
}
export interface SyncPlanSubSection {
  id: string | null;
  line: number;
  changed: string[];
  values: SyncSubSectionAttributes;
  fields: SyncPlanField[];
}
export interface SyncPlanSection {
  id: string | null;
  line: number;
  changed: string[];
  values: SyncSectionAttributes;
  subSections: SyncPlanSubSection[];
}
/** What the run writes: the wanted tree and the ids it removes (never written while a line is refused). */
export interface SyncPlan {
  sections: SyncPlanSection[];
  removed: { sections: string[]; subSections: string[]; fields: string[] };
}


const num = (v: Numeric, fallback: number) => toNumber(v) ?? fallback;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The column of a rule's problem, by the attribute its pointer names. */
const RULE_COLUMNS = new Map<string, SyncColumn>([
  ['/points_threshold', 'options'],
  ['/coefficient', 'coefficient'],
  ['/conditions', 'conditions'],
  ['/condition_relation', 'conditions'],
]);

/** The wanted form as the form rules read it: fields by plan key, a kept field's copy as it is. */
function ruleInput(plan: SyncPlan, currentFields: ReadonlyMap<string, SyncCurrentField>): InspectionFormInput {
  return {
    sections: plan.sections.map((s, i) => ({
      id: `section:${i}`,
      factor: s.values.factor,
      subSections: s.subSections.map((sub, j) => ({
        id: `sub:${i}:${j}`,
        factor: sub.values.factor,
        fields: sub.fields.map((f): FormField => {
          const kept = f.id ? currentFields.get(f.id) : undefined;
          return { ...f.values, id: f.key, is_copy: kept?.is_copy ?? false, copiedField: kept?.copiedField ?? null };
        }),
      })),
    })),
  };
}

/** Pairs wanted nodes with the form's by name (the first of the form's same-named ones); the rest of the form's are removed. */
function matchByName<C extends { name: string }, D>(current: readonly C[], desired: readonly D[], name: (d: D) => string): { pairs: [D, C | null][]; left: C[] } {
  const free = new Map<string, C[]>();
  for (const c of current) {
    const key = syncNameKey(c.name);
    const list = free.get(key) ?? [];
    list.push(c);
    free.set(key, list);
  }
  const pairs = desired.map((d): [D, C | null] => [d, free.get(syncNameKey(name(d)))?.shift() ?? null]);
  const taken = new Set(pairs.map(([, c]) => c));
  return { pairs, left: current.filter((c) => !taken.has(c)) };
}

function changesOf(before: Record<string, unknown>, after: Record<string, unknown>, skip: (attribute: string) => boolean = () => false): SyncAttributeChange[] {
  const out: SyncAttributeChange[] = [];
  for (const attribute of Object.keys(after)) {
    if (skip(attribute)) continue;
    if (!sameJson(before[attribute], after[attribute])) out.push({ attribute, before: before[attribute], after: after[attribute] });
  }
  return out;
}

/** An option as the API stores it: its English label and its mark only when given. */
const pointsOption = (option: string, points: number, label: string | null | undefined, failing: boolean | null | undefined): SyncPointsOption => ({
  option,
  points,
  ...(label ? { option_en: label } : {}),
  ...(typeof failing === 'boolean' ? { failing } : {}),
});

const currentPoints = (f: SyncCurrentField): SyncPointsOption[] => (f.points_threshold ?? []).map((o) => pointsOption(o.option, num(o.points, 0), o.option_en, o.failing));

/**
 * The options a line wants with their English labels and marks: the file's, by position, when it has
 * the column (options_en, options_failing), else the field's kept by option name (a file without the
 * column keeps them).
 */
function labelled(
  options: SyncPointsOption[],
  labels: readonly (string | null)[] | undefined,
  marks: readonly (boolean | null)[] | undefined,
  current: SyncCurrentField | null,
): SyncPointsOption[] {
  const kept = new Map(current ? currentPoints(current).map((o) => [o.option, o]) : []);
  return options.map(({ option, points }, i) => pointsOption(option, points, labels ? labels[i] : kept.get(option)?.option_en, marks ? marks[i] : kept.get(option)?.failing));
}
/** The conditions that apply: the editor's switch off keeps conditions that count for nothing. */
const liveConditions = <C>(f: { conditional_field?: boolean | null; conditions?: readonly C[] | null }): readonly C[] => (f.conditional_field ? (f.conditions ?? []) : []);

/**
 * Compares the form with the file's wanted tree: sections by name in the form, sub-sections by name in
 * their section, fields by name in their sub-section (without case or accents); order from the file's
 * lines. A renamed or moved node is a removal and an addition (its answers in past inspections stay
 * with their form version). The wanted form passes the form rules (form-rules.ts): their problems
 * refuse the field's line with the API's message codes. Any refusal means the run writes nothing.
 */
export function diffStructure(current: SyncCurrentForm, desired: SyncDesired): SyncResult & { plan: SyncPlan } {
  const managed = new Set(desired.columns);
  const removed: SyncRemoved[] = [];
  const plan: SyncPlan = { sections: [], removed: { sections: [], subSections: [], fields: [] } };
  const pathOf = new Map<string, SyncPath>();
  const currentFields = new Map<string, SyncCurrentField>();
  for (const s of current.sections)
    for (const sub of s.subSections)
      for (const f of sub.fields) {
        pathOf.set(f.id, { section: s.name, sub_section: sub.name, field: f.name });
        currentFields.set(f.id, f);
      }
  /** The plan key of each wanted field, by its place (names as keys), for conditions. */
  const keyByPlace = new Map<string, string>();
  const place = (ref: SyncFieldRef) => [ref.section ?? '', ref.sub_section ?? '', ref.name].map(syncNameKey).join('\u0000');
  const pending: { field: SyncPlanField; desired: DesiredField; current: SyncCurrentField | null; path: SyncPath }[] = [];

  const removeSub = (section: SyncCurrentSection, sub: SyncCurrentSubSection) => {
    removed.push({ kind: 'sub_section', id: sub.id, path: { section: section.name, sub_section: sub.name } });
    plan.removed.subSections.push(sub.id);
    for (const f of byOrder(sub.fields)) {
      removed.push({ kind: 'field', id: f.id, path: { section: section.name, sub_section: sub.name, field: f.name } });
      plan.removed.fields.push(f.id);
    }
  };

  // A section's or sub-section's value: the file's where its column is in the file, else the stored one (an empty text is none).
  const textValue = (column: SyncColumn, wanted: string | null | undefined, stored: string | null | undefined) =>
    managed.has(column) ? (wanted ?? null) : (stored ?? null) || null;
  const factorValue = (column: SyncColumn, wanted: number | null | undefined, stored: Numeric) => (managed.has(column) ? (wanted ?? 1) : num(stored, 1));
  // A section and a sub-section are planned alike: the stored one's id (none for a new one), the file's line, the values (its name, English name,
  // factor and place, a section's icon too); what changed is found below.
  const planned = <E extends object>(
    kind: 'section' | 'sub_section',
    wanted: { line: number; name: string; name_en?: string | null; factor?: number | null },
    stored: { id: string; name_en?: string | null; factor?: Numeric } | null,
    order: number,
    extra: E,
  ) => ({
    id: stored?.id ?? null,
    line: wanted.line,
    changed: [] as string[],
    values: {
      name: wanted.name,
      name_en: textValue(`${kind}_en`, wanted.name_en, stored?.name_en),
      ...extra,
      factor: factorValue(`${kind}_factor`, wanted.factor, stored?.factor),
      order_number: order,
    },
  });

  const sectionMatch = matchByName(byOrder(current.sections), desired.sections, (d) => d.name);
  sectionMatch.pairs.forEach(([ds, cs], sPos) => {
    const section: SyncPlanSection = { ...planned('section', ds, cs, sPos, { icon: textValue('section_icon', ds.icon, cs?.icon) }), subSections: [] };
    plan.sections.push(section);
    const subMatch = matchByName(byOrder(cs?.subSections ?? []), ds.subSections, (d) => d.name);
    subMatch.pairs.forEach(([dsub, csub], subPos) => {
      const sub: SyncPlanSubSection = { ...planned('sub_section', dsub, csub, subPos, {}), fields: [] };
      section.subSections.push(sub);
      const fieldMatch = matchByName(byOrder(csub?.fields ?? []), dsub.fields, (d) => d.values.name);
      let position = 0;
      for (const [df, cf] of fieldMatch.pairs) {
        const v = df.values;
        const key = cf?.id ?? `new:${df.line}`;
        keyByPlace.set(place({ section: ds.name, sub_section: dsub.name, name: v.name }), key);
        const keep = <T>(column: SyncColumn, wanted: T | undefined, existing: T, fallback: T): T =>
          managed.has(column) && wanted !== undefined ? wanted : cf ? existing : fallback;
        const field: SyncPlanField = {
          id: cf?.id ?? null,
          key,
          line: df.line,
          changed: [],
          values: {
            name: v.name,
            name_en: keep('field_en', v.name_en, cf?.name_en || null, null),
            field_type: v.field_type,
            points_threshold: labelled(
              keep('options', v.points_threshold, cf ? currentPoints(cf) : [], []),
              managed.has('options_en') ? (v.option_labels ?? []) : undefined,
              managed.has('options_failing') ? (v.option_marks ?? []) : undefined,
              cf,
            ),
            order_number: position++,
            can_upload_image: keep('can_upload_image', v.can_upload_image, !!cf?.can_upload_image, false),
            can_add_comment: keep('can_add_comment', v.can_add_comment, !!cf?.can_add_comment, false),
            enable_na: keep('enable_na', v.enable_na, !!cf?.enable_na, false),
            safety_critical: keep('safety_critical', v.safety_critical, !!cf?.safety_critical, false),
            required: keep('required', v.required, cf?.required !== false, requiredByDefault(v.field_type)),
            icon: keep('icon', v.icon, cf?.icon || null, null),
            coefficient: keep('coefficient', v.coefficient ?? 1, num(cf?.coefficient, 1), 1),
            conditional_field: managed.has('conditions') ? (v.conditions ?? []).length > 0 : !!cf?.conditional_field,
            conditions: [],
            condition_relation: 'and',
          },
        };
        if (cf && !managed.has('conditions')) {
          field.values.conditions = (cf.conditions ?? []).map((c) => ({ field: c.field, operator: c.operator as ConditionOperator, value: String(c.value ?? '') }));
          field.values.condition_relation = cf.condition_relation === 'or' ? 'or' : 'and';
        } else field.values.condition_relation = v.condition_relation ?? (cf?.condition_relation === 'or' ? 'or' : 'and');
        sub.fields.push(field);
        pending.push({ field, desired: df, current: cf, path: { section: ds.name, sub_section: dsub.name, field: v.name } });
      }
      for (const f of fieldMatch.left) {
        removed.push({ kind: 'field', id: f.id, path: { section: ds.name, sub_section: csub!.name, field: f.name } });
        plan.removed.fields.push(f.id);
      }
    });
    for (const sub of subMatch.left) removeSub(cs!, sub);
  });
  for (const cs of sectionMatch.left) {
    removed.push({ kind: 'section', id: cs.id, path: { section: cs.name } });
    plan.removed.sections.push(cs.id);
    for (const sub of byOrder(cs.subSections)) removeSub(cs, sub);
  }

  // Conditions, now that every wanted field has its key.
  for (const { field, desired: df } of pending)
    if (managed.has('conditions'))
      field.values.conditions = (df.values.conditions ?? []).map((c) => ({ field: keyByPlace.get(place(c.ref)) ?? '', operator: c.operator, value: c.value }));

  // A path for every key, for conditions as the result shows them.
  for (const s of plan.sections)
    for (const sub of s.subSections) for (const f of sub.fields) pathOf.set(f.key, { section: s.values.name, sub_section: sub.values.name, field: f.values.name });

  const refused = [...desired.refused];
  const parseRefused = new Set(refused.map((r) => r.line));
  for (const problem of formProblems(ruleInput(plan, currentFields))) {
    const m = /^\/sections\/(\d+)\/subSections\/(\d+)\/fields\/(\d+)(\/[^/]+)?/.exec(problem.pointer);
    if (!m) continue;
    const field = plan.sections[Number(m[1])].subSections[Number(m[2])].fields[Number(m[3])];
    // A line the file already refuses holds guesses (a type it could not read): its reasons are the file's.
    if (parseRefused.has(field.line)) continue;
    const params = { ...problem.params };
    const named = typeof params.field === 'string' ? pathOf.get(params.field) : undefined;
    if (named) params.field = [named.section, named.sub_section, named.field].join(' / ');
    refused.push({ line: field.line, column: RULE_COLUMNS.get(m[4] ?? '') ?? null, code: `inspection_form.${problem.code}`, params });
  }
  refused.sort((a, b) => a.line - b.line);
  const refusedLines = new Set(refused.map((r) => r.line));
  const view = (conditions: readonly SyncPlanCondition[]): SyncConditionView[] =>
    conditions.map((c) => ({ field: pathOf.get(c.field) ?? { section: '', field: c.field }, operator: c.operator, value: c.value }));

  const added: SyncAdded[] = [];
  const changed: SyncChanged[] = [];
  let unchanged = 0;
  const note = (kind: SyncKind, id: string | null, path: SyncPath, line: number, before: Record<string, unknown> | null, after: SyncAttributes, skip?: (a: string) => boolean) => {
    if (!id || !before) {
      added.push({ kind, path, line, attributes: after });
      return [];
    }
    const changes = changesOf(before, after as unknown as Record<string, unknown>, skip);
    if (changes.length) changed.push({ kind, id, path, line, changes });
    else unchanged++;
    return changes.map((c) => c.attribute);
  };
  const currentSection = new Map(current.sections.map((s) => [s.id, s]));
  const currentSub = new Map(current.sections.flatMap((s) => s.subSections.map((sub) => [sub.id, sub] as const)));
  // Order numbers are compared as places: a form numbered from 1 (the editor, the API) whose file keeps
  // every item of a list in its place changes nothing. A list that gains, loses or moves an item is
  // numbered again from 0 wherever a number differs, so that no two items share one.
  const keptOrder = new Map<string, number>();
  const keep = (wanted: readonly { id: string | null }[], existing: readonly { id: string; order_number?: Numeric }[]) => {
    const now = byOrder(existing).map((e) => e.id);
    if (now.length === wanted.length && wanted.every((w, i) => w.id === now[i])) now.forEach((id, i) => keptOrder.set(id, i));
  };
  keep(plan.sections, current.sections);
  for (const s of plan.sections) {
    const cs = s.id ? currentSection.get(s.id) : undefined;
    keep(s.subSections, cs?.subSections ?? []);
    for (const sub of s.subSections) keep(sub.fields, (sub.id ? currentSub.get(sub.id)?.fields : undefined) ?? []);
  }
  const orderOf = (id: string, order: Numeric) => keptOrder.get(id) ?? num(order, 0);
  for (const s of plan.sections) {
    const cs = s.id ? currentSection.get(s.id) : undefined;
    s.changed = note('section', s.id, { section: s.values.name }, s.line, cs ? { name: cs.name, name_en: cs.name_en || null, icon: cs.icon || null, factor: num(cs.factor, 1), order_number: orderOf(cs.id, cs.order_number) } : null, s.values);
    for (const sub of s.subSections) {
      const csub = sub.id ? currentSub.get(sub.id) : undefined;
      const path = { section: s.values.name, sub_section: sub.values.name };
      sub.changed = note('sub_section', sub.id, path, sub.line, csub ? { name: csub.name, name_en: csub.name_en || null, factor: num(csub.factor, 1), order_number: orderOf(csub.id, csub.order_number) } : null, sub.values);
      for (const f of sub.fields) {
        if (refusedLines.has(f.line)) continue;
        const cf = f.id ? currentFields.get(f.id) : undefined;
        const attributes: SyncFieldAttributes = { ...f.values, conditions: view(f.values.conditions) };
        const before = cf
          ? {
              name: cf.name,
              name_en: cf.name_en || null,
              field_type: cf.field_type,
              points_threshold: currentPoints(cf),
              order_number: orderOf(cf.id, cf.order_number),
              can_upload_image: !!cf.can_upload_image,
              can_add_comment: !!cf.can_add_comment,
              enable_na: !!cf.enable_na,
              safety_critical: !!cf.safety_critical,
              required: cf.required !== false,
              icon: cf.icon || null,
              coefficient: num(cf.coefficient, 1),
              conditional_field: !!cf.conditional_field,
              conditions: view((cf.conditions ?? []).map((c) => ({ field: c.field, operator: c.operator as ConditionOperator, value: String(c.value ?? '') }))),
              condition_relation: cf.condition_relation === 'or' ? 'or' : 'and',
            }
          : null;
        // Conditions switched off count for nothing: they change only when the ones that apply do;
        // the relation matters only between two conditions or more.
        const skip = (a: string) =>
          (a === 'conditions' && sameJson(view(liveConditions(f.values)), liveConditions(before as SyncFieldAttributes))) ||
          (a === 'conditional_field' && sameJson(view(liveConditions(f.values)), liveConditions(before as SyncFieldAttributes))) ||
          (a === 'condition_relation' && liveConditions(f.values).length < 2 && liveConditions(before as SyncFieldAttributes).length < 2);
        f.changed = note('field', f.id, { section: s.values.name, sub_section: sub.values.name, field: f.values.name }, f.line, before, attributes, skip);
      }
    }
  }
  const counts: SyncCounts = { added: added.length, changed: changed.length, removed: removed.length, refused: refusedLines.size, unchanged };
  return { added, changed, removed, refused, counts, plan };
}

// ---------------------------------------------------------------------------------------------
// The template: a form written as a file the sync reads back unchanged

const RELATION_WORD: Record<Locale, Record<ConditionRelation, string>> = { fr: { and: 'ET', or: 'OU' }, en: { and: 'AND', or: 'OR' } };
const YES_NO: Record<Locale, [string, string]> = { fr: ['oui', 'non'], en: ['yes', 'no'] };
const decimalText = (n: number, locale: Locale) => (locale === 'fr' ? String(n).replace('.', ',') : String(n));
/** A cell of one entry per option, in the options' order: written only when one is given, trailing empty ones dropped. */
const positional = (entries: readonly string[]) => (entries.some((e) => e) ? entries.join(' | ').replace(/( \| )+$/, '') : '');

/**
 * The header and lines of a form in a language: one line per field (a line with no field for an
 * empty sub-section or section), options and condition values in that language's words. Read back
 * by parseSyncRows, it changes nothing. An empty form gives the header alone.
 */
export function syncTemplate(form: SyncCurrentForm, locale: Locale): { columns: string[]; rows: string[][] } {
  const columns = SYNC_COLUMNS.map((c) => SYNC_COLUMN_HEADERS[c][locale][0]);
  const located: { s: SyncCurrentSection; sub: SyncCurrentSubSection; f: SyncCurrentField }[] = [];
  for (const s of byOrder(form.sections)) for (const sub of byOrder(s.subSections)) for (const f of byOrder(sub.fields)) located.push({ s, sub, f });
  const byId = new Map(located.map((x) => [x.f.id, x]));
  // The shortest reference that names one field: its name, or with its sub-section, or its whole path.
  const refOf = (x: (typeof located)[number]) => {
    const named = (ref: SyncFieldRef) => findRef(located, (y) => ({ section: y.s.name, sub_section: y.sub.name, name: y.f.name }), ref).length === 1;
    const candidates: SyncFieldRef[] = [{ name: x.f.name }, { sub_section: x.sub.name, name: x.f.name }, { section: x.s.name, sub_section: x.sub.name, name: x.f.name }];
    const ref = candidates.find(named) ?? candidates[2];
    const text = refText(ref);
    return /[[\]=<>≠!"]|\s(et|and|ou|or)\s/i.test(text) ? `[${text}]` : text;
  };
  const conditionsText = (f: SyncCurrentField) => {
    const live = liveConditions(f);
    const parts = live.map((c) => {
      const target = byId.get(c.field);
      if (!target) return null;
      const raw = String(c.value ?? '');
      const word = optionWord(target.f.field_type, raw, locale);
      const value = /\s(et|and|ou|or)\s|^"|^\s|\s$/i.test(word) || word === '' ? `"${word}"` : word;
      return `${refOf(target)} ${SIGN_OF.get(c.operator) ?? '='} ${value}`;
    });
    return parts.every((p) => p !== null) ? parts.join(` ${RELATION_WORD[locale][f.condition_relation === 'or' ? 'or' : 'and']} `) : '';
  };
  const bool = (b: boolean | null | undefined) => YES_NO[locale][b ? 0 : 1];
  type Cells = Partial<Record<SyncColumn, string>>;
  const line = (cells: Cells) => SYNC_COLUMNS.map((c) => cells[c] ?? '');
  const rows: string[][] = [];
  for (const s of byOrder(form.sections)) {
    const sectionCells: Cells = { section: s.name, section_en: s.name_en ?? '', section_icon: s.icon ?? '', section_factor: decimalText(num(s.factor, 1), locale) };
    if (s.subSections.length === 0) rows.push(line(sectionCells));
    for (const sub of byOrder(s.subSections)) {
      const subCells: Cells = { ...sectionCells, sub_section: sub.name, sub_section_en: sub.name_en ?? '', sub_section_factor: decimalText(num(sub.factor, 1), locale) };
      if (sub.fields.length === 0) rows.push(line(subCells));
      for (const f of byOrder(sub.fields)) {
        const options = currentPoints(f);
        rows.push(
          line({
            ...subCells,
            field: f.name,
            field_en: f.name_en ?? '',
            field_type: (FIELD_TYPES as readonly string[]).includes(f.field_type) ? FIELD_TYPE_LABELS[f.field_type as FieldType][locale] : f.field_type,
            options: options.map((o) => `${optionWord(f.field_type, o.option, locale)}:${decimalText(o.points, locale)}`).join(' | '),
            options_en: positional(options.map((o) => o.option_en ?? '')),
            options_failing: positional(options.map((o) => (o.failing === undefined ? '' : bool(o.failing)))),
            can_upload_image: bool(f.can_upload_image),
            can_add_comment: bool(f.can_add_comment),
            enable_na: bool(f.enable_na),
            safety_critical: bool(f.safety_critical),
            required: bool(f.required !== false),
            icon: f.icon ?? '',
            coefficient: decimalText(num(f.coefficient, 1), locale),
            conditions: conditionsText(f),
          }),
        );
      }
    }
  }
  return { columns, rows };
}
