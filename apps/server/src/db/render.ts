import * as drizzle from 'drizzle-orm';
import { Column, Name, Param, Placeholder, SQL, StringChunk, Table, type SQLChunk } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

/**
 * The text and parameters of a statement, as Drizzle's dialect.sqlToQuery() renders them, for the
 * engine's reads. Drizzle walks every chunk through a chain of entity checks and merges one object
 * per chunk: 13 % of the server's time on GET /users/{id}. This walk handles the chunks the engine
 * writes (text, nested SQL, parameters, plain columns and tables, names, lists) and hands anything
 * else to Drizzle, numbering on. With ATELIER_CHECK_RENDER=1 (the test suites) every statement is
 * also rendered by Drizzle and a difference throws, so each API test checks it.
 */
export function renderQuery(dialect: PgDialect, query: SQL): { sql: string; params: unknown[]; fragments: Fragment[] } {
  const rendered = render(dialect, query, false);
  if (CHECK) {
    const expected = dialect.sqlToQuery(query);
    if (expected.sql !== rendered.sql || JSON.stringify(expected.params) !== JSON.stringify(rendered.params))
      throw new Error(
        `renderQuery differs from Drizzle:\n${rendered.sql}\n${JSON.stringify(rendered.params)}\nDrizzle:\n${expected.sql}\n${JSON.stringify(expected.params)}`,
      );
  }
  return rendered;
}

/**
 * A dynamic piece of a statement (a tenancy scope, a client's filters, ids), rendered on its own:
 * its text, where each parameter is a mark, and its values. A statement holding fragments renders
 * them in place, numbering their parameters on, and tells which fragments it met, in order: with
 * that, a cached text of the statement gets its parameters from new fragments of the same texts
 * (select.ts).
 */
export class Fragment extends SQL {
  /** Its SQL, or how to build it (lazy). */
  private source: SQL | (() => SQL);
  constructor(
    /** The SQL it came from, or how to build it: then built only if something renders it as SQL (so never one that inlines its parameters). */
    source: SQL | (() => SQL),
    readonly text: string,
    readonly params: unknown[],
    /** Whether text holds exactly one mark per parameter (else the fragment renders from its source). */
    readonly exact: boolean,
  ) {
    super([]);
    this.source = source;
    if (typeof source !== 'function' && (source as unknown as { shouldInlineParams: boolean }).shouldInlineParams) this.inlineParams();
  }

  // Drizzle (and the check of ATELIER_CHECK_RENDER) renders it as the SQL it came from. A read by
  // id's WHERE, whose text is known, is built only then: building it for nothing cost 3.5 % of the request.
  // @ts-expect-error an accessor over SQL's property, which SQL's constructor sets (to nothing here)
  override get queryChunks(): SQLChunk[] {
    if (typeof this.source === 'function') this.source = this.source();
    return this.source.queryChunks;
  }
  override set queryChunks(_: SQLChunk[]) {}
}

// A parameter's mark in a fragment's text: control characters, which the engine's SQL never holds
// (values are parameters); a text where they appear otherwise is not used (`exact`).
// eslint-disable-next-line no-control-regex -- the marks are control characters on purpose
const MARK = /\u0001(\d+)\u0002/g;
const MARK_CHAR = '\u0001';

/** A piece of SQL as a Fragment. */
export function renderFragment(dialect: PgDialect, query: SQL): Fragment {
  const { sql: text, params } = render(dialect, query, true);
  const marks = text.split(MARK_CHAR).length - 1;
  return new Fragment(query, text, params, marks === params.length && (text.match(MARK) ?? []).length === marks);
}

function render(dialect: PgDialect, query: SQL, mark: boolean): { sql: string; params: unknown[]; fragments: Fragment[] } {
  const params: unknown[] = [];
  const fragments: Fragment[] = [];
  const placeholder = (n: number) => (mark ? `\u0001${n}\u0002` : `$${n}`);
  let text = '';
  const byDrizzle = (chunk: unknown) => {
    const q = new SQL([chunk as SQL]).toQuery({
      casing: (dialect as unknown as { casing: never }).casing,
      escapeName: dialect.escapeName,
      escapeParam: mark ? (num: number) => placeholder(num + 1) : dialect.escapeParam,
      escapeString: dialect.escapeString,
      paramStartIndex: { value: params.length },
    });
    text += q.sql;
    params.push(...q.params);
  };
  const walk = (chunks: readonly unknown[]) => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) text += chunk.value.join('');
      else if (chunk instanceof Fragment && chunk.exact) {
        const base = params.length;
        text += chunk.text.replace(MARK, (_, n: string) => placeholder(base + Number(n)));
        params.push(...chunk.params);
        fragments.push(chunk);
      }
      else if (chunk instanceof SQL) {
        if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) byDrizzle(chunk);
        else walk(chunk.queryChunks);
      } else if (chunk instanceof Param) {
        if (chunk.value instanceof Placeholder) byDrizzle(chunk);
        else {
          const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
          if (value instanceof SQL) walk([value]);
          else text += placeholder(params.push(value));
        }
      } else if (chunk instanceof Column) {
        if (!plain(chunk.table) || chunk.keyAsName) byDrizzle(chunk);
        else text += `${dialect.escapeName(nameOf(chunk.table))}.${dialect.escapeName(chunk.name)}`;
      } else if (chunk instanceof Table) {
        if (!plain(chunk)) byDrizzle(chunk);
        else text += dialect.escapeName(nameOf(chunk));
      } else if (chunk instanceof Name) text += dialect.escapeName(chunk.value);
      else if (chunk === undefined) continue;
      else if (Array.isArray(chunk)) {
        text += '(';
        chunk.forEach((c, i) => {
          if (i) text += ', ';
          walk([c]);
        });
        text += ')';
      } else if (chunk === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof chunk)) text += placeholder(params.push(chunk));
      else byDrizzle(chunk);
    }
  };
  walk(query.queryChunks);
  return { sql: text, params, fragments };
}

const CHECK = process.env.ATELIER_CHECK_RENDER === '1';

// Drizzle's own marks on a table (not in its typings): its name, schema, and whether it is an alias.
const symbols = (Table as unknown as { Symbol: { Name: symbol; Schema: symbol } }).Symbol;
const IS_ALIAS = (drizzle as unknown as { IsAlias: symbol }).IsAlias;
const nameOf = (table: Table) => (table as unknown as Record<symbol, string>)[symbols.Name];

/** A table without a schema or an alias: written as its name alone. */
const plain = (table: Table) => {
  const marks = table as unknown as Record<symbol, unknown>;
  return !marks[IS_ALIAS] && marks[symbols.Schema] === undefined;
};
