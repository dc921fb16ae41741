import { declarations, KIND_RULES, type AnyAttribute, type AttributeKind, type RecordOf, type RelationshipDeclaration, type TypeName } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import i18n, { currentLocale } from '../../i18n/index.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import type { FieldDef } from './formModel.ts';
import { Badges, nameOf, relationOf } from './recordNames.tsx';
import { yesNoFilter } from './listState.ts';
import type { Column, FilterDef } from './ResourceList.tsx';

/**
 * Screens derived from the types' declarations (packages/domain): a page names the attributes
 * and relationships it shows, in its order, and writes only what is particular to it; labels,
 * inputs, required markers, limits, format checks, enum options, sorts and cells come from here.
 */

type Declared<T extends TypeName> = (typeof declarations)[T];
/** The attributes and relationships of a type. */
export type FieldName<T extends TypeName> = Extract<keyof Declared<T>['attributes'] | keyof Declared<T>['relationships'], string>;
type FilterName<T extends TypeName> = Declared<T>['filters'][number];
/** The relationships of a type. */
export type RelationshipName<T extends TypeName> = Extract<keyof Declared<T>['relationships'], string>;

/** The declarations, read by name (a page's names are checked by FieldName). */
const attributesOf = (type: TypeName) => declarations[type].attributes as Record<string, AnyAttribute>;
const relationshipsOf = (type: TypeName) => declarations[type].relationships as Record<string, RelationshipDeclaration>;

/** The type a declared relationship names (a sales invoice's recipient is a customer). */
export const relatedTypeOf = (type: TypeName, name: string): string => relationshipsOf(type)[name].type;

/** fields:<type>.<name>, else the label the types share (fields:common.<name>). */
export function labelKey(type: string, name: string): string {
  const own = `fields:${type}.${name}`;
  return i18n.exists(own) ? own : `fields:common.${name}`;
}

/** An enumeration's value in the user's language (its declared labels), else the value itself (a province code). */
export function enumLabel(a: AnyAttribute, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return a.labels?.[String(value)]?.[currentLocale()] ?? String(value);
}
/**
 * An enumeration's options, each label read when it is shown: fields made once (a page's constant)
 * speak the language the user switched to since.
 */
const optionsOf = (a: AnyAttribute) =>
  (a.values ?? []).map((v) => ({
    value: String(v),
    get label() {
      return enumLabel(a, v);
    },
    raw: true,
  }));

const INPUTS: Record<AttributeKind, FieldDef['kind']> = {
  string: 'text',
  text: 'textarea',
  email: 'email',
  phone: 'text',
  postal_code: 'text',
  vin: 'text',
  url: 'text',
  uuid: 'text',
  integer: 'number',
  money: 'money',
  decimal: 'number',
  boolean: 'switch',
  enum: 'select',
  date: 'date',
  datetime: 'datetime',
  object: 'json',
  json: 'json',
  array: 'json',
};
const numeric = (a: AnyAttribute) => a.kind === 'integer' || a.kind === 'decimal' || a.kind === 'money';
/** Computed by the server: shown, never sent. */
const shownOnly = (): Pick<FieldDef, 'readOnly' | 'modes'> => ({ readOnly: true, modes: ['view'] });

function attributeField(type: TypeName, name: string, a: AnyAttribute): FieldDef {
  return {
    name,
    label: labelKey(type, name),
    kind: a.writeOnly && a.kind === 'string' ? 'password' : INPUTS[a.kind],
    // Never empty: required on create, or never null (a switch is always on or off).
    required: a.required || (!a.nullable && a.kind !== 'boolean') || undefined,
    max: a.maxLength,
    format: KIND_RULES[a.kind],
    range: numeric(a) ? { min: a.limits.min, max: a.limits.max } : undefined,
    decimal: a.kind === 'decimal' || undefined,
    options: a.kind === 'enum' ? optionsOf(a) : undefined,
    createOnly: a.createOnly || undefined,
    ...(a.readOnly ? shownOnly() : {}),
  };
}

