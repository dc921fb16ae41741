import type { Model } from '../../api/jsonapi.ts';

/** The column a list shows when its rows may come from several organizations. */
export interface OrganizationColumn {
  key: 'organization';
  label: string;
  render: (row: Model) => string;
}

export const ORGANIZATION_COLUMN: OrganizationColumn = {
  key: 'organization',
  label: 'common:list.organization',
  render: (row) => String((row.organization as Model | null | undefined)?.name ?? ''),
};

/**
 * Lists that span organizations (a platform administrator's, a reseller's) say which organization
 * each row belongs to: when the signed-in user has no organization and the type's rows belong to
 * one (app-config's organization_types), the column comes right after the primary one and
 * `organization` joins the list's include. A screen that shows the column itself keeps its own.
 */
export function withOrganizationColumn<C extends { key: string; primary?: boolean }>(
  columns: C[],
  include: string | undefined,
  { type, organizationTypes, userHasOrganization }: { type: string; organizationTypes: readonly string[] | undefined; userHasOrganization: boolean },
): { columns: (C | OrganizationColumn)[]; include: string | undefined } {
  if (userHasOrganization || !organizationTypes?.includes(type) || columns.some((c) => c.key === 'organization')) return { columns, include };
  const names = (include ?? '').split(',').filter(Boolean);
  const at = Math.max(0, columns.findIndex((c) => c.primary)) + 1;
  return {
    columns: [...columns.slice(0, at), ORGANIZATION_COLUMN, ...columns.slice(at)],
    include: names.includes('organization') ? include : [...names, 'organization'].join(','),
  };
}
