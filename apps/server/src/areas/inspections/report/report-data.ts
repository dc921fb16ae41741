import { buildInspectionReport, customerName, textIn, personName, scoreInspection, type InspectionState, type Locale, type ReportModel } from '@atelier/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { locations, organizations, resellers, users } from '../../admin/admin.table.ts';
import { customers } from '../../crm/crm.table.ts';
import { vehicles } from '../../vehicles/vehicles.table.ts';
import { inspectionForms } from '../inspection-forms.table.ts';
import { answersOf, fieldsOfInspection, scoredVehicle, versionById, type InspectionRow } from '../inspection-scoring.ts';
import { documentFooterOf } from '../../../reports/footer.ts';
import { partyOf, type Party } from '../../../reports/header.ts';
import { loadImages, wantedImages, type ImageSource } from '../../../reports/images.ts';
import type { Storage } from '../../../storage/storage.ts';

// Everything a report prints, read once: the inspection, its frozen form, answers and scores,
// who and what it is about, and the pictures (downscaled). report-pdf.ts only draws it.

export interface ReportData {
  locale: Locale;
  state: InspectionState;
  code: string;
  formName: string;
  formVersion: number;
  organization: Party;
  location: Party | null;
  vehicle: { vin: string; year: number | null; make: string | null; model: string | null; odometer: number | null; unit: string } | null;
  customer: string | null;
  inspector: string | null;
  dates: { created_at: string; started_at: string | null; completed_at: string | null; approved_at: string | null };
  comments: string | null;
  /** The inspection's own photos (the fields' are in the model). */
  photos: string[];
  model: ReportModel;
  reminders: string[];
  /** The pictures, by the URL the inspection or its fields name (still loading: the PDF draws its text meanwhile). */
  images: ImageSource;
  logo: string | null;
  signature: string | null;
  /** The settings' document footer, on every page. */
  documentFooter: string | null;
}

/**
 * Reads what the report of an inspection shows, in `locale` (with its pictures unless `images` is
 * false: the public summary shows none). The caller has checked who may read it.
 */
export async function reportData(db: Db, storage: Storage, row: InspectionRow, locale: Locale, { images: withImages = true } = {}): Promise<ReportData> {
  const [version, fields, vehicle] = await Promise.all([versionById(db, row.inspection_form_version_id), fieldsOfInspection(db, row.id), scoredVehicle(db, row)]);
  const [[organization], [form], [car], [customer], people, [location], documentFooter] = await Promise.all([
    db.select().from(organizations).where(eq(organizations.id, row.organization_id)),
    db.select({ name: inspectionForms.name }).from(inspectionForms).where(eq(inspectionForms.id, row.inspection_form_id)),
    row.vehicle_id ? db.select().from(vehicles).where(eq(vehicles.id, row.vehicle_id)) : [],
    row.customer_id ? db.select().from(customers).where(eq(customers.id, row.customer_id)) : [],
    db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
      .from(users)
      .where(inArray(users.id, [row.completed_by_id, row.holder_id, row.started_by_id].filter((id): id is string => Boolean(id)))),
    row.location_ids.length ? db.select().from(locations).where(inArray(locations.id, row.location_ids)).orderBy(locations.name).limit(1) : [],
    documentFooterOf(db, row.organization_id),
  ]);
  const [reseller] = organization.reseller_id ? await db.select({ app_logo: resellers.app_logo }).from(resellers).where(eq(resellers.id, organization.reseller_id)) : [];

  const score = scoreInspection(version.compiled, answersOf(fields), vehicle);
  // A completed inspection keeps the scores it was completed with (score_data); visibility is the engine's.
  const kept = row.score_data ?? score;
  const model = buildInspectionReport(version.structure, fields, { ...score, vehicle_score: kept.vehicle_score, note: kept.note, sectionsScores: kept.sectionsScores }, locale);

  const person = (id: string | null) => {
    const user = people.find((p) => p.id === id);
    return user ? personName(user) || null : null;
  };
  const logo = reseller?.app_logo ?? null;
  const photos = [...new Set([...row.images, ...model.sections.flatMap((s) => s.subSections.flatMap((sub) => sub.fields.flatMap((f) => f.images)))])];
  const wanted = wantedImages({ photos, signature: row.signature, logo });
  const owners = { organizationId: row.organization_id, resellerId: organization.reseller_id };
  const images: ImageSource = withImages ? loadImages(db, storage, wanted, owners) : new Map();

  return {
    locale,
    state: row.state,
    code: row.code ?? '',
    formName: form?.name ?? '',
    formVersion: row.form_version,
    organization: partyOf(organization),
    location: location ? partyOf(location) : null,
    vehicle: car ? { vin: car.vin, year: car.model_year, make: car.make, model: car.model, odometer: row.odometer ?? car.odometer, unit: car.odometer_unit } : null,
    customer: customer ? customerName(customer) : null,
    inspector: person(row.completed_by_id) ?? person(row.holder_id) ?? person(row.started_by_id),
    dates: { created_at: row.created_at, started_at: row.started_at, completed_at: row.completed_at, approved_at: row.approved_at },
    comments: row.comments?.trim() || null,
    photos: row.images,
    model,
    reminders: version.structure.reminders.map((r) => textIn(r, locale)),
    images,
    logo,
    signature: row.signature,
    documentFooter,
  };
}
