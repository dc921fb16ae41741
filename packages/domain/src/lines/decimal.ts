// Exact decimal arithmetic for money. Quantities, hours and rates have decimals (2.5 hours,
// 9.975 %); binary floats get some of their products wrong by a hair (1.005 × 100 is
// 100.49999999999999), and a hair is enough to round a half cent the wrong way. So they are read
// as integers of 1/10 000 (four decimals) and multiplied as BigInt, and only the final amount in
// cents is rounded, once.

export type DecimalInput = number | string | null | undefined;

/** Decimals kept of a quantity, an hour count or a rate: 0.0001 is their smallest step. */
export const DECIMALS = 4;
export const SCALE = 10n ** BigInt(DECIMALS);

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const EXPONENT = /^[+-]?(?:\d+\.?\d*|\.\d+)e[+-]?\d+$/i;

/**
 * The value in 1/10 000 units, exact for decimal texts and for numbers as JavaScript writes them;
 * digits past the fourth decimal round half away from zero. Empty, missing or not a number: 0.
 */
export function toScaled(value: DecimalInput): bigint {
  if (value === null || value === undefined) return 0n;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return 0n;
    // The shortest text that reads back as the number (what was typed); tiny ones without exponent.
    text = String(value);
    if (text.includes('e')) text = value.toFixed(20);
  } else {
    text = value.trim();
    if (!PLAIN.test(text)) return EXPONENT.test(text) ? toScaled(Number(text)) : 0n;
  }
  const [, sign, whole, fraction = ''] = PLAIN.exec(text)!;
  if (whole === '' && fraction === '') return 0n;
  const kept = BigInt((whole || '0') + fraction.slice(0, DECIMALS).padEnd(DECIMALS, '0'));
  const magnitude = fraction.charCodeAt(DECIMALS) >= 53 /* '5' */ ? kept + 1n : kept;
  return sign === '-' ? -magnitude : magnitude;
}

/** n / d rounded half away from zero (d > 0): 2.5 → 3, -2.5 → -3. */
export function roundDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d; // the sign of n
  if (r >= 0n) return 2n * r >= d ? q + 1n : q;
  return -2n * r >= d ? q - 1n : q;
}

/** a × b in cents, rounded once, where a and b are decimals of which the product is in cents. */
export function productCents(a: DecimalInput, b: DecimalInput): number {
  return Number(roundDiv(toScaled(a) * toScaled(b), SCALE * SCALE));
}

/** A value in 1/10 000 units as a decimal text, without trailing zeros: 25000n → "2.5", 30000n → "3". */
export function scaledToText(n: bigint): string {
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  const fraction = (abs % SCALE).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  return `${sign}${abs / SCALE}${fraction ? `.${fraction}` : ''}`;
}
