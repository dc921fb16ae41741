import type { Locale } from '../locale.ts';
import type { Labels } from '../enums.ts';
import type { TextRule } from './rules.ts';

/**
 * One declaration per resource type, shared by the server (validation, API contract) and the web
 * (lists, forms, typed records): what the type's attributes are, its relationships, the filters
 * and sorts its list takes. Framework-free; the server adds storage and hooks, the web layout.
 */

/** What a value is, for validation, the contract and the input a form shows. */
export type AttributeKind =
  | 'string'
  | 'text'
  | 'email'
  | 'phone'
  | 'postal_code'
  | 'vin'
  | 'url'
  | 'integer'
  | 'money'
  | 'decimal'
  | 'boolean'
  | 'enum'
  | 'date'
  | 'datetime'
  | 'uuid'
  | 'object'
  | 'json'
  | 'array';

/** The format rule of a text kind, checked the same way by both sides (rules.ts). */
export const KIND_RULES: Partial<Record<AttributeKind, TextRule>> = { email: 'email', phone: 'phone', postal_code: 'postal_code', vin: 'vin' };

export interface Limits {
  /** .min(): characters of a text, value of a number. */
  min?: number;
  /** .max(): characters of a text, value of a number. */
  max?: number;
  /** The kind's own length limit (255 for a string). */
  maxLength?: number;
}

interface AttributeFlags {
  required: boolean;
  nullable: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  createOnly: boolean;
  limits: Limits;
  values?: readonly (string | number)[];
  labels?: Partial<Record<string, Record<Locale, string>>>;
}

/**
 * An attribute: `T` is its value's type, `N` whether it may be null, `W` whether it is never read
 * (a password). The fluent methods return a new declaration; the types follow.
 */
export class AttributeDeclaration<T = unknown, N extends boolean = boolean, W extends boolean = boolean> {
  declare readonly __value?: T;
  declare readonly __nullable?: N;
  declare readonly __writeOnly?: W;
  readonly required: boolean;
  readonly nullable: boolean;
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
  readonly createOnly: boolean;
  readonly limits: Readonly<Limits>;
  /** The values of an enumeration. */
  readonly values?: readonly (string | number)[];
  /** The enumeration's values in each language (else the web looks them up in its locale files). */
  readonly labels?: Partial<Record<string, Record<Locale, string>>>;

  constructor(
    readonly kind: AttributeKind,
    flags: Partial<AttributeFlags> = {},
  ) {
    this.required = flags.required ?? false;
    this.nullable = flags.nullable ?? true;
    this.readOnly = flags.readOnly ?? false;
    this.writeOnly = flags.writeOnly ?? false;
    this.createOnly = flags.createOnly ?? false;
    this.limits = flags.limits ?? {};
    this.values = flags.values;
    this.labels = flags.labels;
  }

  private with<N2 extends boolean = N, W2 extends boolean = W>(flags: Partial<AttributeFlags>): AttributeDeclaration<T, N2, W2> {
    return new AttributeDeclaration<T, N2, W2>(this.kind, { ...this, ...flags });
  }
  /** Required on create; on update it may be omitted but not emptied. */
  isRequired() {
    return this.with<false>({ required: true, nullable: false });
  }
  notNull() {
    return this.with<false>({ nullable: false });
  }
  isReadOnly() {
    return this.with({ readOnly: true });
  }
  isWriteOnly() {
    return this.with<N, true>({ writeOnly: true });
  }
  isCreateOnly() {
    return this.with({ createOnly: true });
  }
  min(n: number) {
    return this.with({ limits: { ...this.limits, min: n } });
  }
  max(n: number) {
    return this.with({ limits: { ...this.limits, max: n } });
  }
  /** The longest text the attribute takes: the lower of .max() and the kind's own limit. */
  get maxLength(): number | undefined {
    const { max, maxLength } = this.limits;
    if (!TEXT_KINDS.has(this.kind)) return undefined;
    return max === undefined ? maxLength : Math.min(max, maxLength ?? Infinity);
  }
}

const TEXT_KINDS = new Set<AttributeKind>(['string', 'text', 'email', 'phone', 'postal_code', 'vin', 'url']);

type Attr<T, N extends boolean = true> = AttributeDeclaration<T, N, false>;
const text = (kind: AttributeKind, maxLength?: number): Attr<string> => new AttributeDeclaration(kind, { limits: maxLength ? { maxLength } : {} });

