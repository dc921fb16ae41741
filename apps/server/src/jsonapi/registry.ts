import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Area } from '../areas/area.ts';
import type { ImportModel } from '../areas/imports/models.ts';
import type { ActivityListener } from './audit.ts';
import type { RequestContext } from './context.ts';
import type { ResourceDefinition } from './define-resource.ts';

/** Reactions of other parts of the app to what the engine does, instead of calls from the engine. */
export interface EngineHooks {
  /** After each activity-log entry, in its transaction (the notifications area notifies followers). */
  activity?: ActivityListener;
  /** After a writing request's transaction commits, given the type written if one alone was (the session cache forgets who may do what). */
  afterCommit?: (written?: ResourceDefinition) => void;
  /** How a user is named in the engine's messages (a holder in a refusal): the admin area's. */
  userName?: UserName;
  /** The uploads these ids name, to check a document's upload addresses: the files area's. */
  uploads?: UploadsNamed;
}

export type UploadsNamed = (ctx: RequestContext, ids: string[]) => Promise<{ id: string; organization: string | null; type: string; record: string }[]>;

export type UserName = (ctx: RequestContext, userId: string | null | undefined) => Promise<string>;

/**
 * The types one app serves and the reactions to its writes. Each app builds its own from the
 * areas it is given (app.ts), so two apps in one process (a test's) never share declarations.
 */
export class Registry {
  private readonly types = new Map<string, ResourceDefinition>();
  readonly activity: ActivityListener[] = [];
  readonly afterCommit: ((written?: ResourceDefinition) => void)[] = [];
  /** A user's name for messages; without the admin area, a dash. */
  userName: UserName = async () => '—';
  /** The uploads a document names; without the files area, none exist. */
  uploads: UploadsNamed = async () => [];
  /** What users may import, by the name clients send (POST /imports, field `model`). */
  readonly importModels = new Map<string, ImportModel>();

  add(def: ResourceDefinition) {
    if (this.types.has(def.type)) throw new Error(`Resource type ${def.type} declared twice`);
    for (const name of Object.keys(def.policies?.actions ?? {}))
      if (!def.actions?.[name] || def.actions[name].collection) throw new Error(`The ${def.type} policy names ${name}, not a record action`);
    this.types.set(def.type, def);
  }

  addImportModel(model: ImportModel) {
    if (this.importModels.has(model.name)) throw new Error(`Import model ${model.name} declared twice`);
    this.importModels.set(model.name, model);
  }

  hook(hooks: EngineHooks) {
    if (hooks.activity) this.activity.push(hooks.activity);
    if (hooks.afterCommit) this.afterCommit.push(hooks.afterCommit);
    if (hooks.userName) this.userName = hooks.userName;
    if (hooks.uploads) this.uploads = hooks.uploads;
  }

  /**
   * Every writable relationship names a type of this registry: an area needs the areas it writes
   * to. A read-only one to an absent type (locations' contacts without the CRM) is only an
   * include, which this app then refuses as unknown (400).
   */
  check() {
    for (const def of this.types.values())
      for (const [name, rel] of Object.entries(def.relationships ?? {}))
        if (rel.kind !== 'polymorphic' && !rel.readOnly && !this.types.has(rel.type))
          throw new Error(`${def.type}.${name} points to ${rel.type}, which no area given to the app declares`);
    for (const model of this.importModels.values())
      if (!this.types.has(model.type)) throw new Error(`Import model ${model.name} writes ${model.type}, which no area given to the app declares`);
    const unstored = [...this.types.values()].flatMap((def) => this.missingColumns(def));
    if (unstored.length) throw new Error(`Declared but not stored: ${unstored.join('; ')}`);
  }

  /**
   * Each stored attribute and relationship of a type against the tables: the column its value is
   * read from and written to exists (a renamed column or a misspelt key fails the start, not a request).
   */
  private missingColumns(def: ResourceDefinition): string[] {
    const problems: string[] = [];
    const need = (table: PgTable, columns: (string | undefined)[], what: string) => {
      const have = getTableColumns(table);
      for (const column of columns)
        if (column !== undefined && !Object.hasOwn(have, column)) problems.push(`${def.type}.${what} has no column ${column} in ${getTableName(table)}`);
    };
    for (const [name, a] of Object.entries(def.attributes)) if (!a.virtual) need(def.table, [a.column ?? name], name);
    for (const [name, rel] of Object.entries(def.relationships ?? {})) {
      if (rel.kind === 'belongsTo' || rel.kind === 'idArray') need(def.table, [rel.column], name);
      else if (rel.kind === 'manyToMany') need(rel.through, [rel.local, rel.foreign], name);
      else if (rel.kind === 'containedIn' && this.types.has(rel.type)) need(this.resource(rel.type).table, [rel.column], name);
      else if ((rel.kind === 'hasMany' || rel.kind === 'ownsMany') && this.types.has(rel.type)) need(this.resource(rel.type).table, [rel.foreignKey, rel.order], name);
    }
    return problems;
  }

  has(type: string) {
    return this.types.has(type);
  }

  /** The declaration of a type the client names (undefined when this app does not serve it). */
  find(type: string): ResourceDefinition | undefined {
    return this.types.get(type);
  }

  /** The declaration of a type the server names (a relationship's): its absence is a bug. */
  resource(type: string): ResourceDefinition {
    const def = this.types.get(type);
    if (!def) throw new Error(`Unknown resource type ${type}`);
    return def;
  }

  values() {
    return this.types.values();
  }

  keys() {
    return this.types.keys();
  }
}

/** The registry of the given areas' types, import models and reactions, checked. */
export function registryOf(areas: readonly Area[]): Registry {
  const registry = new Registry();
  for (const area of areas) {
    for (const def of area.resources) registry.add(def);
    for (const model of area.importModels ?? []) registry.addImportModel(model);
    if (area.hooks) registry.hook(area.hooks);
  }
  registry.check();
  return registry;
}
