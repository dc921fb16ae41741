/** Attributes of a decoded proposal that fill the add form. */
export const DECODED_FIELDS = ['make', 'model', 'series', 'model_year', 'style', 'engine_description', 'fuel_type', 'transmission', 'drivetrain'] as const;
export type DecodedField = (typeof DECODED_FIELDS)[number];
export type FormValue = string | number;

export interface DecodeMerge {
  /** The value each decoded field gets in the form ('' empties it). */
  set: Partial<Record<DecodedField, FormValue>>;
  /** What this decode put in the form: the next decode replaces these. */
  applied: Partial<Record<DecodedField, FormValue>>;
  /** Fields the user typed by hand: kept, and marked as such beside the field. */
  typed: DecodedField[];
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/**
 * How a new VIN decode fills the vehicle form (issue 8 item 9). A field holding what the previous
 * decode put there, or nothing, takes the new decode's value, or is emptied when the new decode has
 * none: a Tesla decoded after a 1989 bus keeps no "MCI" series or "8V-92TA" engine. A field the
 * user typed by hand (a value no decode put there) stays, and is reported in `typed`.
 *
 * @param current the form's values now
 * @param applied what the previous decode put in the form ({} before the first decode)
 * @param decoded the new decode's values ({} when the VIN is not in the database)
 */
export function mergeDecode(current: Record<string, unknown>, applied: Partial<Record<DecodedField, unknown>>, decoded: Record<string, unknown>): DecodeMerge {
  const out: DecodeMerge = { set: {}, applied: {}, typed: [] };
  for (const name of DECODED_FIELDS) {
    const now = text(current[name]);
    const fromDecode = name in applied && text(applied[name]) === now;
    if (now !== '' && !fromDecode) {
      out.typed.push(name);
      continue;
    }
    const raw = decoded[name];
    const value: FormValue = raw === null || raw === undefined || raw === '' ? '' : name === 'model_year' ? Number(raw) : String(raw);
    out.set[name] = value;
    out.applied[name] = value;
  }
  return out;
}
