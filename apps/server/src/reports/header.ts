import type { DocumentParty } from '@atelier/domain';
import { INK, LEFT, MUTED, WIDTH, type Pen } from './page.ts';

// The top of a document's first page: the dealership (logo, name, location, address) on the
// left, the document's title and number on the right, a rule under both.

/** Who a document is from: a name and address lines (the domain's DocumentParty). */
export type Party = DocumentParty;

type Address = { address: string | null; city: string | null; province: string | null; postal_code: string | null; phone: string | null; email: string | null };

/** An organization or location as the header prints it: its name, address lines, phone and e-mail. */
export const partyOf = (p: Address & { name: string }): { name: string; lines: string[] } => ({
  name: p.name,
  lines: [p.address, [p.city, p.province, p.postal_code].filter(Boolean).join(' '), [p.phone, p.email].filter(Boolean).join(' · ')].filter((l): l is string => Boolean(l)),
});

const LOGO = { width: 110, height: 50 } as const;

export interface Header {
  organization: Party;
  location: Party | null;
  /** The logo's URL: drawn in a box of its own (110 × 50) left of the name. */
  logo: string | null;
  title: string;
  /** Under the title: the first in regular type (the number), the others smaller. */
  lines: string[];
  /** The title's and the rule's colour (a reseller's brand), else ink. */
  color?: string | null;
}

export function drawHeader(pen: Pen, header: Header) {
  const { doc } = pen;
  const top = doc.y;
  let x = LEFT;
  if (header.logo) {
    pen.image(header.logo, LEFT, top, LOGO);
    x += LOGO.width + 12;
  }
  const who = header.location ?? header.organization;
  pen.font('bold', 14).text(header.organization.name, x, top, { width: 300 });
  if (header.location) pen.font('regular', 10).text(header.location.name, x, doc.y, { width: 300 });
  pen.font('regular', 8.5, MUTED).text(who.lines.join('\n'), x, doc.y, { width: 300 });
  const left = doc.y;
  const right = { x: LEFT + WIDTH - 200, width: 200, align: 'right' as const };
  pen.font('bold', 16, header.color ?? INK).text(header.title, right.x, top, right);
  header.lines.forEach((line, i) => (i === 0 ? pen.font('regular', 10) : pen.font('regular', 8.5, MUTED)).text(line, right.x, doc.y, right));
  doc.y = Math.max(left, doc.y, top + (header.logo ? 50 : 0)) + 8;
  pen.rule(doc.y, { width: 1, color: header.color ?? INK });
  doc.y += 8;
}
