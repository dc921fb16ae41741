import { z } from 'zod';
import type { FieldValues } from 'react-hook-form';
import type { Model } from '../../api/jsonapi.ts';
import type { ChildObject } from '../../api/documents.ts';
import { documentOf, schemaOf, valuesOf, type FieldDef } from './formModel.ts';

// A child collection edited inside its parent's form (LineEditor): the lines' form values, the
// list the server takes in the parent's document, and where its errors land. Pure, unit-tested.

export interface LinesConfig {
  /** The child type (supplier-products). */
  type: string;
  /** The fields of a line, stated as the form's own fields are (text, number, money, select). */
  fields: FieldDef[];
  /** The user sets the lines' order (the server's relationship keeps one). */
  orderable?: boolean;
  /** The lines are edited in place only: none added or removed (what the user may change now is the fields'). */
  fixed?: boolean;
  /**
   * The fields of the line's row, its essentials (a description, quantity, price, total); the others
   * go in the line's detail, opened under its row, so that a line with many fields fits the width
   * without a sideways scroll. Without it, every field is in the row.
   */
  row?: readonly string[];
  /** What a new line holds before the user types (an item's quantity starts at 1). */
  defaults?: Record<string, unknown>;
  /** i18n keys: the add button, the text of an empty list, a line's name for assistive technology ("Produit {{n}}"). */
  add: string;
  empty: string;
  line: string;
}

/**
 * A line's form values; `id` is the server's (null for a new line). `related`: the records its
 * relations named when read (a supplier), to show their names; never sent.
 */
export type LineValues = FieldValues & { id: string | null; related?: Readonly<Record<string, unknown>> };

/** The fields of a line's row and of its detail (LinesConfig.row), each in the declared order. */
export function lineParts(config: LinesConfig): { row: FieldDef[]; detail: FieldDef[] } {
  const inRow = (f: FieldDef) => !config.row || config.row.includes(f.name);
  return { row: config.fields.filter(inRow), detail: config.fields.filter((f) => !inRow(f)) };
}

export const newLine = (config: LinesConfig): LineValues => ({ ...valuesOf(config.fields, undefined, config.defaults), id: null });

/** The lines of a record, as the form edits them. */
export function linesOf(config: LinesConfig, raw: unknown): LineValues[] {
  const relations = config.fields.filter((f) => f.kind === 'relation');
  return (Array.isArray(raw) ? (raw as Model[]) : []).map((m) => ({
    ...valuesOf(config.fields, m),
    id: m.id,
    ...(relations.length ? { related: Object.fromEntries(relations.map((f) => [f.name, m[f.name] ?? null])) } : {}),
  }));
}

/** The whole list, in order, as the parent's document carries it: a line with an id is updated, one without created. */
export function linesDocument(config: LinesConfig, lines: LineValues[]): ChildObject[] {
  return lines.map((l) => {
    const doc = documentOf(config.fields, l, 'add');
    const rels = Object.entries(doc.relationships);
    return {
      type: config.type,
      ...(l.id ? { id: l.id } : {}),
      attributes: doc.attributes,
      // A line's relationships (a supplier, a tax group) as linkage, only when the line has some.
      ...(rels.length
        ? { relationships: Object.fromEntries(rels.map(([name, { type, value }]) => [name, { data: linkage(type, value) }])) }
        : {}),
    };
  });
}

const linkage = (type: string, value: unknown) =>
  Array.isArray(value) ? value.map((id) => ({ type, id: String(id) })) : value ? { type, id: String(value) } : null;

/** The checks of each line, by the rules of its fields (their declared bounds too: a line out of them is not sent). */
export const linesSchema = (config: LinesConfig) => z.array(schemaOf(config.fields, 'add'));

/**
 * The form path of a server error inside a list: '/data/relationships/supplierProducts/data/2/attributes/cost'
 * is 'supplierProducts.2.cost'; null for any other pointer.
 */
export function linePath(pointer: string | undefined, names: ReadonlySet<string>): string | null {
  const m = /^\/data\/relationships\/([^/]+)\/data\/(\d+)\/attributes\/([^/]+)$/.exec(pointer ?? '');
  return m && names.has(m[1]) ? `${m[1]}.${m[2]}.${m[3]}` : null;
}
