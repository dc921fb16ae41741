import { PromisedTime } from '../../components/PromisedTime.tsx';
import { Badge } from '@mantine/core';
import { requestWorkflow, type RecordOf } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import type { User } from '../../api/types.ts';
import type { GlobalSelection } from '../../app/session.ts';
import { relationOf } from '../../components/resource/recordNames.tsx';
import type { RelationConfig } from '../../components/resource/RelationSelect.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { PRIORITY_COLORS, requestEnums } from './enums.ts';
import { listPath } from '../../app/resources.ts';

type Request = RecordOf<'requests'>;

/** "2003 Honda Accord" (what people say), falling back to the VIN. */
export function vehicleName(v: Model | null | undefined): string {
  if (!v) return '';
  const name = [v.model_year, v.make, v.model].filter((x) => x !== null && x !== undefined && x !== '').join(' ');
  return name || String(v.vin ?? '');
}

/** The users work is given to: the active ones. */
export const activeUsers: RelationConfig = { ...relationOf('users'), filter: { active: true } };

export function PriorityBadge({ priority }: { priority: unknown }) {
  if (priority === null || priority === undefined) return null;
  return (
    <Badge color={PRIORITY_COLORS[String(priority)] ?? 'gray'} variant={String(priority) === '30' ? 'filled' : 'light'} data-priority={String(priority)}>
      {requestEnums.priority(priority)}
    </Badge>
  );
}

/** "212 400 km" in fr-CA, "212,400 km" in en-CA. */
export function odometerText(v: Model): string {
  if (v.odometer === null || v.odometer === undefined) return '';
  const unit = v.odometer_unit === 'miles' ? 'mi' : 'km';
  return `${formatNumber(Number(v.odometer), currentLocale())} ${unit}`;
}

export const REQUESTS_PATH = listPath('requests');
export const QUICK_REQUEST_HREF = `${REQUESTS_PATH}?action=add_quick_request`;

/** The vehicle of a request: its record's name, else the VIN or stock number typed. */
export function requestVehicle(r: Model & { vehicle?: Model | null; vehicle_vin?: string | null; vehicle_sku?: string | null }): string {
  return r.vehicle ? vehicleName(r.vehicle) : (r.vehicle_vin ?? r.vehicle_sku ?? '');
}

/** A request as people name it: its code, its type and its vehicle (D-2026-0003 · Inspection · Honda Accord 2003). */
export function requestTitle(r: Request): string {
  return [r.code, requestEnums.type(r.type), requestVehicle(r)].filter(Boolean).join(' · ');
}

/** A request's due time, said late past it while the request is open. */
export function DueDate({ request, withTime }: { request: Pick<Request, 'due_at' | 'state'>; withTime?: boolean }) {
  return <PromisedTime at={request.due_at} state={request.state} workflow={requestWorkflow} withTime={withTime} />;
}


/**
 * The locations of a new record (spec §5: new records take their allowedLocations from the current
 * user): the locations chosen in the global selector, else the user's own, so that colleagues
 * restricted to one of those locations see it.
 */
export function newRecordLocations(me: User, sel: GlobalSelection): string[] {
  if (sel.locations.length > 0) return [...sel.locations];
  return (me.allowedLocations ?? []).map((l) => l.id);
}
