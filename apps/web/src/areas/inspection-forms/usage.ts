import type { Model } from '../../api/jsonapi.ts';

/**
 * Whether inspections were made from a form: its version is frozen at the first one (version > 0),
 * and its changes then apply to the next inspections only (the server keeps the versions).
 */
export function usageOf(form: Model): { used: boolean; count: number | null } {
  const version = Number(form.version ?? 0);
  return { used: Number.isFinite(version) && version > 0, count: null };
}
