// pg-boss 10's SQL plans (not in its typings): the statements that record a job's end.
declare module 'pg-boss/src/plans.js' {
  const plans: { completeJobs(schema: string): string; failJobsById(schema: string): string };
  export default plans;
}
