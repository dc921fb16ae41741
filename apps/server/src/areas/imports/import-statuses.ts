export const IMPORT_STATUSES = ['uploaded', 'dry_run', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
