import { WIDGET_MEASURES, bestValue, parseRangeOption, scoreInspection, type FieldAction, type FieldAnswer, type FieldType, type Measure } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rowsOf, type Db } from '../../db/client.ts';
import { scoreColumns, scoredVehicle, touchedSections, versionById } from './inspection-scoring.ts';
import { inspectionFields, inspections } from './inspections.table.ts';
import { freezeVersion, type FrozenField } from './versions.ts';

// A completed demo inspection, so that the report, its PDF and share links can be tried at once:
// Garage Démo's Hyundai Kona, for Transport Laval (an English-speaking customer), every field
// answered, a few with work to do, signed.

/** What the demo says the inspector saw, for the fields it does not answer "all good". */
const FINDINGS: Record<string, Partial<FieldAnswer> & { comment?: string }> = {
  TIRE_STATE_WIDGET: { value: { value: 'to_replace', depth_mm: 2.5, pressure_psi: 31 }, action: 'replace', comment: 'Usure avancée à l’intérieur : à remplacer avant l’hiver.' },
  PAD_THICKNESS_WIDGET: { value: { value: 'bad', thickness_mm: 3 }, action: 'schedule', comment: 'Plaquettes à 3 mm : prévoir au prochain entretien.' },
  STATE_WIDGET: { value: { value: 'bad' }, action: 'repair', comment: 'Éclat sur le pare-brise, côté passager.' },
};

const GOOD_MEASURES: Record<Measure, number> = { depth_mm: 7.5, pressure_psi: 35, amps: 650, volts: 12.6, thickness_mm: 9 };

/** A good answer for a field: its best option, a number in its best range, measures for widgets (the report test's too). */
export function goodValue(field: FrozenField): unknown {
  const measures = Object.fromEntries((WIDGET_MEASURES[field.field_type as FieldType] ?? []).map((m) => [m, GOOD_MEASURES[m]]));
  const best = bestValue(field, measures);
  if (best !== undefined) return best;
  if (field.field_type === 'TEXT') return 'RAS';
  const ranges = field.points_threshold.map((o) => ({ range: parseRangeOption(o.option), points: Number(o.points) })).filter((r) => r.range);
  const top = ranges.sort((a, b) => b.points - a.points)[0]?.range;
  return top ? Math.round((top.min + top.max) / 2) : 0;
}

/** The signature: a few strokes drawn as SVG, turned into the PNG data URL a signature pad gives. */
async function demoSignature(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120"><path d="M20 80 C 40 20, 60 20, 70 70 S 100 110, 120 60 S 150 20, 170 70 L 190 50 C 210 30, 230 90, 250 60 S 300 40, 330 75" fill="none" stroke="#1a1a1a" stroke-width="3" stroke-linecap="round"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export async function seedDemoCompletedInspection(db: Db) {
  const id = async (query: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await db.execute(query))[0].id;
  const garage = await id(sql`SELECT id FROM organizations WHERE name = 'Garage Démo'`);
  const inspector = await id(sql`SELECT id FROM users WHERE email = 'inspector@atelier.test'`);
  const manager = await id(sql`SELECT id FROM users WHERE email = 'manager@atelier.test'`);
  const form = await id(sql`SELECT id FROM inspection_forms WHERE organization_id = ${garage} ORDER BY created_at, id LIMIT 1`);
  const vehicle = await id(sql`SELECT id FROM vehicles WHERE vin = 'KM8K2CAB4PU001140' AND organization_id = ${garage}`);
  const customer = await id(sql`SELECT id FROM customers WHERE company_name = 'Transport Laval inc.' AND organization_id = ${garage}`);
  const location = await id(sql`SELECT id FROM locations WHERE name = 'Garage Démo Laval'`);
  const version = await freezeVersion(db, form);
  const [row] = await db
    .insert(inspections)
    .values({
      organization_id: garage,
      inspection_form_id: form,
      inspection_form_version_id: version.id,
      form_version: version.number,
      state: 'completed',
      vehicle_id: vehicle,
      customer_id: customer,
      creator_id: manager,
      assigned_user_ids: [inspector],
      assigned_by_id: manager,
      started_by_id: inspector,
      completed_by_id: inspector,
      assigned_at: sql`now() - interval '2 days'`,
      started_at: sql`now() - interval '1 day 2 hours'`,
      completed_at: sql`now() - interval '1 day'`,
      odometer: 18_650,
      comments: 'Véhicule propre, entretien à jour. Pneus avant à remplacer avant l’hiver.',
      signature: await demoSignature(),
      location_ids: [location],
    })
    .returning();
  const loaded = await versionById(db, row.inspection_form_version_id);
  const answers: Record<string, FieldAnswer & { comment?: string }> = {};
  const found = new Set<string>();
  for (const { field } of loaded.fields.values()) {
    // The first field of a type with a finding gets it; the others are good.
    const finding = !found.has(field.field_type) && Object.hasOwn(FINDINGS, field.field_type) ? FINDINGS[field.field_type] : undefined;
    if (finding) found.add(field.field_type);
    answers[field.id] = { value: finding?.value ?? goodValue(field), action: finding?.action ?? null, touched: true, not_applicable: false, comment: finding?.comment };
  }
  // Its fields answered and scored in one statement (the seed runs before every API test file).
  const score = scoreInspection(loaded.compiled, answers, await scoredVehicle(db, row));
  await db.insert(inspectionFields).values(
    loaded.compiled.fields.map((f, position) => {
      const a = answers[f.id];
      const s = score.fields[f.id];
      return {
        organization_id: garage,
        inspection_id: row.id,
        field_id: f.id,
        position,
        value: a.value,
        action: a.action as FieldAction | null,
        touched: true,
        comment: a.comment ?? null,
        points: String(s.points),
        max_points: String(s.max_points),
        score: s.score,
      };
    }),
  );
  await db
    .update(inspections)
    .set({ ...scoreColumns(score), touched_sections: touchedSections(loaded, answers), updated_at: sql`completed_at` })
    .where(eq(inspections.id, row.id));
}
