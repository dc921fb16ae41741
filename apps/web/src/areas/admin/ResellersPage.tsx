import type { Reseller } from '../../api/types.ts';
import { byFullName, dateCell, relations } from './common.tsx';
import { SimpleResourcePage } from './SimpleResourcePage.tsx';

export default function ResellersPage() {
  return (
    <SimpleResourcePage<Reseller>
      type="resellers"
      subject="resellers"
      title="admin:resellers.title"
      recordTitle="admin:resellers.record"
      newTitle="admin:resellers.new"
      listInclude="owner"
      include="owner"
      columns={[
        { key: 'name', label: 'admin:fields.name', sort: true },
        { key: 'app_name', label: 'admin:fields.app_name', visibleFrom: 'sm' },
        { key: 'owner', label: 'admin:fields.owner', render: (r) => (r.owner ? byFullName(r.owner) : ''), visibleFrom: 'md' },
        { key: 'created_at', label: 'admin:fields.created_at', sort: true, render: (r) => dateCell(r.created_at) },
      ]}
      fields={[
        { name: 'name', label: 'admin:fields.name', kind: 'text', required: true },
        { name: 'owner', label: 'admin:fields.owner', kind: 'relation', relation: relations.user },
        { name: 'app_name', label: 'admin:fields.app_name', kind: 'text' },
        { name: 'app_logo', label: 'admin:fields.app_logo', kind: 'text' },
        { name: 'url_pattern', label: 'admin:fields.url_pattern', kind: 'text', wide: true },
        { name: 'created_at', label: 'admin:fields.created_at', kind: 'datetime', readOnly: true, modes: ['view'] },
      ]}
    />
  );
}
