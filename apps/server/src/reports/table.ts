import { BAND, LEFT, MUTED, WIDTH, type Pen, type Weight } from './page.ts';

// Tables of the documents: rows of columns with a header repeated on each page, and a block of
// totals aligned on the right.

export interface Column<Row> {
  title: string;
  /** Points; the columns' widths add up to at most the page's. */
  width: number;
  align?: 'left' | 'right' | 'center';
  text: (row: Row) => string;
  /** Smaller lines under the text (a part number, a tax per line). */
  under?: (row: Row) => string | null;
  weight?: (row: Row) => Weight;
  color?: (row: Row) => string;
}

const SIZE = 8.5;
const UNDER = 7.5;
const PAD = 3;

function cellHeight<Row>(pen: Pen, column: Column<Row>, row: Row) {
  const width = column.width - 2 * PAD;
  const under = column.under?.(row);
  return pen.font(column.weight?.(row) ?? 'regular', SIZE).heightOfString(column.text(row) || ' ', { width }) + (under ? pen.font('regular', UNDER).heightOfString(under, { width }) : 0);
}

function headerRow<Row>(pen: Pen, columns: readonly Column<Row>[]) {
  const { doc } = pen;
  const y = doc.y;
  const height = Math.max(...columns.map((c) => pen.font('bold', 8).heightOfString(c.title, { width: c.width - 2 * PAD }))) + 2 * PAD;
  doc.rect(LEFT, y, columns.reduce((s, c) => s + c.width, 0), height).fill(BAND);
  let x = LEFT;
  for (const c of columns) {
    pen.font('bold', 8, MUTED).text(c.title, x + PAD, y + PAD, { width: c.width - 2 * PAD, align: c.align ?? 'left' });
    x += c.width;
  }
  doc.y = y + height;
}

/** A table under its title, or `none` when it has no rows. */
export function drawTitledTable<Row>(pen: Pen, title: string, columns: readonly Column<Row>[], rows: readonly Row[], none: string) {
  pen.heading(title);
  if (rows.length) drawTable(pen, columns, rows);
  else pen.font('regular', 9.5, MUTED).text(none, LEFT, pen.doc.y, { width: WIDTH });
}

/**
 * Rows under a header row; a row never splits across pages, and the header is repeated at the top
 * of each new page. `after` draws what belongs to a row under it (its photos), before the next one.
 */
export function drawTable<Row>(pen: Pen, columns: readonly Column<Row>[], rows: readonly Row[], after?: (row: Row) => void) {
  const { doc } = pen;
  const tableWidth = columns.reduce((s, c) => s + c.width, 0);
  pen.need(40);
  headerRow(pen, columns);
  for (const row of rows) {
    const height = Math.max(...columns.map((c) => cellHeight(pen, c, row))) + 2 * PAD;
    if (doc.y + height > pen.bottom) {
      doc.addPage();
      headerRow(pen, columns);
    }
    const y = doc.y;
    let x = LEFT;
    for (const c of columns) {
      const options = { width: c.width - 2 * PAD, align: c.align ?? 'left' } as const;
      pen.font(c.weight?.(row) ?? 'regular', SIZE, c.color?.(row)).text(c.text(row), x + PAD, y + PAD, options);
      const under = c.under?.(row);
      if (under) pen.font('regular', UNDER, MUTED).text(under, x + PAD, doc.y, options);
      x += c.width;
    }
    doc.y = y + height;
    after?.(row);
    pen.rule(doc.y, { to: LEFT + tableWidth, width: 0.25 });
  }
}

export interface TotalLine {
  label: string;
  value: string;
  bold?: boolean;
}

/** Totals on the right: label, then amount, a rule above the last (bold) ones. */
export function drawTotals(pen: Pen, lines: readonly TotalLine[], width = 260) {
  const { doc } = pen;
  pen.need(lines.length * 14 + 10);
  const x = LEFT + WIDTH - width;
  doc.y += 6;
  for (const line of lines) {
    const y = doc.y;
    const size = line.bold ? 10.5 : 9;
    if (line.bold) pen.rule(y - 2, { from: x, width: 0.75 });
    pen.font(line.bold ? 'bold' : 'regular', size, line.bold ? undefined : MUTED).text(line.label, x, y + (line.bold ? 2 : 0), { width: width - 100 });
    pen.font(line.bold ? 'bold' : 'regular', size).text(line.value, x + width - 100, y + (line.bold ? 2 : 0), { width: 100, align: 'right' });
    doc.y = Math.max(doc.y, y + size + 5);
  }
}
