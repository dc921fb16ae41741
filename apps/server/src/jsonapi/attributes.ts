import { checkVin, decimalText, isEmail, isPhone, isPostalCode, normalizeEmail, normalizePostalCode, type AnyAttribute } from '@atelier/domain';
import type { MessageKey, MessageParams } from '../i18n/index.ts';
import type { RequestContext } from './context.ts';

/** A failure may point inside the value (a list's items): `nested` paths are appended to the attribute's pointer. */
export interface NestedError {
  /** '/0/number' */
  path: string;
  code: MessageKey;
  params?: MessageParams;
}
export type ParseResult =
  | { ok: true; value: unknown }
  | { ok: false; code: MessageKey; params?: MessageParams; nested?: NestedError[] };
const ok = (value: unknown): ParseResult => ({ ok: true, value });
const fail = (code: MessageKey, params?: MessageParams): ParseResult => ({ ok: false, code, params });

type Parser = (value: unknown) => ParseResult;

/** ISO 8601 calendar date, and date-time with an optional time zone (none: UTC). */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2})?)?)?$/;
/** Years a dealership's dates fall in (birthdays, due dates, sales); beyond is a typo or an attack. */
export const YEAR_RANGE = { min: 1900, max: 2200 } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One attribute of a resource: how it is read from the row, validated and written.
 * The builders below return a fresh instance; the fluent methods mutate and return it.
 */
export class Attribute {
  required = false;
  nullable = true;
  readOnly = false;
  writeOnly = false;
  createOnly = false;
  /** Not a column: handled by the resource's hooks (e.g. a password to hash). */
  virtual = false;
  /** Column key when it differs from the attribute name. */
  column?: string;
  /** Computed value for reads (virtual attributes). */
  /** A virtual attribute's value, from the row and the request (who asks: available actions by permission). */
  compute?: (row: Record<string, unknown>, ctx: RequestContext) => unknown;
  /** Turns the stored value into its JSON form (timestamps as ISO 8601). */
  format?: (value: unknown) => unknown;
  /** The values of an enumeration (for the API contract and the fuzz tests). */
  values?: readonly (string | number)[];
  /**
   * The bounds of .min() and .max() (characters for texts, value for numbers) and the base
   * type's own length limit, for the API contract (OpenAPI) and the forms.
   */
  limits: { min?: number; max?: number; maxLength?: number } = {};
  /** The value's JSON Schema in the API contract, when the kind says too little (a list of objects). */
  shape?: Record<string, unknown>;
  /** The value names uploads (an address or a list of them): see holdsUploads. */
  uploads = false;
  private checks: Parser[] = [];

  constructor(
    readonly kind: string,
    private base: Parser,
  ) {}

  /** Required on create; on update it may be omitted but not emptied. */
  isRequired() {
    this.required = true;
    this.nullable = false;
    return this;
  }
  notNull() {
    this.nullable = false;
    return this;
  }
  isReadOnly() {
    this.readOnly = true;
    return this;
  }
  isWriteOnly() {
    this.writeOnly = true;
    return this;
  }
  isCreateOnly() {
    this.createOnly = true;
    return this;
  }
  isVirtual(compute?: (row: Record<string, unknown>, ctx: RequestContext) => unknown) {
    this.virtual = true;
    this.compute = compute;
    return this;
  }
  describedAs(schema: Record<string, unknown>) {
    this.shape = schema;
    return this;
  }
  from(column: string) {
    this.column = column;
    return this;
  }
  check(parser: Parser) {
    this.checks.push(parser);
    return this;
  }
  /**
   * Its value names files uploaded to Atelier (/api/v1/uploads/{id}/content, one or a list): each
   * one a document adds must be an upload of the record's organization that the writer may see
   * (write.ts checkReferences). Upload fields (a resource's `uploads`) are so by themselves.
   */
  holdsUploads() {
    this.uploads = true;
    return this;
  }
  /** Replaces the kind's own parser (a list of structured items checked item by item). */
  parsedBy(parser: Parser) {
    this.base = parser;
    return this;
  }
  min(n: number) {
    this.limits.min = n;
    return this.check((v) =>
      this.isText(v)
        ? [...v].length >= n
          ? ok(v)
          : fail('validation.min_length', { min: n })
        : Number(v) >= n
          ? ok(v)
          : fail('validation.min', { min: n }),
    );
  }
  max(n: number) {
    this.limits.max = n;
    return this.check((v) =>
      this.isText(v)
        ? [...v].length <= n
          ? ok(v)
          : fail('validation.max_length', { max: n })
        : Number(v) <= n
          ? ok(v)
          : fail('validation.max', { max: n }),
    );
  }
  /** Texts are bounded by their length; numbers (decimals too, which are kept as strings) by their value. */
  private isText(v: unknown): v is string {
    return typeof v === 'string' && this.kind !== 'decimal';
  }

