// The marks an inspector draws on a finding's photo before it is saved (issue 26): a circle, an
// arrow, a word. Pure geometry in the photo's own pixels, so the screen's scale never changes
// what is saved; PhotoMarkup.tsx (Konva, loaded only when someone draws) paints them.

export type MarkTool = 'circle' | 'arrow' | 'text';

export type Mark =
  | { kind: 'circle'; x: number; y: number; radius: number }
  | { kind: 'arrow'; points: [number, number, number, number] }
  | { kind: 'text'; x: number; y: number; text: string };

export interface Point {
  x: number;
  y: number;
}

/** The marks' colour: a red that reads on asphalt, rust and brake dust alike. */
export const MARK_COLOR = '#ff2a2a';
/** The most characters a word may have (a word, not a sentence: the comment says the rest). */
export const WORD_MAX = 24;

/** Stroke, smallest shape and font size for a photo of this size: the same look on any resolution. */
export function markSizes(width: number, height: number) {
  const side = Math.max(1, Math.min(width, height));
  return { stroke: Math.max(3, Math.round(side / 120)), minimum: Math.round(side / 12), font: Math.max(16, Math.round(side / 14)) };
}

const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);

/** A point of the screen (the stage) in the photo's pixels, kept inside the photo. */
export function toPhoto(p: Point, scale: number, width: number, height: number): Point {
  return { x: clamp(Math.round(p.x / scale), width), y: clamp(Math.round(p.y / scale), height) };
}

/**
 * The mark a drag (or a tap: start = end) makes with `tool` on a photo of `width` × `height`: a
 * circle centred where the finger went down through where it lifted, an arrow from where it went
 * down to where it lifted (a tap points at the spot from the upper left), the word where it was
 * tapped. A tap still makes a mark of a visible size; an empty word makes none.
 */
export function markOf(tool: MarkTool, start: Point, end: Point, size: { width: number; height: number }, word = ''): Mark | null {
  const { minimum } = markSizes(size.width, size.height);
  const length = Math.hypot(end.x - start.x, end.y - start.y);
  if (tool === 'circle') return { kind: 'circle', x: start.x, y: start.y, radius: Math.round(Math.max(length, minimum)) };
  if (tool === 'arrow') {
    if (length >= minimum / 2) return { kind: 'arrow', points: [start.x, start.y, end.x, end.y] };
    const from = { x: clamp(end.x - minimum * 1.5, size.width), y: clamp(end.y - minimum * 1.5, size.height) };
    return { kind: 'arrow', points: [from.x, from.y, end.x, end.y] };
  }
  const text = word.trim().slice(0, WORD_MAX);
  return text ? { kind: 'text', x: end.x, y: end.y, text } : null;
}
