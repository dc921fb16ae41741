import { customerName, personName, type DocumentParty, type DocumentVehicle, type TaxRate } from '@atelier/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { locations, organizations, resellers, users } from '../areas/admin/admin.table.ts';
import { customers } from '../areas/crm/crm.table.ts';
import { suppliers } from '../areas/purchases/purchases.table.ts';
import { taxes } from '../areas/settings/settings.table.ts';
import { resellerTaxes } from '../areas/reseller/reseller.table.ts';
import { vehicles } from '../areas/vehicles/vehicles.table.ts';
import { documentFooterOf } from './footer.ts';
import { partyOf } from './header.ts';

// What the quote and the work order read besides their own rows: who the document is from (the
// organization, its reseller's logo, the record's first location) and for (the customer, the
// vehicle), the settings' document footer, and the names of the people, suppliers and tax rates
// their items point at. Each loader (areas/estimations/report, areas/repairs/report) builds its
// domain model from these.

/** The columns of an estimation or a repair the documents' parties come from. */
export interface DocumentRecord {
  organization_id: string;
  location_ids: readonly string[];
  vehicle_id: string | null;
  customer_id: string | null;
  /** The reading of the document's visit (issue 20 point 6): printed rather than the vehicle's now. */
  odometer: number | null;
}

export interface DocumentParties {
  organization: DocumentParty & { logo: string | null };
  /** For loadImages: the reseller whose logo the document may print. */
  owners: { organizationId: string; resellerId: string | null };
  location: DocumentParty | null;
  vehicle: DocumentVehicle | null;
  customer: DocumentParty | null;
  /** The options a document model reads (GET /options' map): the document footer. */
  options: Record<string, unknown>;
}

const some = <T>(ids: readonly (T | null | undefined)[]) => [...new Set(ids.filter((id): id is T => id !== null && id !== undefined))];

/** The document's parties and footer, read at once. */
export async function documentParties(db: Db, row: DocumentRecord): Promise<DocumentParties> {
  const [[organization], [location], [car], [customer], footer] = await Promise.all([
    db.select().from(organizations).where(eq(organizations.id, row.organization_id)),
    // As the inspection report: the record's first location by name.
    row.location_ids.length ? db.select().from(locations).where(inArray(locations.id, [...row.location_ids])).orderBy(locations.name).limit(1) : [],
    row.vehicle_id ? db.select().from(vehicles).where(eq(vehicles.id, row.vehicle_id)) : [],
    row.customer_id ? db.select().from(customers).where(eq(customers.id, row.customer_id)) : [],
    documentFooterOf(db, row.organization_id),
  ]);
  // Organizations have no logo of their own yet: the reseller's app logo, as on the inspection report.
  const [reseller] = organization.reseller_id ? await db.select({ app_logo: resellers.app_logo }).from(resellers).where(eq(resellers.id, organization.reseller_id)) : [];
  return {
    organization: { ...partyOf(organization), logo: reseller?.app_logo ?? null },
    owners: { organizationId: row.organization_id, resellerId: organization.reseller_id },
    location: location ? partyOf(location) : null,
    vehicle: car ? { vin: car.vin, year: car.model_year, make: car.make, model: car.model, odometer: row.odometer ?? car.odometer, unit: car.odometer_unit } : null,
    customer: customer ? partyOf({ ...customer, name: customerName(customer) }) : null,
    options: footer ? { 'general.document_footer': footer } : {},
  };
}

/** Users' names by id (an unknown or deleted user is left out). */
export async function namesOf(db: Db, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = some(ids);
  const rows = wanted.length ? await db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname }).from(users).where(inArray(users.id, wanted)) : [];
  return new Map(rows.map((u) => [u.id, personName(u)]));
}

/** Suppliers' names by id. */
export async function supplierNames(db: Db, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = some(ids);
  const rows = wanted.length ? await db.select({ id: suppliers.id, name: suppliers.company_name }).from(suppliers).where(inArray(suppliers.id, wanted)) : [];
  return new Map(rows.map((s) => [s.id, s.name]));
}

/** Where a kind of tax group keeps its taxes: an organization's (taxes), a reseller's (reseller_taxes). */
export interface TaxSource {
  table: typeof taxes | typeof resellerTaxes;
  group: typeof taxes.tax_group_id | typeof resellerTaxes.reseller_tax_group_id;
}
const ORGANIZATION_TAXES: TaxSource = { table: taxes, group: taxes.tax_group_id };

/** The taxes of each tax group, in the group's order (a line without a group is not taxed). */
export async function taxesOfGroups(db: Db, ids: readonly (string | null | undefined)[], source: TaxSource = ORGANIZATION_TAXES): Promise<Map<string, TaxRate[]>> {
  const wanted = some(ids);
  const { table, group } = source;
  const rows = wanted.length
    ? await db
        .select({ group, code: table.code, rate: table.rate, type: table.type })
        .from(table)
        .where(inArray(group, wanted))
        .orderBy(asc(table.position), asc(table.id))
    : [];
  const groups = new Map<string, TaxRate[]>();
  for (const { group, ...tax } of rows) groups.set(group, [...(groups.get(group) ?? []), tax]);
  return groups;
}
