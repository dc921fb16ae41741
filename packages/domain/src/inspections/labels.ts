import type { Locale } from '../locale.ts';

// A form in two languages (issue 20 point 21): each section, field, option, note and reminder has
// its French label and an optional English one; English readers get the English label when there
// is one, the French one otherwise. Answers keep storing the French option name (the value).

/** The label in `locale`: the English one for English when it is filled in, else the French. */
export function labelIn(french: string, english: string | null | undefined, locale: Locale): string {
  return locale === 'en' && typeof english === 'string' && english.trim() ? english.trim() : french;
}

/** A section's or field's name in `locale`. */
export const nameIn = (item: { name: string; name_en?: string | null }, locale: Locale) => labelIn(item.name, item.name_en, locale);

/** A note's or reminder's text in `locale`. */
export const textIn = (item: { text: string; text_en?: string | null }, locale: Locale) => labelIn(item.text, item.text_en, locale);

/** The label of a SELECT option, named by its stored value: its English label for English readers. */
export function optionLabel(field: { points_threshold?: readonly { option: string; option_en?: string | null }[] | null }, value: string, locale: Locale): string {
  const option = (field.points_threshold ?? []).find((o) => o.option === value);
  return option ? labelIn(option.option, option.option_en, locale) : value;
}

/**
 * The verdict (note) in `locale`. A completed inspection keeps the French text it was completed
 * with: its note is found again by that text, else by the range holding the score.
 */
export function noteIn(
  notes: readonly { minimum_value: number | string; maximum_value: number | string; text: string; text_en?: string | null }[],
  note: string | null,
  score: number,
  locale: Locale,
): string | null {
  if (note === null) return null;
  const found = notes.find((n) => n.text === note) ?? notes.find((n) => Number(n.minimum_value) <= score && score <= Number(n.maximum_value));
  return found ? textIn(found, locale) : note;
}

// ---------------------------------------------------------------------------------------------
// Required fields (issue 20 point 16)

/**
 * Whether a new field must be answered to complete an inspection when its form does not say:
 * a free text is optional (a remark), every other kind is required, as before the flag existed.
 */
export const requiredByDefault = (fieldType: string) => fieldType !== 'TEXT';

/** Whether completing needs the field answered; a version frozen before the flag existed reads as required. */
export const isRequiredField = (field: { required?: boolean | null }) => field.required !== false;

/**
 * The fields still to answer before completing, in the form's order: visible (by the scores),
 * required, neither touched nor not applicable. The server refuses complete with them; the final
 * step lists them first.
 */
export function missingRequired<F extends { id: string; required?: boolean | null }>(
  fields: readonly F[],
  visible: (id: string) => boolean,
  answer: (id: string) => { touched?: boolean | null; not_applicable?: boolean | null } | undefined,
): F[] {
  return fields.filter((f) => {
    const a = answer(f.id);
    return isRequiredField(f) && visible(f.id) && !a?.touched && !a?.not_applicable;
  });
}
