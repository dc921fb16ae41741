import { LOCALES, type Locale } from './locale.ts';
import en from './locales/en/enums.json' with { type: 'json' };
import fr from './locales/fr/enums.json' with { type: 'json' };

/** A value's name in each language, for the web's selects and badges. */
export type Labels<T extends string | number> = Record<T, Record<Locale, string>>;

/** The labels of the enumerations, as the translators write them: locales/{fr,en}/enums.json, by enumeration then value. */
const TEXTS: Record<Locale, Readonly<Record<string, Readonly<Record<string, string>>>>> = { fr, en };

/** Every enumeration defined, in the order their modules load (enums.test.ts checks the locale files against them). */
export const DEFINED_ENUMS: { name: string; values: readonly (string | number)[] }[] = [];

function label(locale: Locale, name: string, value: string | number): string {
  const texts = Object.hasOwn(TEXTS[locale], name) ? TEXTS[locale][name] : {};
  const text = Object.hasOwn(texts, value) ? texts[value] : '';
  // A missing label is a slip of ours: fail where the enumeration is defined, not on a blank badge.
  if (!text) throw new Error(`The enumeration ${name} has no ${locale} label for ${String(value)} (locales/${locale}/enums.json).`);
  return text;
}

/**
 * An enumeration: its stored values, in their order, and their labels read from the locale files
 * under its name. `export const [VALUES, VALUE_LABELS] = defineEnum('values', ['a', 'b'])`, then
 * `type Value = (typeof VALUES)[number]`. Stored values are stable identifiers; labels are what users read.
 */
export function defineEnum<const K extends string | number>(name: string, values: readonly [K, ...K[]]): readonly [values: readonly [K, ...K[]], labels: Labels<K>] {
  const labels = Object.fromEntries(values.map((v) => [v, Object.fromEntries(LOCALES.map((l) => [l, label(l, name, v)]))]));
  DEFINED_ENUMS.push({ name, values });
  return [values, labels as Labels<K>];
}
