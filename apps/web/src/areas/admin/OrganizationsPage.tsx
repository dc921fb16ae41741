import { useMe } from '../../app/AppData.tsx';
import type { FieldEntry } from '../../components/resource/declared.tsx';
import { writeListState } from '../../components/resource/listState.ts';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

export const organizationFields: FieldEntry<'organizations'>[] = ['name', 'phone', { name: 'address', kind: 'textarea' }, 'owner', 'reseller', 'created_at'];

/** The reseller's own record in its list's drawer. */
export const resellerHref = (id: string) => `/admin/resellers?${writeListState(new URLSearchParams(), { id, action: 'view' }).toString()}`;

export default function OrganizationsPage() {
  const { can } = useMe();
  // The reseller's name is a link only for who may read resellers (platform §6).
  const resellerLink = can('view any resellers');
  return (
    <SimpleResourcePage
      type="organizations"
      listInclude="owner,reseller"
      include="owner,reseller"
      columns={['name', { key: 'phone', visibleFrom: 'sm' }, { key: 'owner', visibleFrom: 'md' }, { key: 'reseller', visibleFrom: 'md', linkTo: (row) => (resellerLink && row.reseller ? resellerHref(row.reseller.id) : null) }, 'created_at']}
      fields={organizationFields}
    />
  );
}
