import { index, pgTable } from 'drizzle-orm/pg-core';
import { ownedBy } from '../../db/columns.ts';
import { linkLocaleCheck, publicLinkColumns } from '../../db/public-links.ts';
import { inspections } from './inspections.table.ts';


/**
 * A public link to an inspection's report (issue 11, share): the token shown once, to whoever
 * made the link (db/public-links.ts).
 */
export const inspectionShares = pgTable(
  'inspection_shares',
  {
    ...publicLinkColumns(),
    inspection_id: ownedBy('inspection_id', () => inspections.id),
  },
  (t) => [index('inspection_shares_inspection_idx').on(t.inspection_id), linkLocaleCheck('inspection_shares', t)],
);