export const attr = {
  /** A short text (255 characters unless .max()). */
  string: () => text('string', 255),
  /** A long text (notes, comments). */
  text: () => text('text', 20_000),
  email: () => text('email', 254),
  /** Digits, spaces, + ( ) . - and at least 7 digits (isPhone). */
  phone: () => text('phone'),
  /** A Canadian postal code, stored as A1A 1A1. */
  postalCode: () => text('postal_code', 7),
  /** 17 characters without I, O or Q, stored in capitals; a wrong check digit is only a warning. */
  vin: () => text('vin'),
  url: () => text('url'),
  integer: (): Attr<number> => new AttributeDeclaration('integer'),
  /** An amount of money in integer cents (CAD): exact sums, shown and typed in dollars. */
  money: (): Attr<number> => new AttributeDeclaration('money'),
  /** Decimal numbers kept exact as strings. */
  decimal: (): Attr<string> => new AttributeDeclaration('decimal'),
  /** Never null. */
  boolean: (): Attr<boolean, false> => new AttributeDeclaration('boolean', { nullable: false }),
  /** One of `values`; `labels`, when given, name them in each language. */
  enum: <const V extends string | number>(values: readonly V[], labels?: Labels<V>): Attr<V> =>
    new AttributeDeclaration('enum', { values, labels: labels as AttributeFlags['labels'] }),
  /** ISO 8601 calendar date. */
  date: (): Attr<string> => new AttributeDeclaration('date'),
  /** ISO 8601 instant. */
  datetime: (): Attr<string> => new AttributeDeclaration('datetime'),
  uuid: (): Attr<string> => new AttributeDeclaration('uuid'),
  /** A JSON object whose shape the server checks. */
  object: <O extends object = Record<string, unknown>>(): Attr<O> => new AttributeDeclaration('object'),
  /** Any JSON value, or a list of structured items (phones) typed by `T`. */
  json: <J = unknown>(): Attr<J> => new AttributeDeclaration('json'),
  /** A list of structured items (a contact's phones) whose shape the server checks. */
  list: <I>(): Attr<I[]> => new AttributeDeclaration('array'),
  /** A list of texts (`S`: the values they take). */
  stringList: <S extends string = string>(): Attr<S[]> => new AttributeDeclaration('array'),
};

/** Attributes with their names prefixed, for a second group of the same on a record (a customer's billing_ address). */
const prefixed = <A extends Record<string, AnyAttribute>, X extends string>(attributes: A, prefix: X) =>
  Object.fromEntries(Object.entries(attributes).map(([name, a]) => [prefix + name, a])) as { [K in keyof A & string as `${X}${K}`]: A[K] };

/** A postal address: street, city, province, postal code (`prefix`: a second one, delivery_). */
export const addressAttributes = <P extends string, const X extends string = ''>(provinces: readonly P[], prefix = '' as X) =>
  prefixed(
    {
      address: attr.string().max(255),
      city: attr.string().max(100),
      province: attr.enum(provinces),
      postal_code: attr.postalCode(),
    },
    prefix,
  );

/** How to reach a place or a company: the same attributes on locations, organizations, suppliers and customers (`prefix`: a second one, billing_). */
export const contactAttributes = <P extends string, const X extends string = ''>(provinces: readonly P[], prefix = '' as X) => ({
  ...prefixed({ email: attr.email(), phone: attr.phone() }, prefix),
  ...addressAttributes(provinces, prefix),
});

/** The attributes of a record only the server writes (a log, a delivery attempt, an estimate kept as it was made): every one read only. */
export const serverWritten = <A extends Record<string, AnyAttribute>>(attributes: A) =>
  Object.fromEntries(Object.entries(attributes).map(([name, a]) => [name, a.isReadOnly()])) as A;

/** When a record was created and last changed (set by the server). */
export const timestamps = () => ({
  created_at: attr.datetime().isReadOnly(),
  updated_at: attr.datetime().isReadOnly(),
});

export interface RelationshipFlags {
  /** A to-one that must be given on create. */
  required?: boolean;
  readOnly?: boolean;
  createOnly?: boolean;
}

/** A relationship: one or many records of `T` (polymorphic: of several types, read only). */
export interface RelationshipDeclaration<T extends string = string, M extends boolean = boolean> {
  readonly many: M;
  readonly type: T;
  /** The types of a polymorphic relationship (its `type` is ''). */
  readonly types?: readonly string[];
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly createOnly: boolean;
}

const relationship = <T extends string, M extends boolean>(type: T, many: M, flags: RelationshipFlags = {}): RelationshipDeclaration<T, M> => ({
  type,
  many,
  required: !!flags.required,
  readOnly: !!flags.readOnly,
  createOnly: !!flags.createOnly,
});

/** The types of a polymorphic relationship that may name a record of any type the server serves (a log's subject). */
export const ANY_TYPE: readonly string[] = ['*'];

