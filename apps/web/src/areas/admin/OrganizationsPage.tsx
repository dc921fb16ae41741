import type { FieldEntry } from '../../components/resource/declared.tsx';
import { SimpleResourcePage } from './SimpleResourcePage.tsx';

export const organizationFields: FieldEntry<'organizations'>[] = ['name', 'phone', { name: 'address', kind: 'textarea' }, 'owner', 'reseller', 'created_at'];

export default function OrganizationsPage() {
  return (
    <SimpleResourcePage
      type="organizations"
      title="admin:organizations.title"
      recordTitle="admin:organizations.record"
      newTitle="admin:organizations.new"
      listInclude="owner,reseller"
      include="owner,reseller"
      columns={['name', { key: 'phone', visibleFrom: 'sm' }, { key: 'owner', visibleFrom: 'md' }, { key: 'reseller', visibleFrom: 'md' }, 'created_at']}
      fields={organizationFields}
    />
  );
}
