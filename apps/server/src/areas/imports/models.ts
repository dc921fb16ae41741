import type { Locale } from '@atelier/domain';
import { own } from '../../jsonapi/own.ts';

/**
 * What can be imported: one declaration per model. Fields are attributes of the target resource;
 * a line is written through the engine (createRecord/updateRecord), so it meets exactly the
 * rules and messages of the API. The natural key finds the record a line updates.
 */
export interface ImportModel {
  /** The name clients send (POST /imports, field `model`). */
  name: string;
  /** The JSON:API type written. */
  type: string;
  /**
   * How a line finds the record it updates, tried in order: a field, or fields that must all be
   * filled and all match (text compared without case). The first the line fills decides.
   */
  naturalKey: (string | string[])[];
  /** Words a file may use for enumeration values, by field (normalised like headers). */
  values?: Record<string, Record<string, string>>;
  /**
   * Field → header names recognised, French first then English; the first of each is its label.
   * A field may be a to-one relationship of the resource: its cell names the related record.
   */
  fields: Record<string, ImportField>;
  label: { fr: string; en: string };
}

export interface ImportField {
  fr: string[];
  en: string[];
  /**
   * A relationship field: the cell is compared, without case, with each of `match` of the related
   * records the user may see (a column, or columns joined by a space): "Marie Tremblay",
   * "marie@exemple.ca" or "Déneigement Boréal inc." all find a customer.
   */
  relation?: { match: (string | string[])[] };
}

/** Declares what an area lets users import (the area lists it in its `importModels`). */
export const defineImportModel = (model: ImportModel): ImportModel => model;

/** The header names of the ways to reach a customer or a supplier, shared by their models. */
export const contactImportFields = {
  email: { fr: ['Courriel', 'Adresse courriel', 'E-mail', 'Email'], en: ['Email', 'E-mail', 'Email address'] },
  phone: { fr: ['Téléphone', 'Tél'], en: ['Phone', 'Telephone'] },
  address: { fr: ['Adresse'], en: ['Address', 'Street'] },
  city: { fr: ['Ville'], en: ['City'] },
  province: { fr: ['Province'], en: ['Province', 'State'] },
  postal_code: { fr: ['Code postal'], en: ['Postal code', 'Zip', 'Zip code'] },
} satisfies Record<string, ImportField>;

/** Lower case, no accents, letters and digits only: "N° de série" and "no de serie" match. */
export const normalizeHeader = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Proposes a field for each column from its header, in either language; each field once. */
export function proposeMapping(model: ImportModel, columns: string[]): Record<string, string | null> {
  const byAlias = new Map<string, string>();
  for (const [field, aliases] of Object.entries(model.fields))
    for (const alias of [field, ...aliases.fr, ...aliases.en]) {
      const key = normalizeHeader(alias);
      if (key && !byAlias.has(key)) byAlias.set(key, field);
    }
  const used = new Set<string>();
  const mapping: Record<string, string | null> = {};
  for (const column of columns) {
    const field = byAlias.get(normalizeHeader(column));
    mapping[column] = field && !used.has(field) ? field : null;
    if (field) used.add(field);
  }
  return mapping;
}

export const fieldLabel = (model: ImportModel, field: string, locale: Locale) => own(model.fields, field)?.[locale]?.[0] ?? field;
