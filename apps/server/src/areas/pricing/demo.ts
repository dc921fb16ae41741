import { CONDITION_FACTORS, computeOffer, reconditioningDollars, type AppraisalSource, type Condition, type Province } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, users } from '../admin/admin.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { appraisalBasis } from './appraisals.ts';
import { appraisals } from './appraisals.table.ts';
import { estimateVehicleAllowDomains, requestLogs, vehicleSales } from './pricing.table.ts';

// Demo market data for Garage Démo (marked is_demo): a year of generated sales and listings of
// the models the demo vehicles are, priced by a plain depreciation model with noise and a few
// outliers, so the estimation screen answers out of the box. Deterministic (seeded), so the demo
// and the tests that read it see the same market every time.

interface DemoModel {
  make: string;
  model: string;
  series: string[];
  style: string;
  /** New price of the newest year, dollars. */
  msrp: number;
  years: [number, number];
}

const MODELS: DemoModel[] = [
  { make: 'Hyundai', model: 'Kona', series: ['Essential', 'Preferred', 'SE', 'Ultimate'], style: 'SUV', msrp: 32_000, years: [2019, 2025] },
  { make: 'Tesla', model: 'Model 3', series: ['Standard Range Plus', 'Long Range', 'Performance'], style: 'Sedan', msrp: 58_000, years: [2018, 2025] },
  { make: 'Honda', model: 'Civic', series: ['LX', 'EX', 'Sport', 'Touring'], style: 'Sedan', msrp: 31_000, years: [2016, 2025] },
  { make: 'Toyota', model: 'RAV4', series: ['LE', 'XLE', 'Limited', 'Hybrid XLE'], style: 'SUV', msrp: 40_000, years: [2016, 2025] },
  { make: 'Ford', model: 'F-150', series: ['XL', 'XLT', 'Lariat', 'Platinum'], style: 'Pickup', msrp: 62_000, years: [2015, 2025] },
  { make: 'Honda', model: 'Accord', series: ['LX', 'EX-V6', 'Sport'], style: 'Sedan', msrp: 36_000, years: [2015, 2024] },
];

const PROVINCES_SEEN: Province[] = ['QC', 'QC', 'QC', 'QC', 'ON', 'ON', 'NB', 'AB', 'BC'];
const CONDITIONS_SEEN: Condition[] = ['excellent', 'good', 'good', 'good', 'average', 'average', 'poor'];

/** A small seeded generator (mulberry32): the same demo on every machine. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!, between: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

/** `count` generated sales and listings of the demo models, dated over the year before `today`. */
export function demoSales(organizationId: string, count: number, today: Date, seed = 2026): (typeof vehicleSales.$inferInsert)[] {
  const r = seeded(seed);
  const thisYear = today.getUTCFullYear();
  return Array.from({ length: count }, () => {
    const m = r.pick(MODELS);
    const year = r.between(m.years[0], Math.min(m.years[1], thisYear));
    const age = Math.max(0, thisYear - year);
    const km = Math.max(500, Math.round((age * r.between(12_000, 24_000) + r.between(0, 8_000)) / 100) * 100);
    const condition = r.pick(CONDITIONS_SEEN);
    const accident = r.next() < 0.12;
    const listing = r.next() < 0.25;
    const seriesRank = m.series.indexOf(r.pick(m.series));
    let price = m.msrp * (1 + seriesRank * 0.08) * 0.9 * 0.9 ** age - km * 0.04;
    price *= CONDITION_FACTORS[condition] * (accident ? 0.9 : 1) * (1 + (r.next() - 0.5) * 0.14);
    // A few data-entry slips and fire sales: the ±30 % rule is there for them.
    if (r.next() < 0.03) price *= r.next() < 0.5 ? 0.45 : 1.7;
    const daysAgo = r.between(0, 364);
    return {
      organization_id: organizationId,
      year,
      make: m.make,
      model: m.model,
      series: m.series[seriesRank]!,
      style: m.style,
      kind: listing ? 'listing' : 'sale',
      price: Math.max(1000, Math.round(price / 50) * 50) * 100,
      sold_on: new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10),
      kilometers: km,
      province: r.pick(PROVINCES_SEEN),
      condition,
      accident,
      rebuilt: r.next() < 0.02,
      days_on_market: listing ? null : r.between(4, 95),
      is_demo: true,
    };
  });
}

