import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

/** /reseller/reseller-services: the services the reseller bills (set-up, training). */
export default function ResellerServicesPage() {
  return (
    <SimpleResourcePage
      type="reseller-services"
      subject="reseller services"
      columns={['name', 'price', { key: 'taxGroup', visibleFrom: 'md' }, { key: 'active', visibleFrom: 'sm' }]}
      include="taxGroup"
      fields={['name', 'price', 'taxGroup', 'active', { name: 'description', wide: true }, 'created_at']}
      filters={['active']}
      defaults={{ active: true }}
    />
  );
}
