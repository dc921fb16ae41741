import { sql, type SQL } from 'drizzle-orm';

/**
 * Names as people compare them: lower case, no accents, single spaces (the SQL side of nameKey
 * of @atelier/domain, for the letters of French and English names). Used for the same-person
 * check and for sorting names the same way on PGlite and on any PostgreSQL collation.
 */
const ACCENTED = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyoa';
export const normalizedName = (value: SQL) => sql`translate(lower(regexp_replace(trim(${value}), '\\s+', ' ', 'g')), ${ACCENTED}, ${PLAIN})`;
