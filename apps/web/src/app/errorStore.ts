import { useSyncExternalStore } from 'react';
import type { JsonApiError } from '../api/jsonapi.ts';

/** The request-error dialog's state (spec platform §8): the last failed call's errors. */
let current: JsonApiError[] | null = null;
const listeners = new Set<() => void>();

export function showRequestError(errors: JsonApiError[]) {
  current = errors;
  listeners.forEach((l) => l());
}
export function clearRequestError() {
  current = null;
  listeners.forEach((l) => l());
}
export function useRequestError(): JsonApiError[] | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
