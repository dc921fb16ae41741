// Weighted statistics of the market provider. These are estimates, not accounts: they run on
// floating point and the engine rounds the dollars it shows (money that is billed stays integer).

export interface Weighted {
  value: number;
  weight: number;
}

/** The weighted q-quantile (0..1): the smallest value whose cumulative weight reaches q of the total. */
export const weightedQuantile = (points: readonly Weighted[], q: number): number => weightedQuantiles(points, [q])[0]!;

/** Several weighted quantiles of the same points, sorted once. */
export function weightedQuantiles(points: readonly Weighted[], qs: readonly number[]): number[] {
  if (points.length === 0) throw new RangeError('no points');
  const sorted = [...points].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((s, p) => s + p.weight, 0);
  return qs.map((q) => {
    let seen = 0;
    for (const p of sorted) {
      seen += p.weight;
      if (seen >= q * total - 1e-9) return p.value;
    }
    return sorted[sorted.length - 1]!.value;
  });
}

export function weightedMean(points: readonly Weighted[]): number {
  const total = points.reduce((s, p) => s + p.weight, 0);
  return points.reduce((s, p) => s + p.value * p.weight, 0) / total;
}

/** The weighted standard deviation around the weighted mean. */
export function weightedStdDev(points: readonly Weighted[]): number {
  const mean = weightedMean(points);
  const total = points.reduce((s, p) => s + p.weight, 0);
  return Math.sqrt(points.reduce((s, p) => s + p.weight * (p.value - mean) ** 2, 0) / total);
}

/** The plain median (of days on market). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The weighted least-squares slope of y against x, or null when x does not vary enough to say
 * anything (all points at nearly the same kilometres).
 */
export function weightedSlope(points: readonly { x: number; y: number; weight: number }[], minSpread: number): number | null {
  const total = points.reduce((s, p) => s + p.weight, 0);
  if (total <= 0) return null;
  const mx = points.reduce((s, p) => s + p.x * p.weight, 0) / total;
  const my = points.reduce((s, p) => s + p.y * p.weight, 0) / total;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += p.weight * (p.x - mx) ** 2;
    sxy += p.weight * (p.x - mx) * (p.y - my);
  }
  if (Math.sqrt(sxx / total) < minSpread) return null;
  return sxy / sxx;
}