export const rel = {
  toOne: <const T extends string>(type: T, flags?: RelationshipFlags) => relationship(type, false, flags),
  toMany: <const T extends string>(type: T, flags?: RelationshipFlags) => relationship(type, true, flags),
  /** Records of several types (an import's records): read only. */
  polymorphic: (types: readonly string[]): RelationshipDeclaration<'', true> => ({ ...relationship('', true, { readOnly: true }), types }),
  /** One record of one of several types (what a comment is about): read only, written by the attributes that name it. */
  polymorphicOne: (types: readonly string[]): RelationshipDeclaration<'', false> => ({ ...relationship('', false, { readOnly: true }), types }),
};

/** A relationship under a name a builder's caller gives (a side's own name for its order, a template kind's for its source). */
export const named = <const N extends string, R extends RelationshipDeclaration>(name: N, relationship: R) => ({ [name]: relationship }) as Record<N, R>;

/** A record of an organization (given on create), seen in some of its locations, tagged. */
export const organizationRecord = () => ({
  organization: rel.toOne('organizations', { createOnly: true }),
  allowedLocations: rel.toMany('locations'),
  tags: rel.toMany('tags'),
});

/** Who did something to a record: a user, stamped by the server. */
export const doneBy = () => rel.toOne('users', { readOnly: true });

const stampedInstant = () => attr.datetime().isReadOnly();

/** When the server stamped what was done to a record (its workflow's actions, a run's steps): read-only instants by name. */
export const stampedAt = <const N extends string>(...names: N[]) =>
  Object.fromEntries(names.map((n) => [n, stampedInstant()])) as Record<N, ReturnType<typeof stampedInstant>>;

/** Who did what to a record, by relationship name (doneBy each). */
export const stampedBy = <const N extends string>(...names: N[]) =>
  Object.fromEntries(names.map((n) => [n, doneBy()])) as Record<N, ReturnType<typeof doneBy>>;

/**
 * What a workflow document shows of its workflow and history: the actions the reader may take now
 * (by the workflow's action names), when the server stamped each step, and its timestamps.
 */
export const workflowAttributes = <A extends string, const N extends string>(_workflow: { readonly actions: readonly A[] }, ...stamped: N[]) => ({
  available_actions: attr.stringList<A>().isReadOnly(),
  ...stampedAt(...stamped),
  ...timestamps(),
});

/** A workflow document's own number (given by the server) and its workflow's state. */
export const documentState = <S extends string>(workflow: { readonly states: readonly S[]; readonly stateLabels: Labels<S> }) => ({
  code: attr.string().isReadOnly(),
  state: attr.enum(workflow.states, workflow.stateLabels).isReadOnly(),
});

/** An attribute of any value type, nullability and access. */
export type AnyAttribute = AttributeDeclaration<any, boolean, boolean>;

export interface Declaration<
  T extends string = string,
  A extends Record<string, AnyAttribute> = Record<string, AnyAttribute>,
  R extends Record<string, RelationshipDeclaration> = Record<string, RelationshipDeclaration>,
  F extends string = string,
  S extends string = string,
> {
  readonly type: T;
  readonly attributes: A;
  readonly relationships: R;
  /** The filter names the list takes (filter[name]=...). */
  readonly filters: readonly F[];
  /** The names the list sorts by, in the contract's order. */
  readonly sorts: readonly S[];
  readonly defaultSort?: `${'' | '-'}${S}`;
}

/** Declares a type; the record type follows from it (RecordOf). */
export function declare<
  const T extends string,
  A extends Record<string, AnyAttribute>,
  R extends Record<string, RelationshipDeclaration> = Record<never, never>,
  const F extends string = never,
  const S extends string = never,
>(type: T, d: { attributes: A; relationships?: R; filters?: readonly F[]; sorts?: readonly S[]; defaultSort?: `${'' | '-'}${NoInfer<S>}` }): Declaration<T, A, R, F, S> {
  return { type, attributes: d.attributes, relationships: d.relationships ?? ({} as R), filters: d.filters ?? [], sorts: d.sorts ?? [], defaultSort: d.defaultSort };
}

/** The value an attribute has in a record read from the API. */
export type ValueOf<A> = A extends AttributeDeclaration<infer T, infer N, boolean> ? (N extends false ? T : T | null) : never;

/** The attributes a record carries (write-only ones are never read). */
export type ReadAttributes<A extends Record<string, AnyAttribute>> = {
  [K in keyof A as A[K] extends AttributeDeclaration<unknown, boolean, true> ? never : K]: ValueOf<A[K]>;
};
