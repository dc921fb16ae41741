/**
 * A declared member named by a client (an attribute, relationship, filter, action, field of an
 * import model...), or undefined. Only own properties count: `record[name]` would answer
 * Object.prototype's members for "constructor", "toString" or "__proto__".
 */
export function own<T>(record: Readonly<Record<string, T>> | undefined | null, name: string): T | undefined {
  return record && Object.hasOwn(record, name) ? record[name] : undefined;
}
