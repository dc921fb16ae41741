/**
 * Whether a value read from the server or a form is one of an enumeration's values: it narrows the
 * value to the enumeration's type, so its labels and colours are read without a cast.
 */
export const isOneOf = <V extends string | number>(values: readonly V[], value: unknown): value is V => (values as readonly unknown[]).includes(value);
