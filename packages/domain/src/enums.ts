import type { Locale } from './locale.ts';

/** A value's name in each language, for the web's selects and badges. */
export type Labels<T extends string | number> = Record<T, Record<Locale, string>>;

/**
 * An enumeration written once, as its labels: the stored values (the labels' keys, in their order)
 * and the labels. `export const [VALUES, VALUE_LABELS] = defineEnum({ a: { fr, en }, … })`, then
 * `type Value = (typeof VALUES)[number]`. Stored values are stable identifiers; labels are what users read.
 */
export function defineEnum<const K extends string>(labels: Labels<K>): readonly [values: readonly [K, ...K[]], labels: Labels<K>] {
  return [Object.keys(labels) as [K, ...K[]], labels];
}
