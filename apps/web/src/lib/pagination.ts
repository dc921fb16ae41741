/** Pagination rules (spec platform §2 and §9): 5 page links at a time, default size 10. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const PAGE_LINKS = 5;

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, size)));

/** The page numbers to show as links, centred on the current page when possible. */
export function pageWindow(current: number, pages: number, links = PAGE_LINKS): number[] {
  const n = Math.min(links, pages);
  let start = Math.max(1, current - Math.floor(links / 2));
  start = Math.min(start, pages - n + 1);
  return Array.from({ length: n }, (_, i) => start + i);
}

/** The page to show after a change: back to 1 when the size or the total changed. */
export function pageAfterChange(
  page: number,
  prev: { size: number; total: number | undefined },
  next: { size: number; total: number | undefined },
): number {
  if (prev.size !== next.size) return 1;
  if (prev.total !== undefined && next.total !== undefined && prev.total !== next.total) return 1;
  return page;
}
