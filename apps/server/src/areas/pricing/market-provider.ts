import {
  ENOUGH_COMPARABLES,
  marketValuation,
  STEP_CRITERIA,
  WIDENING_STEPS,
  WIDEST,
  type StepCriteria,
  type CatalogueFilter,
  type CatalogueLevel,
  type Condition,
  type MarketSale,
  type MarketValuation,
  type ProviderValuation,
  type Province,
  type Subject,
  type ValuationProvider,
  type VinCandidate,
} from '@atelier/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { vinDecoder } from '../vehicles/vin-decoder.ts';

// The built-in provider ("ESS"): the organization's own sales and listings, read from the database
// once per estimation (the widest step's rows), then narrowed and computed by @atelier/domain.

interface SaleRow {
  id: string;
  year: number;
  make: string;
  model: string;
  series: string | null;
  style: string | null;
  kind: 'sale' | 'listing';
  price: number;
  sold_on: string;
  kilometers: number;
  province: Province | null;
  condition: Condition | null;
  accident: boolean;
  rebuilt: boolean;
  days_on_market: number | null;
}

/** Today on the database's clock, as YYYY-MM-DD (the sales' dates are compared with it). */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * The rows of the widening steps up to the first that has enough (the domain's STEP_CRITERIA
 * written as SQL): each row's first step is computed in the query and only the rows of the steps
 * needed travel, tens rather than the thousands of the widest step. The domain then narrows them
 * again with the same rules (`selectComparables`), so this is an optimisation, never a second rule.
 */
export async function salesFor(db: Db, organizationId: string, subject: Subject, day: string): Promise<MarketSale[]> {
  const vehicle = subject.vehicle;
  const national = subject.province === 'CN';
  const matchesStep = (c: StepCriteria): SQL =>
    sql.join(
      [
        c.sameSeries && vehicle.series ? sql`lower(coalesce(series, '')) = ${vehicle.series.trim().toLowerCase()}` : sql`true`,
        sql`abs(year - ${vehicle.year}) <= ${c.yearSpan}`,
        sql`sold_on >= ${day}::date - ${c.days}::int`,
        c.sameProvince && !national ? sql`province IS NOT DISTINCT FROM ${subject.province}` : sql`true`,
      ],
      sql` AND `,
    );
  const firstStep = sql.join(
    WIDENING_STEPS.map((step, i) => sql`WHEN ${matchesStep(STEP_CRITERIA[step])} THEN ${i}`),
    sql` `,
  );
  const rows = rowsOf<SaleRow>(
    await db.execute(sql`
      WITH candidates AS (
        SELECT id, year, make, model, series, style, kind, price, sold_on, kilometers, province, condition, accident, rebuilt, days_on_market,
               CASE ${firstStep} END AS step
        FROM vehicle_sales
        WHERE organization_id = ${organizationId} AND lower(make) = ${vehicle.make.trim().toLowerCase()} AND lower(model) = ${vehicle.model.trim().toLowerCase()}
          AND year BETWEEN ${vehicle.year - WIDEST.yearSpan} AND ${vehicle.year + WIDEST.yearSpan}
          AND sold_on BETWEEN ${day}::date - ${WIDEST.days}::int AND ${day}::date
      ),
      enough AS (
        SELECT min(step) AS step FROM (SELECT step, sum(count(*)) OVER (ORDER BY step) AS seen FROM candidates WHERE step IS NOT NULL GROUP BY step) s WHERE seen >= ${ENOUGH_COMPARABLES}
      )
      SELECT id, year, make, model, series, style, kind, price, to_char(sold_on, 'YYYY-MM-DD') AS sold_on, kilometers, province, condition, accident, rebuilt, days_on_market
      FROM candidates WHERE step <= coalesce((SELECT step FROM enough), ${WIDENING_STEPS.length - 1})`),
  );
  return rows.map((r) => ({
    id: r.id,
    year: r.year,
    make: r.make,
    model: r.model,
    series: r.series,
    style: r.style,
    kind: r.kind,
    // Cents in the table, whole dollars in the statistics.
    price: Math.round(r.price / 100),
    date: r.sold_on,
    km: r.kilometers,
    province: r.province,
    condition: r.condition,
    accident: r.accident,
    rebuilt: r.rebuilt,
    daysOnMarket: r.days_on_market,
  }));
}