/** Inserts rows in chunks (a statement's parameters are limited). */
export async function insertSales(db: Db, rows: (typeof vehicleSales.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(vehicleSales).values(rows.slice(i, i + 1000));
}

/**
 * Garage Démo's market (3,000 sales) and Autos Rivière's smaller one (300), an allowed domain each
 * (Garage Démo's frame may be embedded from a page served on this machine), and a few calls in
 * each request log, as the screens show them.
 */
export async function seedDemoSales(db: Db) {
  const orgs = await db.select({ id: organizations.id, name: organizations.name }).from(organizations);
  const garage = orgs.find((o) => o.name === 'Garage Démo');
  const riviere = orgs.find((o) => o.name === 'Autos Rivière');
  const manager = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? null;
  const today = new Date();
  for (const [org, count, seed, domain, email] of [
    [garage, 3000, 2026, 'localhost', 'manager@atelier.test'],
    [riviere, 300, 1608, 'www.autos-riviere.ca', 'manager2@atelier.test'],
  ] as const) {
    if (!org) continue;
    const sales = demoSales(org.id, count, today, seed);
    await insertSales(db, sales);
    const [allowed] = await db.insert(estimateVehicleAllowDomains).values({ organization_id: org.id, domain }).returning({ id: estimateVehicleAllowDomains.id });
    const userId = await manager(email);
    const body = { year: 2023, make: 'Hyundai', model: 'Kona', kilometers: 40_000, province: 'QC', status: 'good' };
    await db.insert(requestLogs).values([
      { organization_id: org.id, channel: 'app', endpoint: 'POST /estimations/vehicle-price', user_id: userId, ip_address: '127.0.0.1', http_status_code: 200, debug_mode: true, duration_ms: 14, request: body },
      { organization_id: org.id, channel: 'embed', endpoint: 'POST /public/embed/vehicle-price', domain_id: allowed!.id, host: domain, ip_address: '203.0.113.7', http_status_code: 200, duration_ms: 11, request: body },
      { organization_id: org.id, channel: 'embed', endpoint: 'POST /public/embed/vehicle-price', host: 'copie.example', ip_address: '198.51.100.23', http_status_code: 403, duration_ms: 1, request: body },
    ]);
    await seedDemoAppraisals(db, org.id, sales, { userId, host: domain });
  }
}

type Spec = { vin: string | null; year: number; make: string; model: string; series: string | null; km: number };

/**
 * The organization's demo appraisals: each of its vehicles the demo market knows (with its
 * inspection's reconditioning, as the screen would have counted it), a frame's and an API's; one
 * appraised vehicle sold since, so its appraisal compares with the sale.
 */
async function seedDemoAppraisals(db: Db, organizationId: string, sales: (typeof vehicleSales.$inferInsert)[], who: { userId: string | null; host: string }) {
  const own = await db.select().from(vehicles).where(eq(vehicles.organization_id, organizationId));
  const specs: (Spec & { source: AppraisalSource })[] = [
    ...own.map((v) => ({ vin: v.vin, year: v.model_year ?? 0, make: v.make ?? '', model: v.model ?? '', series: v.series, km: v.odometer ?? 50_000, source: 'screen' as const })),
    { vin: null, year: 2023, make: 'Hyundai', model: 'Kona', series: 'Preferred', km: 38_000, source: 'frame' },
    { vin: null, year: 2021, make: 'Toyota', model: 'RAV4', series: 'XLE', km: 64_000, source: 'api' },
  ];
  let sold = false;
  for (const [i, spec] of specs.entries()) {
    const market = sales.filter((r) => r.make === spec.make && r.model === spec.model && Math.abs(r.year - spec.year) <= 1 && r.kind === 'sale');
    if (!market.length) continue;
    const retail = Math.round(market.reduce((sum, r) => sum + r.price, 0) / market.length / 100);
    const basis = spec.source === 'screen' ? await appraisalBasis(db, organizationId, spec.vin) : { vehicleId: null, inspection: null, reconditioning: { origin: 'none' as const, cents: 0, lines: [] } };
    const margin = spec.source === 'frame' ? { desiredProfit: 2000, aggressionPercent: 5, damageCost: 750 } : { desiredProfit: 1500, aggressionPercent: 10, damageCost: 0 };
    const offer = computeOffer({ retail, condition: 'good', accident: false, rebuilt: false, ...margin, reconditioning: reconditioningDollars(basis.reconditioning) });
    const at = new Date(Date.now() - (specs.length - i) * 3 * 86_400_000);
    // direct write: demo rows, as the estimation routes write them
    await db.insert(appraisals).values({
      organization_id: organizationId,
      source: spec.source,
      vehicle_id: basis.vehicleId,
      vin: spec.vin,
      year: spec.year,
      make: spec.make,
      model: spec.model,
      series: spec.series,
      mileage: spec.km,
      province: 'QC',
      condition: 'good',
      damage_cost: margin.damageCost,
      desired_profit: margin.desiredProfit,
      aggression_percentage: String(margin.aggressionPercent),
      offer: offer.offer,
      market_retail: offer.marketRetail,
      range_low: Math.round(retail * 0.9),
      range_high: Math.round(retail * 1.1),
      steps: offer.steps,
      reconditioning_cents: basis.reconditioning.cents,
      reconditioning_origin: basis.reconditioning.origin,
      inspection_id: basis.inspection?.id ?? null,
      inspection_score: basis.inspection?.score ?? null,
      user_id: spec.source === 'screen' ? who.userId : null,
      key_hint: spec.source === 'api' ? 'a1b2' : null,
      host: spec.source === 'frame' ? who.host : null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    });
    if (spec.vin && !sold) {
      sold = true;
      await db.insert(vehicleSales).values({ organization_id: organizationId, vin: spec.vin, year: spec.year, make: spec.make, model: spec.model, series: spec.series, kind: 'sale', price: (offer.offer + 3200) * 100, sold_on: new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10), kilometers: spec.km, province: 'QC', condition: 'good', is_demo: true });
    }
  }
}
