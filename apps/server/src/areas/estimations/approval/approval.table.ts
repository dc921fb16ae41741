import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { CUSTOMER_DECISIONS, LOCALES, type CustomerDecision, type Locale } from '@atelier/domain';
import { at, id, oneOf, ownedBy } from '../../../db/columns.ts';
import { organizationId, users } from '../../admin/admin.table.ts';
import { estimations } from '../estimations.table.ts';


/**
 * A link sent to the customer to approve an estimate (send-client-approve). As for shared reports,
 * only the SHA-256 of its random token is kept. Sending again revokes the earlier links.
 */
export const estimationApprovals = pgTable(
  'estimation_approvals',
  {
    id: id(),
    organization_id: organizationId(),
    estimation_id: ownedBy('estimation_id', () => estimations.id),
    token_hash: text('token_hash').notNull().unique(),
    locale: text('locale').$type<Locale>().notNull(),
    /** Where the link was e-mailed (null: handed over another way). */
    email: text('email'),
    expires_at: at('expires_at').notNull(),
    revoked_at: at('revoked_at'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('estimation_approvals_estimation_idx').on(t.estimation_id), oneOf('estimation_approvals_locale_check', t.locale, LOCALES)],
);

/**
 * The customer's answer to one version of an estimate: who signed, when, from where. Never changed
 * (a trigger refuses updates, migration 0013): a new version is answered by a new row.
 */
export const estimationAnswers = pgTable(
  'estimation_answers',
  {
    id: id(),
    organization_id: organizationId(),
    estimation_id: ownedBy('estimation_id', () => estimations.id),
    approval_id: ownedBy('approval_id', () => estimationApprovals.id),
    version: integer('version').notNull(),
    signer_name: text('signer_name').notNull(),
    signature: text('signature').notNull(),
    ip: text('ip').notNull(),
    user_agent: text('user_agent'),
    /** Cents, with taxes: what was accepted and declined, as the customer saw it. */
    accepted_total: integer('accepted_total').notNull(),
    declined_total: integer('declined_total').notNull(),
    decided_at: at('decided_at').notNull().default(sql`now()`),
  },
  (t) => [index('estimation_answers_estimation_idx').on(t.estimation_id, t.version)],
);

/**
 * One decision of an answer, with what the item said and cost when decided (the item itself may
 * change or go later: no foreign key to it, so the record stays whole).
 */
export const estimationAnswerItems = pgTable(
  'estimation_answer_items',
  {
    id: id(),
    answer_id: ownedBy('answer_id', () => estimationAnswers.id),
    estimation_item_id: uuid('estimation_item_id').notNull(),
    detail: text('detail').notNull(),
    total: integer('total').notNull(),
    decision: text('decision').$type<CustomerDecision>().notNull(),
  },
  (t) => [index('estimation_answer_items_answer_idx').on(t.answer_id), oneOf('estimation_answer_items_decision_check', t.decision, CUSTOMER_DECISIONS)],
);
