/** 'validating': a dry run in progress; 'running': the run. Both are jobs of the import worker. */
export const IMPORT_STATUSES = ['uploaded', 'validating', 'dry_run', 'running', 'done', 'failed'] as const;
/** The statuses in which the worker owns the import: it may be neither edited nor started again. */
export const BUSY_STATUSES: readonly string[] = ['validating', 'running'];
export const isBusyImport = (status: unknown) => typeof status === 'string' && BUSY_STATUSES.includes(status);
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
