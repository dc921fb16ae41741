import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

/**
 * /reseller/reseller-products and /reseller/reseller-services, one page for both screens (the
 * registry gives the type): what the reseller sells by the unit and the services it bills (set-up,
 * training), the lines of its invoices, declared alike.
 */
export default function ResellerCataloguePage({ type }: { type: 'reseller-products' | 'reseller-services' }) {
  return (
    <SimpleResourcePage
      type={type}
      subject={type === 'reseller-products' ? 'reseller products' : 'reseller services'}
      columns={['name', 'price', { key: 'taxGroup', visibleFrom: 'md' }, { key: 'active', visibleFrom: 'sm' }]}
      include="taxGroup"
      fields={['name', 'price', 'taxGroup', 'active', { name: 'description', wide: true }, 'created_at']}
      filters={['active']}
      defaults={{ active: true }}
    />
  );
}
