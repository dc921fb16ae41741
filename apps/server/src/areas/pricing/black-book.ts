import type { CatalogueFilter, CatalogueLevel, Condition, ConditionValue, ProviderValuation, Subject, ValuationProvider, VinCandidate } from '@atelier/domain';
import type { Config } from '../../config.ts';

// Canadian Black Book's used-vehicle API (UsedCarWS, Canadian values): HTTP basic authentication,
// country C, kilometres and province in the query. Its answers are read here into the provider
// interface of @atelier/domain; test/pricing/fixtures hold answers written from its documented shape.

type Settings = NonNullable<Config['blackBook']>;

/** CBB's four grades, named as the screens name conditions (spec §4: extra clean… rough). */
export const CBB_GRADES: Readonly<Record<Condition, string>> = { excellent: 'xclean', good: 'clean', average: 'avg', poor: 'rough' };

/** One vehicle of a used_vehicle_list (the members read; the answer carries many more). */
export interface CbbUsedVehicle {
  uvc: string;
  model_year: string | number;
  make: string;
  model: string;
  series?: string;
  style?: string;
  msrp?: number;
  basic_warranty?: string;
  powertrain_warranty?: string;
  [value: string]: unknown;
}

interface CbbDrilldownNode {
  name: string;
  uvc?: string;
  year_list?: CbbDrilldownNode[];
  make_list?: CbbDrilldownNode[];
  model_list?: CbbDrilldownNode[];
  series_list?: CbbDrilldownNode[];
  style_list?: CbbDrilldownNode[];
}

export class BlackBookError extends Error {}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Math.round(Number(v)) : 0);
const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

export const candidateOf = (v: CbbUsedVehicle): VinCandidate => ({ year: num(v.model_year), make: v.make, model: v.model, series: v.series || null, style: v.style || null, code: v.uvc });

/** A used vehicle's values by condition: the adjusted figures (kilometres and region applied). */
export function valuationOf(v: CbbUsedVehicle, condition: Condition): ProviderValuation {
  const values = Object.fromEntries(
    Object.entries(CBB_GRADES).map(([c, grade]) => [c, { wholesale: num(v[`adjusted_whole_${grade}`]), retail: num(v[`adjusted_retail_${grade}`]) } satisfies ConditionValue]),
  ) as Record<Condition, ConditionValue>;
  return {
    vehicle: candidateOf(v),
    values,
    msrp: num(v.msrp) || null,
    warrantyBasic: v.basic_warranty || null,
    warrantyPowertrain: v.powertrain_warranty || null,
    mileageAdjustment: num(v[`mileage_retail_${CBB_GRADES[condition]}`]),
  };
}

/** The names at a level of a drilldown answer, under the filter's path. */
export function drilldownNames(root: unknown, level: CatalogueLevel, filter: CatalogueFilter): string[] {
  const classes = ((root as { drilldown?: { class_list?: CbbDrilldownNode[] } })?.drilldown?.class_list ?? []) as CbbDrilldownNode[];
  const path: [keyof CbbDrilldownNode, CatalogueLevel, string | undefined][] = [
    ['year_list', 'years', filter.year === undefined ? undefined : String(filter.year)],
    ['make_list', 'makes', filter.make],
    ['model_list', 'models', filter.model],
    ['series_list', 'series', filter.series],
    ['style_list', 'styles', undefined],
  ];
  let nodes: CbbDrilldownNode[] = classes;
  for (const [list, name, wanted] of path) {
    const next = nodes.flatMap((n) => (n[list] as CbbDrilldownNode[] | undefined) ?? []);
    if (name === level) return [...new Set(next.map((n) => n.name))].sort();
    nodes = wanted === undefined ? next : next.filter((n) => same(n.name, wanted));
  }
  return [];
}

/** The uvc of the drilldown's style that fits a vehicle (its series and style when given, else the first). */
function uvcIn(root: unknown, spec: Subject['vehicle']): string | null {
  const classes = ((root as { drilldown?: { class_list?: CbbDrilldownNode[] } })?.drilldown?.class_list ?? []) as CbbDrilldownNode[];
  const styles = classes
    .flatMap((c) => c.year_list ?? [])
    .filter((y) => same(y.name, String(spec.year)))
    .flatMap((y) => y.make_list ?? [])
    .filter((m) => same(m.name, spec.make))
    .flatMap((m) => m.model_list ?? [])
    .filter((m) => same(m.name, spec.model))
    .flatMap((m) => m.series_list ?? [])
    .filter((s) => !spec.series || same(s.name, spec.series))
    .flatMap((s) => s.style_list ?? [])
    .filter((s) => !spec.style || same(s.name, spec.style));
  return styles.find((s) => s.uvc)?.uvc ?? null;
}

export class BlackBookProvider implements ValuationProvider {
  readonly name = 'black_book';
  constructor(private readonly settings: Settings) {}

  private async get(path: string, query: Record<string, string | number | undefined>): Promise<unknown> {
    const params = new URLSearchParams({ country: 'C' });
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
    const auth = Buffer.from(`${this.settings.username}:${this.settings.password}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(`${this.settings.url}${path}?${params}`, { headers: { authorization: `Basic ${auth}`, accept: 'application/json' }, signal: AbortSignal.timeout(this.settings.timeoutMs) });
    } catch (err) {
      throw new BlackBookError(`Canadian Black Book unreachable: ${(err as Error).message}`);
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new BlackBookError(`Canadian Black Book answered ${res.status}`);
    return res.json();
  }

  private static list(answer: unknown): CbbUsedVehicle[] {
    return ((answer as { used_vehicles?: { used_vehicle_list?: CbbUsedVehicle[] } } | null)?.used_vehicles?.used_vehicle_list ?? []).filter((v) => v && typeof v.uvc === 'string');
  }

  async catalogue(level: CatalogueLevel, filter: CatalogueFilter): Promise<string[]> {
    return drilldownNames(await this.get('/Drilldown/ALL', { year: filter.year, make: filter.make, model: filter.model, series: filter.series }), level, filter);
  }

  async decodeVin(vin: string): Promise<VinCandidate[]> {
    return BlackBookProvider.list(await this.get(`/UsedVehicle/VIN/${encodeURIComponent(vin)}`, {})).map(candidateOf);
  }

  /** The subject's value: by the candidate's uvc, else its VIN's first trim, else the drilldown's uvc. */
  async value(subject: Subject, candidate?: VinCandidate, vin?: string | null): Promise<ProviderValuation | null> {
    const query = { kilometres: subject.km, province: subject.province === 'CN' ? undefined : subject.province };
    let uvc = candidate?.code ?? null;
    if (!uvc && vin) {
      const found = BlackBookProvider.list(await this.get(`/UsedVehicle/VIN/${encodeURIComponent(vin)}`, query));
      const fit = found.find((v) => (!subject.vehicle.series || same(v.series, subject.vehicle.series)) && (!subject.vehicle.style || same(v.style, subject.vehicle.style))) ?? found[0];
      return fit ? valuationOf(fit, subject.condition) : null;
    }
    if (!uvc) {
      const v = subject.vehicle;
      uvc = uvcIn(await this.get('/Drilldown/ALL', { year: v.year, make: v.make, model: v.model }), v);
    }
    if (!uvc) return null;
    const [found] = BlackBookProvider.list(await this.get(`/UsedVehicle/UVC/${encodeURIComponent(uvc)}`, query));
    return found ? valuationOf(found, subject.condition) : null;
  }
}