  /** Validates a value sent by a client. null/empty is decided here, the type by the base parser. */
  parse(value: unknown): ParseResult {
    const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    if (empty) return this.nullable ? ok(null) : fail('validation.required');
    let result = this.base(value);
    for (const check of this.checks) {
      if (!result.ok) break;
      result = check(result.value);
    }
    return result;
  }
}

const stringParser =
  (maxDefault: number): Parser =>
  (v) => {
    if (typeof v !== 'string') return fail('validation.string');
    if (hasForbiddenCharacters(v)) return fail('validation.invalid_characters');
    const s = v.trim();
    return [...s].length > maxDefault ? fail('validation.max_length', { max: maxDefault }) : ok(s);
  };

/** Whole numbers; digits in a string are accepted ("12") as forms send them. */
const parseInteger: Parser = (v) => {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? ok(v) : fail('validation.integer');
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return ok(Number(v.trim()));
  return fail('validation.numeric');
};

export const attr = {
  /** A short text (255 characters unless .max()). */
  string: () => withMaxLength(new Attribute('string', stringParser(255)), 255),
  /** A long text (notes, comments). */
  text: () => withMaxLength(new Attribute('text', stringParser(20_000)), 20_000),
  email: () =>
    withMaxLength(
      new Attribute('email', (v) => {
        return typeof v === 'string' && isEmail(v) ? ok(normalizeEmail(v)) : fail('validation.email');
      }),
      254,
    ),
  /** The domain's rule (isPhone), the web forms' too: the characters of a number and at least 7 digits. */
  phone: () => new Attribute('phone', (v) => (typeof v === 'string' && isPhone(v) ? ok(v.trim()) : fail('validation.phone'))),
  /** The domain's rule (isPostalCode), stored as A1A 1A1. */
  postalCode: () =>
    withMaxLength(
      new Attribute('postal_code', stringParser(7)).check((v) => (isPostalCode(String(v)) ? ok(normalizePostalCode(String(v))) : fail('validation.postal_code'))),
      7,
    ),
  /** The domain's rule (checkVin): stored normalised; a doubtful check digit is only warned about (vehicles/vin.ts). */
  vin: () =>
    withMaxLength(
      new Attribute('vin', stringParser(255)).check((value) => {
        const checked = checkVin(String(value));
        return checked.ok ? ok(checked.vin) : fail(`validation.${checked.error}`);
      }),
      255,
    ),
  url: () =>
    new Attribute('url', (v) => {
      if (typeof v !== 'string') return fail('validation.url');
      try {
        const u = new URL(v.trim());
        return ['http:', 'https:'].includes(u.protocol) ? ok(v.trim()) : fail('validation.url');
      } catch {
        return fail('validation.url');
      }
    }),
  integer: () => new Attribute('integer', parseInteger),
  /** Money in integer cents: parsed as an integer, described as cents in the contract. */
  money: () => new Attribute('money', parseInteger),
  /** Decimal numbers kept exact as strings (PostgreSQL numeric); a text is read as people type it (decimalText: "2,5", "1 234.5"). */
  decimal: () =>
    new Attribute('decimal', (v) => {
      const s = typeof v === 'number' ? (Number.isFinite(v) ? decimalText(String(v)) : null) : typeof v === 'string' ? decimalText(v) : null;
      return s !== null ? ok(s) : fail('validation.numeric');
    }),
  boolean: () =>
    new Attribute('boolean', (v) => {
      if (typeof v === 'boolean') return ok(v);
      if (v === 'true' || v === 1 || v === '1') return ok(true);
      if (v === 'false' || v === 0 || v === '0') return ok(false);
      return fail('validation.boolean');
    }).notNull(),
  enum: <T extends string | number>(values: readonly T[]) => {
    const a = new Attribute('enum', (v) =>
      (values as readonly unknown[]).includes(v) ? ok(v) : fail('validation.enum', { values: values.join(', ') }),
    );
    a.values = values;
    return a;
  },
  date: () =>
    new Attribute('date', (v) => {
      const m = typeof v === 'string' ? DATE.exec(v.trim()) : null;
      return m && calendarDate(+m[1], +m[2], +m[3]) ? ok(m[0]) : fail('validation.date', YEAR_RANGE);
    }),
  /** ISO 8601 only: JavaScript's Date would take "12" for 2001-12-01 and roll 2026-02-30 over to March. */
  datetime: () => {
    const a = new Attribute('datetime', (v) => {
      const iso = typeof v === 'string' ? parseDateTime(v.trim()) : null;
      return iso ? ok(iso) : fail('validation.datetime', YEAR_RANGE);
    });
    a.format = isoTimestamp;
    return a;
  },
  uuid: () => new Attribute('uuid', (v) => (typeof v === 'string' && UUID.test(v) ? ok(v.toLowerCase()) : fail('validation.uuid'))),
  /** Free JSON: an object (the resource's hooks check its shape). */
  object: () =>
    new Attribute('object', (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? ok(v) : fail('validation.object'))),
  /** Any JSON value (options). */
  json: () => new Attribute('json', (v) => ok(v)),
  stringList: () =>
    new Attribute('array', (v) =>
      Array.isArray(v) && v.every((x) => typeof x === 'string') ? ok(v) : fail('validation.array'),
    ),
};