const LEVEL_COLUMN: Readonly<Record<CatalogueLevel, { sales: string; vehicles: string }>> = {
  years: { sales: 'year', vehicles: 'model_year' },
  makes: { sales: 'make', vehicles: 'make' },
  models: { sales: 'model', vehicles: 'model' },
  series: { sales: 'series', vehicles: 'series' },
  styles: { sales: 'style', vehicles: 'style' },
};

/** The catalogue of the organization: its imported sales and its vehicles (decoded from their VINs). */
export async function catalogueOf(db: Db, organizationId: string, level: CatalogueLevel, filter: CatalogueFilter): Promise<string[]> {
  const where = (year: string): SQL[] => {
    const parts: SQL[] = [sql`organization_id = ${organizationId}`];
    if (filter.year !== undefined) parts.push(sql`${sql.identifier(year)} = ${filter.year}`);
    if (filter.make !== undefined) parts.push(sql`lower(make) = ${filter.make.toLowerCase()}`);
    if (filter.model !== undefined) parts.push(sql`lower(model) = ${filter.model.toLowerCase()}`);
    if (filter.series !== undefined) parts.push(sql`lower(series) = ${filter.series.toLowerCase()}`);
    return parts;
  };
  const column = LEVEL_COLUMN[level];
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT DISTINCT name FROM (
        SELECT ${sql.identifier(column.sales)}::text AS name FROM vehicle_sales WHERE ${sql.join(where('year'), sql` AND `)}
        UNION
        SELECT ${sql.identifier(column.vehicles)}::text AS name FROM vehicles WHERE ${sql.join(where('model_year'), sql` AND `)}
      ) names WHERE name IS NOT NULL AND name <> ''`),
  );
  const names = rows.map((r) => r.name);
  // Years newest first; names alphabetically, one spelling per name whatever its case.
  if (level === 'years') return names.sort((a, b) => Number(b) - Number(a));
  const seen = new Map<string, string>();
  for (const n of names) if (!seen.has(n.toLowerCase())) seen.set(n.toLowerCase(), n);
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'fr'));
}

/**
 * The trims a VIN may be, from what the organization knows of it (its vehicles, its sales), else
 * the offline NHTSA decoder; a VIN that gives no series may be any series the sales know.
 */
export async function candidatesOf(db: Db, dataDir: string, organizationId: string, vin: string): Promise<VinCandidate[]> {
  const [known] = rowsOf<{ year: number | null; make: string | null; model: string | null; series: string | null; style: string | null }>(
    await db.execute(sql`
      SELECT model_year AS year, make, model, series, style FROM vehicles WHERE organization_id = ${organizationId} AND vin = ${vin} AND make IS NOT NULL AND model IS NOT NULL AND model_year IS NOT NULL
      UNION ALL
      SELECT year, make, model, series, style FROM vehicle_sales WHERE organization_id = ${organizationId} AND vin = ${vin}
      LIMIT 1`),
  );
  let base = known && known.year && known.make && known.model ? { year: known.year, make: known.make, model: known.model, series: known.series, style: known.style } : null;
  if (!base) {
    const decoded = await (await vinDecoder(dataDir)).decode(vin);
    if (decoded?.make && decoded.model && decoded.model_year) base = { year: decoded.model_year, make: decoded.make, model: decoded.model, series: decoded.series, style: decoded.style };
  }
  if (!base) return [];
  if (base.series) return [base];
  const series = await catalogueOf(db, organizationId, 'series', { year: base.year, make: base.make, model: base.model });
  return series.length ? series.map((s) => ({ ...base, series: s })) : [base];
}

/** The market provider of one organization, behind the domain's interface (and its statistics beside). */
export class MarketProvider implements ValuationProvider {
  readonly name = 'ess';
  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly organizationId: string,
  ) {}

  catalogue(level: CatalogueLevel, filter: CatalogueFilter) {
    return catalogueOf(this.db, this.organizationId, level, filter);
  }

  decodeVin(vin: string) {
    return candidatesOf(this.db, this.dataDir, this.organizationId, vin);
  }

  /** The statistics of the subject's market, or null without any comparable. */
  async statistics(subject: Subject): Promise<MarketValuation | null> {
    const day = today();
    return marketValuation(subject, await salesFor(this.db, this.organizationId, subject, day), day);
  }

  async value(subject: Subject): Promise<ProviderValuation | null> {
    const stats = await this.statistics(subject);
    return stats && { vehicle: subject.vehicle, values: stats.values, msrp: null, warrantyBasic: null, warrantyPowertrain: null, mileageAdjustment: 0 };
  }
}
