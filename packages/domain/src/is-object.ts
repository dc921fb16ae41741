/** A JSON object (not null, not an array): what a body, an answer or a setting must be before its keys are read. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
