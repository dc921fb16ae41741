import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

/** /reseller/reseller-products: what the reseller sells by the unit, the lines of its invoices. */
export default function ResellerProductsPage() {
  return (
    <SimpleResourcePage
      type="reseller-products"
      subject="reseller products"
      columns={['name', 'price', { key: 'taxGroup', visibleFrom: 'md' }, { key: 'active', visibleFrom: 'sm' }]}
      include="taxGroup"
      fields={['name', 'price', 'taxGroup', 'active', { name: 'description', wide: true }, 'created_at']}
      filters={['active']}
      defaults={{ active: true }}
    />
  );
}
