import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';
import { warehouseStockHref } from './inventoryNames.ts';

function StockLink({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={warehouseStockHref(id)} variant="light" mt="md" data-testid="warehouse-stock">
      {t('warehouses:stock')}
    </Button>
  );
}

/** /inventory/warehouses: the parts rooms, each opening on its stock. */
export default function WarehousesPage() {
  return (
    <SimpleResourcePage
      type="warehouses"
      listInclude="location"
      include="location,allowedLocations,tags"
      columns={[
        { key: 'name', linkTo: (w) => warehouseStockHref(w.id) },
        'location',
        { key: 'allow_negative_stock', visibleFrom: 'md' },
        { key: 'allow_unregistered_products', visibleFrom: 'md' },
      ]}
      fields={[{ name: 'name', wide: true }, 'location', 'allow_negative_stock', 'allow_unregistered_products', 'allowedLocations', 'tags', 'created_at']}
    >
      {(warehouse) => <StockLink id={warehouse.id} />}
    </SimpleResourcePage>
  );
}
