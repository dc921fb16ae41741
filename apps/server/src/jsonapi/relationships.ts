import type { Permission, RelationshipDeclaration } from '@atelier/domain';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { MessageKey } from '../i18n/index.ts';
import type { RequestContext } from './context.ts';
import type { Registry } from './registry.ts';
import type { Db } from '../db/client.ts';

/**
 * The kinds of relationship the engine loads for a whole page at once (a part of the read's one
 * statement per relationship and include level, see includes.ts) and, where marked writable, writes:
 * - belongsTo: a foreign key column on this row;
 * - hasMany: a foreign key column on the related rows (read only);
 * - manyToMany: a join table;
 * - idArray: a uuid[] column on this row (allowedLocations, tags);
 * - containedIn: the related rows hold this row's id in a uuid[] column (location.users; read only);
 * - polymorphic: records of several types, found by the resource's own loader (an import's
 *   morphedModels; read only, the end of an include path); to-one when declared so (a comment's
 *   object, named by a type and an id column: `morphTo`);
 * - ownsMany: child records owned by this row (a foreign key on theirs), read like hasMany and
 *   written inside this row's document (write.ts, children.ts): their tenancy is this row's.
 */
export type Relationship =
  | { kind: 'belongsTo'; type: string; column: string; required: boolean; readOnly: boolean; createOnly: boolean; guard?: Guard }
  | HasMany
  | { kind: 'manyToMany'; type: string; through: PgTable; local: string; foreign: string; readOnly: boolean }
  | { kind: 'idArray'; type: string; column: string; readOnly: boolean; createOnly: boolean; guard?: Guard }
  | { kind: 'containedIn'; type: string; column: string; readOnly: true }
  | { kind: 'polymorphic'; type: ''; types: readonly string[]; load: PolymorphicLoader; readOnly: true; many: boolean }
  | OwnsMany;

/**
 * The permission a relationship carries of its own (the assignees: assign inspections; the
 * approver): setting or changing it needs that permission beside the right to write the record,
 * on every write path (create, update, import), checked by the engine (policies.ts), refused
 * with the relationship's own translated message.
 */
export interface Guard {
  permission: Permission;
  refusal: MessageKey;
}

/** Whether a relationship is written only when its record is created (then ignored in updates). */
export const isCreateOnly = (rel: Relationship) => (rel.kind === 'belongsTo' || rel.kind === 'idArray') && rel.createOnly;

/** Records holding this row's id in a foreign key column (read only). */
export interface HasMany {
  kind: 'hasMany';
  type: string;
  foreignKey: string;
  /** The related records' column that orders them (then their id); else their ids' order. */
  order?: string;
  /** Only the related rows this condition keeps (a form's top-level sections: no parent). */
  where?: (table: PgTable) => SQL;
  readOnly: true;
}

/** Child records written inside the parent's document (see children.ts). */
export interface OwnsMany {
  kind: 'ownsMany';
  type: string;
  foreignKey: string;
  /** The child's integer column that keeps the order of the list (written by the engine), if any. */
  order?: string;
  /**
   * Values of the parent computed from all its children after each change (totals), and from the
   * parent's own columns named in `dependsOn` (a document's discount); `db` reads what the lines
   * name (their tax groups' rates).
   */
  derive?: (children: Record<string, unknown>[], parent: Record<string, unknown>, db: Db) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The parent's columns `derive` reads: a write that changes one derives again, its lines untouched. */
  dependsOn?: readonly string[];
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

/**
 * Where a declared relationship is kept (the server's part of it): the related type and the flags
 * (required, read only, create only) come from the type's declaration in packages/domain.
 */
export type Storage = (declared: RelationshipDeclaration) => Relationship;

/** A relationship the storage can only read must be declared read only (the forms and the contract say so). */
const readOnly = (declared: RelationshipDeclaration, kind: string): true => {
  if (!declared.readOnly) throw new Error(`A ${kind} relationship to ${declared.type} is read only: declare it so`);
  return true;
};

export const rel = {
  /** A foreign key column on this row. */
  belongsTo:
    (column: string, opts: { guard?: Guard } = {}): Storage =>
    (d) => ({ kind: 'belongsTo', type: d.type, column, required: d.required, readOnly: d.readOnly, createOnly: d.createOnly, ...opts }),
  /** A foreign key column on the related rows (optionally ordered by one of their columns, and narrowed). */
  hasMany:
    (foreignKey: string, opts: Pick<HasMany, 'order' | 'where'> = {}): Storage =>
    (d) => ({ kind: 'hasMany', type: d.type, foreignKey, ...opts, readOnly: readOnly(d, 'hasMany') }),
  manyToMany:
    (through: PgTable, local: string, foreign: string): Storage =>
    (d) => ({ kind: 'manyToMany', type: d.type, through, local, foreign, readOnly: d.readOnly }),
  /** A uuid[] column on this row. */
  idArray:
    (column: string, opts: { guard?: Guard } = {}): Storage =>
    (d) => ({ kind: 'idArray', type: d.type, column, readOnly: d.readOnly, createOnly: d.createOnly, ...opts }),
  /** The related rows hold this row's id in a uuid[] column. */
  containedIn:
    (column: string): Storage =>
    (d) => ({ kind: 'containedIn', type: d.type, column, readOnly: readOnly(d, 'containedIn') }),
  polymorphic:
    (load: PolymorphicLoader): Storage =>
    (d) => ({ kind: 'polymorphic', type: '', types: d.types ?? [], load, readOnly: readOnly(d, 'polymorphic'), many: d.many }),
  /** One record named by a type column and an id column of this row (a comment's object). */
  morphTo:
    (typeColumn: string, idColumn: string): Storage =>
    (d) =>
      rel.polymorphic(async (_ctx, rows) => {
        const refs = new Map<string, Ref[]>();
        for (const r of rows) if (r[typeColumn] && r[idColumn]) refs.set(String(r.id), [{ type: String(r[typeColumn]), id: String(r[idColumn]) }]);
        return refs;
      })(d),
  /** Child records owned by this row, written inside its document (children.ts). */
  ownsMany:
    (foreignKey: string, opts: Pick<OwnsMany, 'order' | 'derive' | 'dependsOn'> = {}): Storage =>
    (d) => {
      if (d.readOnly) throw new Error(`Owned ${d.type} are written inside their parent's document: do not declare them read only`);
      return { kind: 'ownsMany', type: d.type, foreignKey, ...opts, readOnly: false };
    },
};

type Polymorphic = Extract<Relationship, { kind: 'polymorphic' }>;

/** The types a polymorphic relationship may name in an app: its own list, or every type served (ANY_TYPE, '*'). */
export const polymorphicTypes = (registry: Registry, rel: Polymorphic): string[] =>
  rel.types.includes('*') ? [...registry.keys()].sort() : rel.types.filter((t) => registry.has(t));

/** Whether a polymorphic relationship may name a record of this type in this app. */
export const servesPolymorphic = (registry: Registry, rel: Polymorphic, type: string) => registry.has(type) && (rel.types.includes('*') || rel.types.includes(type));

/**
 * Where a record is placed, as the domain's organizationRecord() declares it: its organization, its
 * allowed locations and its tags (the columns placedColumns() and documentColumns() give).
 */
export const placedRelationships = () => ({
  organization: rel.belongsTo('organization_id'),
  allowedLocations: rel.idArray('location_ids'),
  tags: rel.idArray('tag_ids'),
});
