import * as drizzle from 'drizzle-orm';
import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

/**
 * The text and parameters of a statement, as Drizzle's dialect.sqlToQuery() renders them, for the
 * engine's reads. Drizzle walks every chunk through a chain of entity checks and merges one object
 * per chunk: 13 % of the server's time on GET /users/{id}. This walk handles the chunks the engine
 * writes (text, nested SQL, parameters, plain columns and tables, names, lists) and hands anything
 * else to Drizzle, numbering on. With ATELIER_CHECK_RENDER=1 (the test suites) every statement is
 * also rendered by Drizzle and a difference throws, so each API test checks it.
 */
export function renderQuery(dialect: PgDialect, query: SQL): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  let text = '';
  const byDrizzle = (chunk: unknown) => {
    const q = new SQL([chunk as SQL]).toQuery({
      casing: (dialect as unknown as { casing: never }).casing,
      escapeName: dialect.escapeName,
      escapeParam: dialect.escapeParam,
      escapeString: dialect.escapeString,
      paramStartIndex: { value: params.length },
    });
    text += q.sql;
    params.push(...q.params);
  };
  const walk = (chunks: readonly unknown[]) => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) text += chunk.value.join('');
      else if (chunk instanceof SQL) {
        if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) byDrizzle(chunk);
        else walk(chunk.queryChunks);
      } else if (chunk instanceof Param) {
        if (chunk.value instanceof Placeholder) byDrizzle(chunk);
        else {
          const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
          if (value instanceof SQL) walk([value]);
          else text += `$${params.push(value)}`;
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
      } else if (chunk === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof chunk)) text += `$${params.push(chunk)}`;
      else byDrizzle(chunk);
    }
  };
  walk(query.queryChunks);
  if (CHECK) {
    const expected = dialect.sqlToQuery(query);
    if (expected.sql !== text || JSON.stringify(expected.params) !== JSON.stringify(params))
      throw new Error(`renderQuery differs from Drizzle:\n${text}\n${JSON.stringify(params)}\nDrizzle:\n${expected.sql}\n${JSON.stringify(expected.params)}`);
  }
  return { sql: text, params };
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
