import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

/** /reseller/packages: what organizations subscribe to: its price per period, its user limit, its default role. */
export default function PackagesPage() {
  return (
    <SimpleResourcePage
      type="packages"
      columns={['name', 'frequency', 'price', { key: 'maximum_users', visibleFrom: 'sm' }, { key: 'active', visibleFrom: 'md' }]}
      fields={['name', 'frequency', 'price', 'taxGroup', 'maximum_users', 'defaultRole', 'active', { name: 'description', wide: true }, 'created_at']}
      include="defaultRole,taxGroup"
      filters={['frequency', 'active']}
      defaults={{ active: true, frequency: 'monthly' }}
    />
  );
}
