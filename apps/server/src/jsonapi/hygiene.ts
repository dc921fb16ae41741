import type { FastifyRequest } from 'fastify';
import { hasForbiddenCharacters } from './attributes.ts';
import { ApiError } from './errors.ts';

/** Deeper than this, a body is not a document anyone writes by hand or by program. */
export const MAX_BODY_DEPTH = 64;

const escapeToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * What no handler should have to think about, checked once for every route before it runs: no
 * string of the body or the query (values and names) holds a character PostgreSQL cannot store
 * or that is not Unicode (NUL, a lone surrogate), and no body nests without end. The walk is
 * iterative: a body of a million nested arrays must not overflow the stack.
 */
export function checkRequestText(request: FastifyRequest) {
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    if (hasForbiddenCharacters(name) || values.some((v) => typeof v === 'string' && hasForbiddenCharacters(v)))
      throw new ApiError(400, 'error.invalid_characters', { name: hasForbiddenCharacters(name) ? JSON.stringify(name) : name }, { parameter: name });
  }
  const body = request.body;
  if (typeof body !== 'object' || body === null) return;
  const stack: [value: unknown, pointer: string, depth: number][] = [[body, '', 0]];
  while (stack.length) {
    const [value, pointer, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (hasForbiddenCharacters(value)) throw new ApiError(422, 'validation.invalid_characters', undefined, { pointer: pointer || '/' });
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) throw new ApiError(400, 'error.bad_request', undefined, { pointer: pointer || '/' });
    // Pushed last to first, so the first offending string in document order is the one answered.
    if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${pointer}/${i}`, depth + 1]);
    else
      for (const [key, v] of Object.entries(value).reverse()) {
        const at = `${pointer}/${escapeToken(key)}`;
        if (hasForbiddenCharacters(key)) throw new ApiError(422, 'validation.invalid_characters', undefined, { pointer: at });
        stack.push([v, at, depth + 1]);
      }
  }
}
