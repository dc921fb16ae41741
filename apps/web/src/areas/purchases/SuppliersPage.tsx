import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordOf } from '@atelier/domain';
import i18n from '../../i18n/index.ts';
import { fieldsOf, type FieldEntry } from '../../components/resource/declared.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';
import { Badges, contactLabel, supplierLabel } from '../../components/resource/recordNames.tsx';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';
import { PARTY_COLUMNS } from '../crm/common.tsx';

type Supplier = RecordOf<'suppliers'>;

/** The supplier's products, edited inside its form (a child collection of suppliers on the server). */
export const productLines: LinesConfig = {
  type: 'supplier-products',
  orderable: true,
  fields: fieldsOf('supplier-products', [
    'product',
    'supplier_sku',
    'cost',
    {
      name: 'lead_time_days',
      view: (p) => (p.lead_time_days === null || p.lead_time_days === undefined ? '' : i18n.t('suppliers:days', { count: Number(p.lead_time_days) })),
    },
  ]),
  add: 'suppliers:add_product',
  empty: 'suppliers:no_products',
  line: 'suppliers:product_n',
};

const FIELDS: FieldEntry<'suppliers'>[] = [
  { name: 'company_name', wide: true },
  'email',
  'phone',
  { name: 'address', wide: true },
  'city',
  'province',
  'postal_code',
  'tax_id',
  'website',
  'tags',
  'allowedLocations',
  'notes',
  { name: 'supplierProducts', kind: 'lines', lines: productLines, wide: true },
  'created_at',
];

/** The supplier's contacts, under its record (they are edited in the CRM). */
function SupplierContacts({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation();
  const contacts = supplier.contacts ?? [];
  return (
    <Stack gap="sm" mt="lg">
      <Title order={3} size="h4">
        {t('suppliers:contacts')}
      </Title>
      {contacts.length === 0 ? <Text c="dimmed">{t('suppliers:no_contacts')}</Text> : <Badges items={contacts} label={contactLabel} />}
    </Stack>
  );
}

export default function SuppliersPage() {
  return (
    <SimpleResourcePage
      type="suppliers"
      defaultSort="company_name"
      listInclude="tags"
      columns={['company_name', ...PARTY_COLUMNS]}
      fields={FIELDS}
      include="tags,allowedLocations,contacts,supplierProducts.product"
      titleOf={supplierLabel}
    >
      {(record) => <SupplierContacts supplier={record} />}
    </SimpleResourcePage>
  );
}