function relationshipField(type: TypeName, name: string, r: RelationshipDeclaration): FieldDef {
  return {
    name,
    label: labelKey(type, name),
    kind: 'relation',
    required: r.required || undefined,
    relation: relationOf(r.type, r.many),
    createOnly: r.createOnly || undefined,
    ...(r.readOnly ? shownOnly() : {}),
  };
}

/** A declared name, or a declared name with the page's own parts (layout, custom input or view). */
export type FieldEntry<T extends TypeName> = FieldName<T> | ({ name: FieldName<T> } & Partial<FieldDef<RecordOf<T>>>);

/** The form fields of a type in the page's order, each from its declaration with the page's parts over it. */
export function fieldsOf<T extends TypeName>(type: T, entries: FieldEntry<T>[]): FieldDef<RecordOf<T>>[] {
  const attributes = attributesOf(type);
  const relationships = relationshipsOf(type);
  return entries.map((entry) => {
    const { name, ...own } = typeof entry === 'string' ? { name: entry } : entry;
    const declared = Object.hasOwn(attributes, name) ? attributeField(type, name, attributes[name]) : relationshipField(type, name, relationships[name]);
    return { ...declared, ...own } as FieldDef<RecordOf<T>>;
  });
}

/** A declared name (label, sort and cell derived), or a column with the page's own parts. */
export type ColumnEntry<T extends TypeName> = FieldName<T> | ({ key: FieldName<T> } & Partial<Column<RecordOf<T>>>) | Column<RecordOf<T>>;

/** The cell of a declared attribute or relationship: a date, an enumeration's label, the related records' names. */
function cellOf(type: TypeName, name: string): ((row: Model) => React.ReactNode) | undefined {
  const a = attributesOf(type)[name];
  if (a?.kind === 'date' || a?.kind === 'datetime') return (row) => formatDate(row[name] as string, currentLocale());
  if (a?.kind === 'enum') return (row) => enumLabel(a, row[name]);
  if (a?.kind === 'money') return (row) => (row[name] === null || row[name] === undefined ? '' : formatMoney(Number(row[name]), currentLocale()));
  if (a?.kind === 'boolean') return (row) => i18n.t(row[name] ? 'common:boolean.true' : 'common:boolean.false');
  const r = Object.hasOwn(relationshipsOf(type), name) ? relationshipsOf(type)[name] : undefined;
  if (r?.many) return (row) => <Badges items={row[name] as Model[] | undefined} label={(m) => nameOf(r.type, m)} />;
  if (r) return (row) => (row[name] ? nameOf(r.type, row[name] as Model) : '');
  return undefined;
}

/** The list columns of a type in the page's order: label, sort (when declared) and cell from the declaration. */
export function columnsOf<T extends TypeName>(type: T, entries: ColumnEntry<T>[]): Column<RecordOf<T>>[] {
  const declared = (name: string) => Object.hasOwn(attributesOf(type), name) || Object.hasOwn(relationshipsOf(type), name);
  const sorts: readonly string[] = declarations[type].sorts;
  return entries.map((entry) => {
    const own = typeof entry === 'string' ? { key: entry } : entry;
    if (!declared(own.key)) return own as Column<RecordOf<T>>;
    return { label: labelKey(type, own.key), sort: sorts.includes(own.key) || undefined, render: cellOf(type, own.key), ...own } as Column<RecordOf<T>>;
  });
}

/** The list filters of a type: an enumeration's values or yes and no, labelled as the attribute. */
export function filtersOf<T extends TypeName>(type: T, entries: (FilterName<T> | FilterDef)[]): FilterDef[] {
  return entries.map((entry) => {
    if (typeof entry !== 'string') return entry;
    const a = attributesOf(type)[entry];
    const label = labelKey(type, entry);
    return a?.kind === 'boolean' ? yesNoFilter(entry, label, 'common:boolean.true', 'common:boolean.false') : { name: entry, label, options: optionsOf(a) };
  });
}
