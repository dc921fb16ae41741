import { attr, declare, organizationRecord, rel, timestamps } from '../declare/declare.ts';

/**
 * A canned job (issue 27, a service package): a named job with its parts (inventory products or free
 * lines) and labour, added to an estimate in one step, or drafted from an inspection's finding that
 * one of its triggers names (brake pads "Mauvais" → "Plaquettes avant : remplacement").
 */
export const cannedJobs = declare('canned-jobs', {
  attributes: {
    name: attr.string().isRequired().max(150),
    /** A short code the advisor searches by (e.g. FREIN-AV). */
    code: attr.string().max(30),
    notes: attr.text().max(4000),
    active: attr.boolean().notNull(),
    ...timestamps(),
  },
  relationships: {
    ...organizationRecord(),
    // Owned: written inside the job's document (child collections).
    items: rel.toMany('canned-job-items'),
    triggers: rel.toMany('canned-job-triggers'),
  },
  filters: ['active', 'search', 'tags'],
  sorts: ['name', 'code', 'created_at', 'updated_at'],
  defaultSort: 'name',
});
