import { sql, type BuildExtraConfigColumns } from 'drizzle-orm';
import { index, uniqueIndex, uuid, type AnyPgColumn, type PgColumnBuilderBase, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { at, listIndexes, oneOf, placedColumns } from '../../db/columns.ts';
import { tenantTable, userRef, type TenantColumns } from './admin.table.ts';

// What every workflow document of a vehicle (an inspection, an estimate, a repair) keeps the same
// way: whom it is assigned to, and the indexes its lists, its code and the "one in progress per
// vehicle" rule (spec §5) read. workDocumentTable() gives them to its table beside its own.

/** Assigned to users and/or roles (the assign action writes them), by whom and when. */
const assignmentColumns = () => ({
  assigned_user_ids: uuid('assigned_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
  assigned_role_ids: uuid('assigned_role_ids').array().notNull().default(sql`'{}'::uuid[]`),
  assigned_by_id: userRef('assigned_by_id'),
  assigned_at: at('assigned_at'),
});

interface WorkDocumentColumns {
  organization_id: AnyPgColumn;
  code: AnyPgColumn;
  created_at: AnyPgColumn;
  state: AnyPgColumn;
  vehicle_id: AnyPgColumn;
  location_ids: AnyPgColumn;
}

/**
 * Its code unique in its organization, its lists by date and by state, its vehicle, its
 * locations, its states, and one document of the table in progress per vehicle (across tables:
 * vehicles/work-in-progress.ts). Named `<table>_…` as the migrations made them.
 */
const workDocumentIndexes = (table: string, t: WorkDocumentColumns, states: readonly string[]) => [
  uniqueIndex(`${table}_org_code_unique`).on(t.organization_id, t.code),
  ...listIndexes(table, t),
  index(`${table}_org_state_idx`).on(t.organization_id, t.state),
  index(`${table}_vehicle_idx`).on(t.vehicle_id),
  uniqueIndex(`${table}_vehicle_in_progress_unique`).on(t.vehicle_id).where(sql`${t.state} = 'in_progress'`),
  oneOf(`${table}_state_check`, t.state, states),
];

type DocumentOwn<C> = C & ReturnType<typeof assignmentColumns> & ReturnType<typeof placedColumns>;

/**
 * A workflow document's table: its own columns (a code, a state and a vehicle among them), then
 * its assignment and filing; its own indexes after the workDocumentIndexes().
 */
export const workDocumentTable = <N extends string, C extends Record<string, PgColumnBuilderBase> & Record<'code' | 'state' | 'vehicle_id', PgColumnBuilderBase>>(
  name: N,
  states: readonly string[],
  columns: C,
  extra: (t: BuildExtraConfigColumns<N, TenantColumns<DocumentOwn<C>>, 'pg'>) => PgTableExtraConfigValue[],
) =>
  tenantTable(name, { ...columns, ...assignmentColumns(), ...placedColumns() } as DocumentOwn<C>, (t) => [
    ...workDocumentIndexes(name, t, states),
    ...extra(t),
  ]);
