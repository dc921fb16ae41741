import type { Organization } from '../../api/types.ts';
import type { FieldDef } from '../../components/resource/RecordForm.tsx';
import { byFullName, dateCell, relations } from './common.tsx';
import { SimpleResourcePage } from './SimpleResourcePage.tsx';

export const organizationFields: FieldDef[] = [
  { name: 'name', label: 'admin:fields.name', kind: 'text', required: true },
  { name: 'phone', label: 'admin:fields.phone', kind: 'text' },
  { name: 'address', label: 'admin:fields.address', kind: 'textarea' },
  { name: 'owner', label: 'admin:fields.owner', kind: 'relation', relation: relations.user },
  { name: 'reseller', label: 'admin:fields.reseller', kind: 'relation', relation: relations.reseller },
  { name: 'created_at', label: 'admin:fields.created_at', kind: 'datetime', readOnly: true, modes: ['view'] },
];

export default function OrganizationsPage() {
  return (
    <SimpleResourcePage<Organization>
      type="organizations"
      subject="organizations"
      title="admin:organizations.title"
      recordTitle="admin:organizations.record"
      newTitle="admin:organizations.new"
      listInclude="owner,reseller"
      include="owner,reseller"
      columns={[
        { key: 'name', label: 'admin:fields.name', sort: true },
        { key: 'phone', label: 'admin:fields.phone', visibleFrom: 'sm' },
        { key: 'owner', label: 'admin:fields.owner', render: (o) => (o.owner ? byFullName(o.owner) : ''), visibleFrom: 'md' },
        { key: 'reseller', label: 'admin:fields.reseller', render: (o) => o.reseller?.name ?? '', visibleFrom: 'md' },
        { key: 'created_at', label: 'admin:fields.created_at', sort: true, render: (o) => dateCell(o.created_at) },
      ]}
      fields={organizationFields}
    />
  );
}
