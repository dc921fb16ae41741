import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { crudPermissions } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import i18n from '../../i18n/index.ts';
import { RecordForm, type FieldDef } from '../../components/resource/RecordForm.tsx';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';
import { Badges, dateCell } from '../admin/common.tsx';
import { addressFields, contactLabel, crmRelations, supplierLabel } from '../crm/common.tsx';

const P = crudPermissions('suppliers');

/** The supplier's products, edited inside its form (a child collection of suppliers on the server). */
export const productLines: LinesConfig = {
  type: 'supplier-products',
  orderable: true,
  fields: [
    { name: 'supplier_sku', label: 'purchases:fields.supplier_sku', kind: 'text', max: 100 },
    { name: 'cost', label: 'purchases:fields.cost', kind: 'money' },
    {
      name: 'lead_time_days',
      label: 'purchases:fields.lead_time_days',
      kind: 'number',
      view: (p) => (p.lead_time_days === null || p.lead_time_days === undefined ? '' : i18n.t('purchases:suppliers.days', { count: Number(p.lead_time_days) })),
    },
  ],
  add: 'purchases:suppliers.add_product',
  empty: 'purchases:suppliers.no_products',
  line: 'purchases:suppliers.product_n',
};

const fields: FieldDef[] = [
  { name: 'company_name', label: 'purchases:fields.company_name', kind: 'text', required: true, wide: true },
  { name: 'email', label: 'crm:fields.email', kind: 'email' },
  { name: 'phone', label: 'crm:fields.phone', kind: 'text' },
  ...addressFields(''),
  { name: 'tax_id', label: 'crm:fields.tax_id', kind: 'text' },
  { name: 'website', label: 'purchases:fields.website', kind: 'text' },
  { name: 'tags', label: 'crm:fields.tags', kind: 'relation', relation: crmRelations.tags },
  { name: 'allowedLocations', label: 'crm:fields.allowed_locations', kind: 'relation', relation: crmRelations.locations },
  { name: 'notes', label: 'crm:fields.notes', kind: 'textarea' },
  { name: 'supplierProducts', label: 'purchases:suppliers.products', kind: 'lines', lines: productLines, wide: true },
  { name: 'created_at', label: 'crm:fields.created_at', kind: 'datetime', readOnly: true, modes: ['view'] },
];

/** The supplier's contacts, under its record. */
function SupplierContacts({ supplier }: { supplier: Model }) {
  const { t } = useTranslation();
  const contacts = (supplier.contacts as Model[] | undefined) ?? [];
  return (
    <Stack gap="sm" mt="lg">
      <Title order={3} size="h4">
        {t('purchases:suppliers.contacts')}
      </Title>
      {contacts.length === 0 ? <Text c="dimmed">{t('purchases:suppliers.no_contacts')}</Text> : <Badges items={contacts} label={contactLabel} />}
    </Stack>
  );
}

export default function SuppliersPage() {
  return (
    <ResourceList<Model>
      type="suppliers"
      title="purchases:suppliers.title"
      defaultSort="company_name"
      include="tags"
      permissions={{ create: P.create, view: P.view }}
      columns={[
        { key: 'company_name', label: 'purchases:fields.company_name', sort: true },
        { key: 'email', label: 'crm:fields.email', sort: true, visibleFrom: 'sm' },
        { key: 'phone', label: 'crm:fields.phone', visibleFrom: 'md' },
        { key: 'city', label: 'crm:fields.city', sort: true, visibleFrom: 'md' },
        { key: 'tags', label: 'crm:fields.tags', render: (s) => <Badges items={s.tags as Model[]} />, visibleFrom: 'lg' },
        { key: 'created_at', label: 'crm:fields.created_at', sort: true, render: (s) => dateCell(s.created_at), visibleFrom: 'lg' },
      ]}
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm
          type="suppliers"
          {...recordFormProps({ id, action, setAction, close })}
          fields={fields}
          include="tags,allowedLocations,contacts,supplierProducts"
          title={action === 'add' ? 'purchases:suppliers.new' : 'purchases:suppliers.record'}
          titleOf={supplierLabel}
          permissions={{ edit: P.edit, delete: P.delete }}
        >
          {(record) => <SupplierContacts supplier={record} />}
        </RecordForm>
      )}
    />
  );
}
