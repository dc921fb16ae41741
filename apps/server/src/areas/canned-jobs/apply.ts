import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cannedJobItems, cannedJobTriggers, cannedJobs } from './canned-jobs.table.ts';

// Canned jobs as the estimations area reads them (issue 27): a job with its lines, and the triggers
// that make an inspection's finding call for one.

export type CannedJobRow = typeof cannedJobs.$inferSelect;
export type CannedJobLine = typeof cannedJobItems.$inferSelect;

/** The organization's jobs of these ids, with their lines in order (jobs not found are left out). */
export async function cannedJobsWithLines(db: Db, organizationId: string, ids: readonly string[]): Promise<Map<string, { job: CannedJobRow; lines: CannedJobLine[] }>> {
  const found = new Map<string, { job: CannedJobRow; lines: CannedJobLine[] }>();
  if (!ids.length) return found;
  const jobs = await db.select().from(cannedJobs).where(and(eq(cannedJobs.organization_id, organizationId), inArray(cannedJobs.id, [...ids])));
  for (const job of jobs) found.set(job.id, { job, lines: [] });
  if (!jobs.length) return found;
  const lines = await db.select().from(cannedJobItems).where(inArray(cannedJobItems.canned_job_id, jobs.map((j) => j.id))).orderBy(asc(cannedJobItems.position), asc(cannedJobItems.id));
  for (const line of lines) found.get(line.canned_job_id)?.lines.push(line);
  return found;
}

/** The triggers of the organization's active jobs: which form field's answer calls for which job. */
export async function activeTriggers(db: Db, organizationId: string) {
  return db
    .select({ field_id: cannedJobTriggers.field_id, value: cannedJobTriggers.value, canned_job_id: cannedJobTriggers.canned_job_id })
    .from(cannedJobTriggers)
    .innerJoin(cannedJobs, eq(cannedJobs.id, cannedJobTriggers.canned_job_id))
    .where(and(eq(cannedJobTriggers.organization_id, organizationId), eq(cannedJobs.active, true)))
    .orderBy(asc(cannedJobs.name), asc(cannedJobTriggers.position));
}