function withMaxLength(a: Attribute, n: number) {
  a.limits.maxLength = n;
  return a;
}

export const isUuid = (v: string) => UUID.test(v);

/** A real day of the calendar (no 30 February), in YEAR_RANGE. */
function calendarDate(year: number, month: number, day: number): boolean {
  if (year < YEAR_RANGE.min || year > YEAR_RANGE.max || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An ISO 8601 date-time (or date: midnight UTC) as the instant in ISO form, or null. */
export function parseDateTime(s: string): string | null {
  const m = DATETIME.exec(s);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', frac = '', , sign, oh, om = '00'] = m;
  if (!calendarDate(+y, +mo, +d) || +h > 23 || +mi > 59 || +sec > 59) return null;
  if (sign && (+oh > 14 || +om > 59)) return null;
  const offset = sign ? (sign === '-' ? -1 : 1) * (+oh * 60 + +om) : 0;
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec, Number(frac.padEnd(3, '0').slice(0, 3))) - offset * 60_000;
  return new Date(ms).toISOString();
}

/**
 * Text PostgreSQL cannot store (a NUL character) or that is not Unicode (a lone surrogate, which
 * JSON allows as \ud800): refused wherever a client sends it.
 */
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const FORBIDDEN_CHARACTERS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const hasForbiddenCharacters = (s: string) => FORBIDDEN_CHARACTERS.test(s);

/** A UTC timestamp in PostgreSQL's text form, the usual case: rewritten without a Date. */
const PG_UTC = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/** PostgreSQL's text form ("2026-11-22 14:32:55.213+00") as ISO 8601 ("2026-11-22T14:32:55.213Z"). */
export function isoTimestamp(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  // Every timestamp of every record goes through here: the common shape skips Date parsing.
  const utc = typeof value === 'string' ? PG_UTC.exec(value) : null;
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const s = String(value).replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/**
 * A timestamp read outside the engine's serializer (a meta, a public page) in ISO 8601 UTC, as
 * the attributes give theirs.
 */
export function isoText(value: string): string;
export function isoText(value: string | null): string | null;
export function isoText(value: string | null): string | null {
  return isoTimestamp(value) as string | null;
}

/** The engine's attribute of a declared one (packages/domain): its kind's parser, flags and limits. */
export function attributeOf(d: AnyAttribute): Attribute {
  const a = d.kind === 'enum' ? attr.enum(d.values ?? []) : d.kind === 'array' ? attr.stringList() : d.kind === 'postal_code' ? attr.postalCode() : attr[d.kind]();
  if (d.required) a.isRequired();
  else if (!d.nullable) a.notNull();
  if (d.readOnly) a.isReadOnly();
  if (d.writeOnly) a.isWriteOnly();
  if (d.createOnly) a.isCreateOnly();
  if (d.limits.min !== undefined) a.min(d.limits.min);
  if (d.limits.max !== undefined) a.max(d.limits.max);
  return a;
}
