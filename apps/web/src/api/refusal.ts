import { translateError } from '../i18n/index.ts';
import { ApiError, errorMessage } from './jsonapi.ts';

/**
 * What to tell the user of a failed call: the server's reasons, translated; `fallback` when it did
 * not answer with any (the network, a crash); null while there is no error.
 */
export const refusalOf = (error: unknown, fallback: string) => (error instanceof ApiError ? errorMessage(error.errors, translateError) : error ? fallback : null);
