import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crudPermissions } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import { RecordForm, type FieldDef } from '../../components/resource/RecordForm.tsx';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import { Badges, dateCell } from '../admin/common.tsx';
import { addressFields, contactLabel, crmEnums, crmRelations, customerLabel } from './common.tsx';

const P = crudPermissions('customers');
const isCompany = (v: Record<string, unknown>) => v.type === 'company';
const separateBilling = (v: Record<string, unknown>) => !v.billing_same_as_customer;

export const customerFields: FieldDef[] = [
  { name: 'type', label: 'crm:fields.type', kind: 'select', required: true, options: crmEnums.customerTypes() },
  { name: 'company_name', label: 'crm:fields.company_name', kind: 'text', visible: isCompany },
  { name: 'firstname', label: 'crm:fields.firstname', kind: 'text', visible: (v) => !isCompany(v) },
  { name: 'lastname', label: 'crm:fields.lastname', kind: 'text', visible: (v) => !isCompany(v) },
  { name: 'tax_id', label: 'crm:fields.tax_id', kind: 'text' },
  { name: 'email', label: 'crm:fields.email', kind: 'email' },
  { name: 'phone', label: 'crm:fields.phone', kind: 'text' },
  ...addressFields(''),
  {
    name: 'billing_same_as_customer',
    label: 'crm:customers.billing_same_as_customer',
    kind: 'switch',
    wide: true,
    description: 'crm:customers.billing_hint',
  },
  { name: 'billing_name', label: 'crm:fields.billing_name', kind: 'text', visible: separateBilling },
  { name: 'billing_email', label: 'crm:fields.billing_email', kind: 'email', visible: separateBilling },
  { name: 'billing_phone', label: 'crm:fields.billing_phone', kind: 'text', visible: separateBilling },
  ...addressFields('billing_', separateBilling),
  ...addressFields('delivery_'),
  { name: 'tags', label: 'crm:fields.tags', kind: 'relation', relation: crmRelations.tags },
  { name: 'allowedLocations', label: 'crm:fields.allowed_locations', kind: 'relation', relation: crmRelations.locations },
  { name: 'notes', label: 'crm:fields.notes', kind: 'textarea' },
  { name: 'created_at', label: 'crm:fields.created_at', kind: 'datetime', readOnly: true, modes: ['view'] },
];

/** The customer's contacts, under its record (each opens in the contacts screen). */
function CustomerContacts({ customer }: { customer: Model }) {
  const { t } = useTranslation();
  const contacts = (customer.contacts as Model[] | undefined) ?? [];
  return (
    <Stack gap="xs" mt="lg">
      <Title order={3} size="h4">
        {t('crm:customers.contacts')}
      </Title>
      {contacts.length === 0 ? (
        <Text c="dimmed">{t('crm:customers.no_contacts')}</Text>
      ) : (
        contacts.map((c) => (
          <Anchor key={c.id} component={Link} to={`/crm/contacts?id=${c.id}&action=view`}>
            {contactLabel(c)}
            {c.email ? ` — ${String(c.email)}` : ''}
          </Anchor>
        ))
      )}
    </Stack>
  );
}

export default function CustomersPage() {
  return (
    <ResourceList<Model>
      type="customers"
      title="crm:customers.title"
      defaultSort="customer_name"
      include="tags"
      filters={[{ name: 'type', label: 'crm:fields.type', options: crmEnums.customerTypes() }]}
      permissions={{ create: P.create, view: P.view }}
      columns={[
        { key: 'customer_name', label: 'crm:fields.customer_name', sort: true },
        { key: 'type', label: 'crm:fields.type', sort: true, render: (c) => <Badge variant="light" color={c.type === 'company' ? 'grape' : 'blue'} tt="none">{crmEnums.customerType(c.type)}</Badge> },
        { key: 'email', label: 'crm:fields.email', sort: true, visibleFrom: 'sm' },
        { key: 'phone', label: 'crm:fields.phone', visibleFrom: 'md' },
        { key: 'city', label: 'crm:fields.city', sort: true, visibleFrom: 'md' },
        { key: 'tags', label: 'crm:fields.tags', render: (c) => <Badges items={c.tags as Model[]} />, visibleFrom: 'lg' },
        { key: 'created_at', label: 'crm:fields.created_at', sort: true, render: (c) => dateCell(c.created_at), visibleFrom: 'lg' },
      ]}
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm
          type="customers"
          {...recordFormProps({ id, action, setAction, close })}
          fields={customerFields}
          include="tags,allowedLocations,contacts"
          title={action === 'add' ? 'crm:customers.new' : 'crm:customers.record'}
          titleOf={customerLabel}
          permissions={{ edit: P.edit, delete: P.delete }}
          defaults={{ type: 'individual', billing_same_as_customer: true }}
        >
          {(record) => <CustomerContacts customer={record} />}
        </RecordForm>
      )}
    />
  );
}
