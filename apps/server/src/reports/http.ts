import type { FastifyReply, FastifyRequest } from 'fastify';
import { validTimeZone } from './format.ts';

/** Answers a document: inline PDF, named `name` (made safe for the header), never cached by a proxy. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, name: string) {
  return reply
    .type('application/pdf')
    .header('Content-Length', pdf.length)
    .header('Content-Disposition', `inline; filename="${name.replace(/[^\w.-]/g, '_')}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(pdf);
}

/** The time zone a document's dates print in: the app's X-Timezone header, or ?tz= on a public link. */
export const requestTimeZone = (request: FastifyRequest) => validTimeZone(request.headers['x-timezone'] ?? (request.query as Record<string, unknown> | undefined)?.tz);

/** The ?tz= parameter of a public document's route, for its describeRoute. */
export const TIME_ZONE_QUERY = [{ name: 'tz', description: 'IANA time zone the dates print in (default America/Toronto).', schema: { type: 'string' } }];
