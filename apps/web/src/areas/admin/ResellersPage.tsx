import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

export default function ResellersPage() {
  return (
    <SimpleResourcePage
      type="resellers"
      listInclude="owner"
      include="owner"
      columns={['name', { key: 'app_name', visibleFrom: 'sm' }, { key: 'owner', visibleFrom: 'md' }, 'created_at']}
      fields={['name', 'owner', 'app_name', 'app_logo', 'brand_color', { name: 'url_pattern', wide: true }, 'created_at']}
    />
  );
}
