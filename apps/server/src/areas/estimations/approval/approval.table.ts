import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { CUSTOMER_DECISIONS, type CustomerDecision } from '@atelier/domain';
import { at, id, oneOf, ownedBy } from '../../../db/columns.ts';
import { linkLocaleCheck, publicLinkColumns } from '../../../db/public-links.ts';
import { organizationId } from '../../admin/admin.table.ts';
import { estimations } from '../estimations.table.ts';


/**
 * A link sent to the customer to approve an estimate (send-client-approve), a public link as a
 * shared report's (db/public-links.ts). Sending again revokes the earlier links.
 */
export const estimationApprovals = pgTable(
  'estimation_approvals',
  {
    ...publicLinkColumns(),
    estimation_id: ownedBy('estimation_id', () => estimations.id),
    /** Where the link was e-mailed (null: handed over another way). */
    email: text('email'),
  },
  (t) => [index('estimation_approvals_estimation_idx').on(t.estimation_id), linkLocaleCheck('estimation_approvals', t)],
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
