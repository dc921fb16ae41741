import { frameAncestors } from '@atelier/domain';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../jsonapi/router.ts';
import { frameOf } from './keys.ts';

/**
 * The headers of the frame's page (/embed/vehicle-estimate?key=pk_...): only the organization's
 * allowed domains may frame it (and the app itself, for the preview of the frame tab).
 */
export async function embedPageHeaders(request: FastifyRequest, services: Services): Promise<Record<string, string>> {
  const key = String((request.query as Record<string, unknown>).key ?? '');
  const frame = key ? await frameOf(services.database.db, key) : null;
  return { 'Content-Security-Policy': frameAncestors(frame?.domains ?? [], { self: true }), 'Cache-Control': 'no-store' };
}
