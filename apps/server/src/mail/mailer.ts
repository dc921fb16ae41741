import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import type { Jobs } from '../jobs/queue.ts';
import { mailOutbox, type MailAttachment } from './mail.table.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  organizationId?: string | null;
  /** Files sent with it (content in base64). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Queues a mail in the outbox inside the caller's transaction: no commit, no mail. */
  queue(db: Db, mail: Mail): Promise<void>;
  /** Delivers queued mail through SMTP (no-op without SMTP_URL). */
  flush(db: Db): Promise<number>;
}

const MAX_ATTEMPTS = 5;

/** Seconds between two sends of the outbox. */
const MAIL_EVERY_SECONDS = 10;

/**
 * The outbox is sent by a timer job of the queue every few seconds, on one instance at a time: two
 * instances never send one mail twice. Its job expires late (a slow SMTP server), so that a
 * second send never starts beside a live one; a killed instance's timer resumes after that.
 */
export function mailJobs(jobs: Jobs, mailer: Mailer, db: Db) {
  jobs.every('mail.send', MAIL_EVERY_SECONDS, () => mailer.flush(db), { expireInSeconds: 600 });
}

export function createMailer(opts: { smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async queue(db, mail) {
      await db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        organization_id: mail.organizationId ?? null,
        attachments: mail.attachments ?? [],
      });
    },
    async flush(db) {
      if (!transport) return 0;
      const pending = await db
        .select()
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sent_at), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(mailOutbox.created_at))
        .limit(50);
      let sent = 0;
      for (const m of pending) {
        try {
          await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, attachments: m.attachments.map((a) => ({ ...a, encoding: 'base64' })) });
          await db.update(mailOutbox).set({ sent_at: new Date().toISOString(), attempts: m.attempts + 1, error: null }).where(eqId(m.id));
          sent++;
        } catch (err) {
          await db.update(mailOutbox).set({ attempts: m.attempts + 1, error: String(err) }).where(eqId(m.id));
        }
      }
      return sent;
    },
  };
}

const eqId = (id: string) => eq(mailOutbox.id, id);
