import type { PgTable } from 'drizzle-orm/pg-core';
import type { RequestContext } from './context.ts';

/**
 * The kinds of relationship the engine loads for a whole page at once (a part of the read's one
 * statement per relationship and include level, see includes.ts) and, where marked writable, writes:
 * - belongsTo: a foreign key column on this row;
 * - hasMany: a foreign key column on the related rows (read only);
 * - manyToMany: a join table;
 * - idArray: a uuid[] column on this row (allowedLocations, tags);
 * - containedIn: the related rows hold this row's id in a uuid[] column (location.users; read only);
 * - polymorphic: records of several types, found by the resource's own loader (an import's
 *   morphedModels; read only, the end of an include path);
 * - ownsMany: child records owned by this row (a foreign key on theirs), read like hasMany and
 *   written inside this row's document (write.ts, children.ts): their tenancy is this row's.
 */
export type Relationship =
  | { kind: 'belongsTo'; type: string; column: string; required: boolean; readOnly: boolean; createOnly: boolean }
  | { kind: 'hasMany'; type: string; foreignKey: string; readOnly: true }
  | { kind: 'manyToMany'; type: string; through: PgTable; local: string; foreign: string; readOnly: boolean }
  | { kind: 'idArray'; type: string; column: string; readOnly: boolean }
  | { kind: 'containedIn'; type: string; column: string; readOnly: true }
  | { kind: 'polymorphic'; type: ''; types: readonly string[]; load: PolymorphicLoader; readOnly: true }
  | OwnsMany;

/** Child records written inside the parent's document (see children.ts). */
export interface OwnsMany {
  kind: 'ownsMany';
  type: string;
  foreignKey: string;
  /** The child's integer column that keeps the order of the list (written by the engine), if any. */
  order?: string;
  /** Values of the parent computed from all its children after each change (totals), by a pure function. */
  derive?: (children: Record<string, unknown>[]) => Record<string, unknown>;
  readOnly: false;
}

/** A related record of a polymorphic relationship. */
export interface Ref {
  type: string;
  id: string;
}
/** The related records of each row (by row id), in one query for the whole page. */
export type PolymorphicLoader = (ctx: RequestContext, rows: Record<string, unknown>[]) => Promise<Map<string, Ref[]>>;

export type ToMany = Exclude<Relationship, { kind: 'belongsTo' | 'polymorphic' }>;

interface Flags {
  required?: boolean;
  readOnly?: boolean;
  createOnly?: boolean;
}

export const rel = {
  belongsTo: (type: string, column: string, flags: Flags = {}): Relationship => ({
    kind: 'belongsTo',
    type,
    column,
    required: !!flags.required,
    readOnly: !!flags.readOnly,
    createOnly: !!flags.createOnly,
  }),
  hasMany: (type: string, foreignKey: string): Relationship => ({ kind: 'hasMany', type, foreignKey, readOnly: true }),
  manyToMany: (type: string, through: PgTable, local: string, foreign: string, flags: Flags = {}): Relationship => ({
    kind: 'manyToMany',
    type,
    through,
    local,
    foreign,
    readOnly: !!flags.readOnly,
  }),
  idArray: (type: string, column: string, flags: Flags = {}): Relationship => ({
    kind: 'idArray',
    type,
    column,
    readOnly: !!flags.readOnly,
  }),
  containedIn: (type: string, column: string): Relationship => ({ kind: 'containedIn', type, column, readOnly: true }),
  polymorphic: (types: readonly string[], load: PolymorphicLoader): Relationship => ({ kind: 'polymorphic', type: '', types, load, readOnly: true }),
  ownsMany: (type: string, foreignKey: string, opts: Pick<OwnsMany, 'order' | 'derive'> = {}): Relationship => ({
    kind: 'ownsMany',
    type,
    foreignKey,
    ...opts,
    readOnly: false,
  }),
};
