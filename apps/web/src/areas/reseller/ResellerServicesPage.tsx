import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

/** /reseller/reseller-services: the services the reseller bills (set-up, training). */
export default function ResellerServicesPage() {
  return (
    <SimpleResourcePage
      type="reseller-services"
      subject="reseller services"
      columns={['name', 'price', { key: 'tax_code', visibleFrom: 'md' }, { key: 'active', visibleFrom: 'sm' }]}
      fields={['name', 'price', 'tax_code', 'active', { name: 'description', wide: true }, 'created_at']}
      filters={['active']}
      defaults={{ active: true, tax_code: 'gst_qst' }}
    />
  );
}
