import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadFile } from '../../api/download.ts';
import { PdfButton } from '../../components/PdfButton.tsx';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatMoney } from '../../lib/format.ts';
import { supplierLabel } from '../../components/resource/recordNames.tsx';
import { productLabel, quantityOf, warehouseStockHref } from './inventoryNames.ts';

type Product = RecordOf<'products'>;

/** Under a product: who sells it (at what cost and lead time) and what is in stock where. */
function ProductSuppliersAndStock({ product }: { product: Product }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const offers = product.supplierProducts ?? [];
  const stock = product.warehouseProducts ?? [];
  return (
    <Stack gap="sm" mt="lg">
      <Title order={3} size="h4">
        {t('products:suppliers')}
      </Title>
      {offers.length === 0 ? (
        <Text c="dimmed">{t('products:no_suppliers')}</Text>
      ) : (
        <Table data-testid="product-suppliers">
          <Table.Tbody>
            {offers.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>{o.supplier ? supplierLabel(o.supplier) : ''}</Table.Td>
                <Table.Td>{o.supplier_sku}</Table.Td>
                <Table.Td>{o.cost === null ? '' : formatMoney(o.cost, locale)}</Table.Td>
                <Table.Td>{o.lead_time_days === null ? '' : t('products:lead_time', { count: o.lead_time_days })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} size="h4">
        {t('products:stock')}
      </Title>
      {stock.length === 0 ? (
        <Text c="dimmed">{t('products:no_stock')}</Text>
      ) : (
        stock.map((s) => (
          <Group key={s.id} gap="xs">
            <Anchor component={Link} to={warehouseStockHref(s.warehouse?.id ?? '')}>
              {s.warehouse?.name}
            </Anchor>
            <Text size="sm">{quantityOf(s.quantity_available, locale)}</Text>
          </Group>
        ))
      )}
    </Stack>
  );
}

/** A product's label (PDF): its name, SKU and barcode to stick on its bin. */
function LabelButton({ product }: { product: Product }) {
  const { t } = useTranslation();
  return <PdfButton path={`/products/${encodeURIComponent(product.id)}/label`} fileName={`${product.sku}.pdf`} label={t('products:label')} testId="product-label" />;
}

/** /inventory/products: the parts list (labels of a selection), and a product with its suppliers, stock and label. */
export default function ProductsPage() {
  const { t } = useTranslation();
  return (
    <SimpleResourcePage
      type="products"
      titleOf={productLabel}
      actions={(product) => <LabelButton product={product} />}
      bulkActions={[
        {
          key: 'labels',
          label: 'products:labels',
          permission: 'view products',
          run: (rows) => downloadFile(`/products/labels?ids=${rows.map((r) => encodeURIComponent(r.id)).join(',')}`, t('products:labels_file')),
        },
      ]}
      include="taxGroup,tags,allowedLocations,supplierProducts.supplier,warehouseProducts.warehouse"
      columns={['sku', 'name', { key: 'category', visibleFrom: 'sm' }, { key: 'part_number', visibleFrom: 'md' }, { key: 'selling_price', visibleFrom: 'sm' }, { key: 'active', visibleFrom: 'lg' }]}
      filters={['active']}
      defaults={{ active: true }}
      fields={[
        'sku',
        { name: 'name', wide: true },
        'part_number',
        'barcode',
        'category',
        'unit',
        'buying_price',
        'selling_price',
        'price',
        'environmental_fee_kind',
        'core_charge',
        'taxGroup',
        'active',
        'tags',
        'allowedLocations',
        { name: 'description', wide: true },
      ]}
    >
      {(product) => <ProductSuppliersAndStock product={product} />}
    </SimpleResourcePage>
  );
}
