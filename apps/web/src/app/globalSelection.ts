import type { Permission } from '@atelier/domain';
import type { Id } from '../api/jsonapi.ts';
import type { Location, User } from '../api/types.ts';

/**
 * Rules of the global location and organization selection (spec platform §2 Shell layout, §4
 * Global selection, §5 location selector rule). Pure functions, unit-tested.
 */
export const GLOBAL_LOCATION_DEBOUNCE_MS = 1000;

/** What the rules read of the signed-in user: ids only. */
type Me = Pick<User, 'restrict_to_locations'> & { allowedLocations?: { id: Id }[]; organization?: { id: Id } | null };
type Loc = Pick<Location, 'id'> & { organization?: { id: Id } | null };

const parseIds = (raw: string | null): Id[] => {
  if (!raw) return [];
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

/** Restricted users get their allowed locations; others what they stored. */
export function initialLocations(me: Me, stored: string | null): Id[] {
  if (me.restrict_to_locations) return (me.allowedLocations ?? []).map((l) => l.id);
  return parseIds(stored);
}

/** Disabled when the user is restricted to one location (or none). */
export function selectorDisabled(me: Me): boolean {
  return Boolean(me.restrict_to_locations) && (me.allowedLocations ?? []).length <= 1;
}

/** The organization of the selection is the first chosen location's. */
export function selectionOrganization(selected: readonly Loc[]): Id | null {
  return selected[0]?.organization?.id ?? null;
}

/** Only locations of the same organization as the first chosen one can be added. */
export function optionDisabled(option: Loc, selected: readonly Loc[]): boolean {
  if (selected.some((s) => s.id === option.id)) return false;
  const org = selectionOrganization(selected);
  if (!org) return false;
  return option.organization?.id !== org;
}

/** Applies a change from the picker: restricted users stay inside their allowed locations. */
export function applySelection(me: Me, next: readonly Id[]): Id[] {
  const ids = [...new Set(next)];
  if (!me.restrict_to_locations) return ids;
  const allowed = (me.allowedLocations ?? []).map((l) => l.id);
  const kept = ids.filter((id) => allowed.includes(id));
  return kept.length > 0 ? kept : allowed;
}

/** A user's own organization is the global organization; platform and reseller users choose one. */
export function initialOrganization(me: Me, stored: string | null): Id | null {
  if (me.organization?.id) return me.organization.id;
  return stored && stored !== 'null' ? stored : null;
}

export const canChooseOrganization = (me: Me) => !me.organization;

/**
 * Whether the location selector lists the user's own locations (from /me) rather than asking
 * GET /locations: for a restricted user, and for anyone who may not list locations (a 403 on
 * every page otherwise).
 */
export const ownLocationsOnly = (me: Me, can: (permission: Permission) => boolean) =>
  Boolean(me.restrict_to_locations) || !can('view any locations');
