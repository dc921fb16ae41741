import type { FastifyReply } from 'fastify';

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
