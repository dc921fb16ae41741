import { INK, LEFT, MUTED, WIDTH, type Pen } from './page.ts';

// Where a document is signed: a signature already given (its image over the line, who and when
// under it), or blank lines to sign on paper, side by side.

/** A signature given: its image (the URL of a data URL or an upload, when there is one) on a line, the caption under it. */
export function drawSignature(pen: Pen, image: string | null, caption: string | null) {
  const { doc } = pen;
  pen.need(104);
  const y = doc.y;
  if (image) pen.image(image, LEFT, y, { width: 220, height: 80 });
  pen.rule(y + 84, { to: LEFT + 240, color: INK });
  if (caption) pen.font('regular', 8.5, MUTED).text(caption, LEFT, y + 88, { width: 300 });
  doc.y = y + 104;
}

/** Blank boxes to sign on paper, side by side: a title, then a line per label (Nom, Signature, Date), a name already printed when known. */
export function drawSignatureLines(pen: Pen, boxes: readonly { title: string; labels: readonly string[]; name?: string | null }[]) {
  const { doc } = pen;
  const gap = 24;
  const width = (WIDTH - gap * (boxes.length - 1)) / boxes.length;
  const height = 20 + Math.max(...boxes.map((b) => b.labels.length)) * 22;
  pen.need(height + 8);
  const top = doc.y + 4;
  boxes.forEach((box, i) => {
    const x = LEFT + i * (width + gap);
    pen.font('bold', 9.5).text(box.title, x, top, { width });
    box.labels.forEach((label, k) => {
      const y = top + 20 + k * 22 + 14;
      pen.rule(y, { from: x + 60, to: x + width, color: INK });
      pen.font('regular', 8.5, MUTED).text(label, x, y - 10, { width: 58 });
      if (k === 0 && box.name) pen.font('regular', 9.5).text(box.name, x + 64, y - 12, { width: width - 64, lineBreak: false, ellipsis: true });
    });
  });
  doc.y = top + height;
}
