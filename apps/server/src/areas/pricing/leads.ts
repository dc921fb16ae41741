import { CONDITION_LABELS, regionLocale, type FrameOffer, type Lead, type Locale, type PriceRequest, requestWorkflow } from '@atelier/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { t } from '../../i18n/index.ts';
import { permissions, rolePermissions, userRoles, users } from '../admin/admin.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { inTransaction } from '../../jsonapi/router.ts';
import { records } from '../../jsonapi/records.ts';
import { systemContext, type SystemBase } from '../../jsonapi/system.ts';
import type { requests } from '../requests/requests.table.ts';

type RequestRow = typeof requests.$inferSelect;

// A visitor of the frame who leaves their contact becomes an evaluation request of the
// organization (the requests area's table, numbered by its trigger), with the vehicle, the offer
// the frame showed and the contact in its notes; whoever dispatches requests is notified.

export interface LeadVehicle {
  vin: string | null;
  year: number;
  make: string;
  model: string;
  series: string | null;
  style: string | null;
}

const money = (locale: Locale, n: number) => new Intl.NumberFormat(regionLocale(locale), { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 }).format(n);

/** The request's notes: what the dealership reads first, in the visitor's language. */
function notesOf(locale: Locale, lead: Lead, vehicle: LeadVehicle | null, request: PriceRequest, offer: FrameOffer | null, host: string | null): string {
  const car = vehicle ? [vehicle.year, vehicle.make, vehicle.model, vehicle.series, vehicle.style].filter(Boolean).join(' ') : [request.year, request.make, request.model].filter(Boolean).join(' ') || request.vin;
  const shown = !offer ? t(locale, 'pricing.lead_no_price') : offer.display === 'range' ? `${money(locale, offer.low)} – ${money(locale, offer.high)}` : money(locale, offer.offer);
  return [
    t(locale, 'pricing.lead_from', { host: host ?? '—' }),
    `${t(locale, 'pricing.lead_contact')} ${[lead.name, lead.phone, lead.email].filter(Boolean).join(' · ')}`,
    `${t(locale, 'pricing.lead_vehicle')} ${car}, ${new Intl.NumberFormat(regionLocale(locale)).format(request.km)} km, ${request.province}, ${CONDITION_LABELS[request.condition][locale]}${request.accident ? `, ${t(locale, 'pricing.lead_accident')}` : ''}${request.rebuilt ? `, ${t(locale, 'pricing.lead_rebuilt')}` : ''}`,
    `${t(locale, 'pricing.lead_offer')} ${shown}`,
    t(locale, 'pricing.lead_consented'),
  ].join('\n');
}

/** Active users of the organization who may assign requests: they dispatch the lead. */
async function dispatchers(db: Db, organizationId: string): Promise<string[]> {
  // One statement, whatever the organization's size (a public route: no query per user).
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.user_id, users.id))
    .innerJoin(rolePermissions, eq(rolePermissions.role_id, userRoles.role_id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(and(eq(users.organization_id, organizationId), eq(users.active, true), eq(permissions.name, requestWorkflow.permissions.assign)));
  return rows.map((r) => r.id);
}

/**
 * Saves the lead as an evaluation request and notifies the dispatchers, in one transaction. Nobody
 * is signed in: the request is made through the engine in the system context of the frame's
 * organization (logged, the frame as its cause, the visitor named in the notices).
 */
export async function saveLead(
  base: SystemBase,
  input: { organizationId: string; locale: Locale; lead: Lead; vehicle: LeadVehicle | null; request: PriceRequest; offer: FrameOffer | null; host: string | null },
): Promise<{ id: string; code: string | null }> {
  const system = systemContext(base, input.organizationId, { cause: { type: 'vehicle-estimate-frames', id: input.organizationId }, locale: input.locale, name: input.lead.name });
  return inTransaction(system, async (ctx) => {
    const [row] = (await records(ctx, 'requests').create([
      {
        organization_id: input.organizationId,
        type: 'evaluation',
        vehicle_vin: input.vehicle?.vin ?? input.request.vin,
        notes: notesOf(input.locale, input.lead, input.vehicle, input.request, input.offer, input.host),
      },
    ])) as RequestRow[];
    const recipients = await dispatchers(ctx.db, input.organizationId);
    if (recipients.length)
      // direct write: the dispatchers' notices of the lead (infrastructure rows, as the notifier writes them)
      await ctx.db.insert(notifications).values(
        recipients.map((user) => ({
          user_id: user,
          organization_id: input.organizationId,
          event: 'created',
          subject_type: 'requests',
          subject_id: row.id,
          data: { label: row.code ?? '', causer_name: input.lead.name },
          location_ids: row.location_ids,
        })),
      );
    return { id: row.id, code: row.code };
  });
}
