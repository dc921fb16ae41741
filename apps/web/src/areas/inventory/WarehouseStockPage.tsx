import { Anchor, Badge, Group, Switch } from '@mantine/core';
import { crudPermissions, type RecordOf } from '@atelier/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client.ts';
import type { Model } from '../../api/jsonapi.ts';
import { columnsOf, fieldsOf } from '../../components/resource/declared.tsx';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { INVENTORY_PATH, productLabel, quantityOf } from './inventoryNames.ts';
import { ReorderButton } from './ReorderButton.tsx';

type Stock = RecordOf<'warehouse-products'> & Model;
const P = crudPermissions('warehouses');

/** /inventory/warehouses/:id/stock: what a warehouse holds, what is reserved and available, the reorder points; below the minimum flagged. */
export default function WarehouseStockPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const locale = currentLocale();
  const warehouse = useQuery({ queryKey: ['warehouses', id], queryFn: () => api.get('warehouses', id) });
  const name = String(warehouse.data?.name ?? '');
  const quantity = (key: 'quantity_on_hand' | 'quantity_reserved' | 'quantity_available' | 'minimum' | 'maximum') => ({ key, render: (r: Stock) => quantityOf(r[key], locale) });
  return (
    <>
      <Anchor component={Link} to={`${INVENTORY_PATH}/warehouses`} size="sm">
        {t('warehouses:levels.back')}
      </Anchor>
      <ResourceList<Stock>
        type="warehouse-products"
        title={t('warehouses:levels.title', { name })}
        include="product"
        baseFilter={{ warehouse: id }}
        permissions={{ view: P.view }}
        headerExtra={<ReorderButton warehouse={id} />}
        filterControls={(get, set) => (
          <Switch label={t('warehouses:levels.only_below')} checked={get('below_minimum') === 'true'} onChange={(e) => set('below_minimum', e.currentTarget.checked ? 'true' : null)} data-testid="only-below" />
        )}
        columns={columnsOf('warehouse-products', [
          { key: 'product', render: (r) => (r.product ? productLabel(r.product) : '') },
          { ...quantity('quantity_on_hand') },
          { ...quantity('quantity_reserved'), visibleFrom: 'md' },
          {
            key: 'quantity_available',
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                {quantityOf(r.quantity_available, locale)}
                {r.below_minimum ? (
                  <Badge color="orange" size="sm">
                    {t('warehouses:levels.below_minimum')}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          { ...quantity('minimum'), visibleFrom: 'sm' },
          { ...quantity('maximum'), visibleFrom: 'sm' },
          { key: 'average_cost', visibleFrom: 'md' },
        ])}
        renderRecord={({ id: recordId, action, setAction, close }) => (
          <RecordForm<Stock>
            type="warehouse-products"
            {...recordFormProps({ id: recordId, action, setAction, close })}
            fields={fieldsOf('warehouse-products', ['product', 'quantity_on_hand', 'quantity_reserved', 'quantity_available', 'average_cost', 'minimum', 'maximum', 'supplier'])}
            include="product,supplier"
            title="warehouses:levels.record"
            titleOf={(r) => (r.product ? productLabel(r.product) : '')}
            permissions={{ edit: P.edit }}
          />
        )}
      />
    </>
  );
}
