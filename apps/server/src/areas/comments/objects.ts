import type { CommentObjectType } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { ResourceDefinition, Row } from '../../jsonapi/define-resource.ts';
import { inspectionFieldsResource } from '../inspections/inspection-fields.resource.ts';
import { versionById } from '../inspections/inspection-scoring.ts';
import { inspectionsResource } from '../inspections/inspections.resource.ts';
import { inspections } from '../inspections/inspections.table.ts';
import { estimationsResource } from '../estimations/estimations.resource.ts';
import { repairsResource } from '../repairs/repairs.resource.ts';

/** What a notification says of a commented record: its name, the page that shows it, its locations. */
export interface ObjectSummary {
  label: string;
  /** The record whose screen shows the thread (a field's is its inspection). */
  page: { type: string; id: string };
  location_ids: string[];
}

/** A type of record comments may be attached to. */
export interface CommentObject {
  /** Its resource: table, tenancy and view permission decide who sees the record and its comments. */
  resource: ResourceDefinition;
  summary(ctx: RequestContext, row: Row): Promise<ObjectSummary>;
}

async function inspectionOf(ctx: RequestContext, id: string) {
  const [row] = await ctx.db.select({ id: inspections.id, code: inspections.code, location_ids: inspections.location_ids, version: inspections.inspection_form_version_id }).from(inspections).where(eq(inspections.id, id));
  return row;
}

/** A record shown on its own screen, named by its code. */
const ownPage = (type: string, row: Row): ObjectSummary => ({ label: String(row.code ?? ''), page: { type, id: String(row.id) }, location_ids: (row.location_ids as string[]) ?? [] });

/**
 * The records comments may be attached to, by type: a fixed list on the server (a client names a
 * type, it is looked up here and nowhere else).
 */
const OBJECTS: Record<CommentObjectType, CommentObject> = {
  inspections: { resource: inspectionsResource, summary: async (_ctx, row) => ownPage('inspections', row) },
  'inspection-fields': {
    resource: inspectionFieldsResource,
    async summary(ctx, row) {
      const inspection = await inspectionOf(ctx, String(row.inspection_id));
      const version = await versionById(ctx.db, inspection.version);
      const name = version.fields.get(String(row.field_id))?.field.name;
      return {
        label: [inspection.code, name].filter(Boolean).join(' · '),
        page: { type: 'inspections', id: inspection.id },
        location_ids: inspection.location_ids,
      };
    },
  },
  estimations: { resource: estimationsResource, summary: async (_ctx, row) => ownPage('estimations', row) },
  repairs: { resource: repairsResource, summary: async (_ctx, row) => ownPage('repairs', row) },
};

export const COMMENT_OBJECTS: ReadonlyMap<string, CommentObject> = new Map(Object.entries(OBJECTS));
