import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/*
 * The mail outbox is sent by a timer job of the queue (mail/mailer.ts): a mail queued by a request
 * reaches the SMTP server once, and its row says when.
 */

/** The least SMTP server: accepts every message and keeps its text. */
function smtpServer(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, messages })));
}

describe('mail', () => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await smtpServer();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, { demo: true });
  });
  afterAll(async () => {
    await t?.close();
    smtp?.server.close();
  });

  it('sends a queued mail through SMTP once, from the queue', async () => {
    const res = await t.api('POST', '/api/v1/password-forgot', { body: { email: 'manager@atelier.test' }, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBeLessThan(300);
    const until = Date.now() + 30_000;
    let sent: { sent_at: string | null; attempts: number }[] = [];
    while (Date.now() < until) {
      sent = rowsOf(await t.database.db.execute(sql`SELECT sent_at, attempts FROM mail_outbox WHERE "to" = 'manager@atelier.test'`));
      if (sent.length && sent.every((m) => m.sent_at)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ attempts: 1 });
    expect(sent[0].sent_at).not.toBeNull();
    expect(smtp.messages.filter((m) => /manager@atelier\.test/.test(m))).toHaveLength(1);
  }, 60_000);
});
