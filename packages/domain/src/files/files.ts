/** The records a file can be attached to (spec §3 File `object`), besides lying in a folder. */
export const FILE_OBJECT_TYPES = ['vehicles', 'customers', 'repairs', 'inspections', 'estimations'] as const;
export type FileObjectType = (typeof FILE_OBJECT_TYPES)[number];

/** Longest file or folder name: what common file systems accept. */
export const FILE_NAME_MAX = 255;

/**
 * Why a file or folder name is refused, or null: a name is one path segment, so no slash, no
 * control character, not "." or "..". (Required: the attribute; unique in its folder: the database.)
 */
export function fileNameProblem(name: string): 'separator' | 'dots' | null {
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(name)) return 'separator';
  if (name.trim() === '.' || name.trim() === '..') return 'dots';
  return null;
}

/** What the explorer can show of a content without downloading it, by its type. */
export function previewKind(mime: string | null | undefined): 'image' | 'pdf' | null {
  if (!mime) return null;
  if (mime === 'application/pdf') return 'pdf';
  return /^image\/(png|jpeg|gif|webp|avif)$/.test(mime) ? 'image' : null;
}
