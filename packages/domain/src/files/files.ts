/** The records a file can be attached to (spec §3 File `object`), besides lying in a folder. */
export const FILE_OBJECT_TYPES = ['vehicles', 'customers', 'repairs', 'inspections', 'estimations'] as const;
export type FileObjectType = (typeof FILE_OBJECT_TYPES)[number];

/** Longest file or folder name: what common file systems accept. */
export const FILE_NAME_MAX = 255;
