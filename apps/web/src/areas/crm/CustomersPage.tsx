import { Anchor, Badge, Button, Group, Table, Tabs, Text, type MantineSpacing } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_TYPE_LABELS, type RecordOf } from '@atelier/domain';
import { useList } from '../../api/hooks.ts';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { fieldsOf, type FieldEntry } from '../../components/resource/declared.tsx';
import type { FieldDef } from '../../components/resource/formModel.ts';
import { contactLabel, customerLabel } from '../../components/resource/recordNames.tsx';
import { RecordSection } from '../../components/resource/RecordSection.tsx';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { odometerText, PriorityBadge, REQUESTS_PATH, requestVehicle, vehicleName } from '../vehicles/common.tsx';
import { requestEnums } from '../vehicles/enums.ts';
import { RecordFiles } from '../files/RecordFiles.tsx';
import { WorkflowStateBadge } from '../../components/resource/WorkHeader.tsx';
import { CustomerMessages } from '../messaging/CustomerMessages.tsx';
import { PARTY_COLUMNS } from './common.tsx';

type Customer = RecordOf<'customers'>;

/** A new customer: a person, billed at their own address, written to in French until told otherwise. */
export const CUSTOMER_DEFAULTS = { type: 'individual', billing_same_as_customer: true, locale: 'fr' };
type Values = Record<string, unknown>;
const isCompany = (v: Values) => v.type === 'company';
const isIndividual = (v: Values) => !isCompany(v);
const separateBilling = (v: Values) => !v.billing_same_as_customer;

/** The customer's new request at the counter: the quick form, with this customer chosen. */
export const newRequestHref = (customerId: string) => `${REQUESTS_PATH}?action=add_quick_request&customer=${encodeURIComponent(customerId)}`;

/** An address (address, city, province, postal code) under a prefix; `first` goes to its first field (a section, a rule). */
function address(prefix: '' | 'billing_' | 'delivery_', visible?: (v: Values) => boolean, first: Omit<Partial<FieldDef<Customer>>, 'name'> = {}): FieldEntry<'customers'>[] {
  return [
    { name: `${prefix}address` as const, visible, wide: true, ...first },
    { name: `${prefix}city` as const, visible },
    { name: `${prefix}province` as const, visible },
    { name: `${prefix}postal_code` as const, visible },
  ];
}

/**
 * The customer form in the order a counter clerk fills it: identity, contact, address, billing
 * (its "same as the customer" switch first, then its own fields), delivery, then the rest. The
 * names required by the customer's type carry the required marker (the server's rule).
 */
const CUSTOMER_FIELDS: FieldEntry<'customers'>[] = [
  { name: 'type', section: 'customers:sections.identity', wide: true },
  { name: 'company_name', visible: isCompany, requiredWhen: isCompany },
  { name: 'firstname', visible: isIndividual, requiredWhen: isIndividual },
  { name: 'lastname', visible: isIndividual, requiredWhen: isIndividual },
  'tax_id',
  { name: 'email', section: 'customers:sections.contact' },
  'phone',
  'locale',
  ...address('', undefined, { section: 'customers:sections.address' }),
  { name: 'billing_same_as_customer', wide: true, description: 'customers:billing_hint', section: 'customers:sections.billing' },
  { name: 'billing_name', visible: separateBilling, requiredWhen: separateBilling },
  { name: 'billing_email', visible: separateBilling },
  { name: 'billing_phone', visible: separateBilling },
  ...address('billing_', separateBilling, { requiredWhen: separateBilling }),
  ...address('delivery_', undefined, { section: 'customers:sections.delivery' }),
  { name: 'tags', section: 'customers:sections.other' },
  'allowedLocations',
  { name: 'notes', wide: true },
  'created_at',
];

export const customerFields = (): FieldDef<Customer>[] => fieldsOf('customers', CUSTOMER_FIELDS);

/** The customer's contacts, under its record (each opens in the contacts screen). */
function CustomerContacts({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const contacts = customer.contacts ?? [];
  return (
    <RecordSection title={t('customers:contacts')} count={contacts.length} empty={t('customers:no_contacts')} gap="xs">
      {contacts.map((c) => (
        <Anchor key={c.id} component={Link} to={`/crm/contacts?id=${c.id}&action=view`}>
          {contactLabel(c)}
          {c.email ? ` — ${c.email}` : ''}
        </Anchor>
      ))}
    </RecordSection>
  );
}

const LIMIT = 20;

/** "20 of 34": a list cut at LIMIT says so, with a link to the full list. */
function More({ shown, total, href }: { shown: number; total: number; href: string }) {
  const { t } = useTranslation();
  if (total <= shown) return null;
  return (
    <Anchor component={Link} to={href} size="sm">
      {t('customers:see_all', { shown, total })}
    </Anchor>
  );
}

/** Records of the customer, newest first: the first LIMIT rows (a table), and a link to them all. */
function CustomerList<T extends Model>({
  type,
  include,
  customer,
  path,
  title,
  empty,
  testId,
  mt,
  row,
}: {
  type: string;
  include?: string;
  customer: Customer;
  path: string;
  title: string;
  empty: string;
  testId: string;
  mt: MantineSpacing | 0;
  row: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const q = useList<T>(type, { page: { number: 1, size: LIMIT }, sort: '-created_at', ...(include ? { include } : {}), filter: { customer: customer.id } }, { meta: { silent: true } });
  const rows = q.data?.data ?? [];
  return (
    <RecordSection
      title={title}
      count={rows.length}
      pending={q.isPending}
      unavailable={q.isError ? t('customers:list_unavailable') : null}
      empty={empty}
      small
      gap="xs"
      mt={mt}
      testId={testId}
      after={<More shown={rows.length} total={q.data?.total ?? 0} href={`${path}?filter[customer]=${customer.id}`} />}
    >
      <Table.ScrollContainer minWidth={420}>
        <Table>
          <Table.Tbody>{rows.map(row)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </RecordSection>
  );
}

/** The customer's vehicles (a service advisor's first question), each linked to its record. */
function CustomerVehicles({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  return (
    <CustomerList<RecordOf<'vehicles'>>
      type="vehicles"
      customer={customer}
      path="/vehicles/vehicles"
      title={t('customers:vehicles')}
      empty={t('customers:no_vehicles')}
      testId="customer-vehicles"
      mt={0}
      row={(v) => (
        <Table.Tr key={v.id} data-testid="customer-vehicle">
          <Table.Td>
            <Anchor component={Link} to={`/vehicles/vehicles?id=${v.id}&action=view`}>
              {vehicleName(v)}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Text component="span" ff="monospace" size="sm">{v.vin}</Text>
          </Table.Td>
          <Table.Td>{v.registration_number}</Table.Td>
          <Table.Td c="dimmed">{odometerText(v)}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

/** The customer's requests, newest first, with their state (inspections, estimates and repairs will join them). */
function CustomerRequests({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <CustomerList<RecordOf<'requests'>>
      type="requests"
      include="vehicle"
      customer={customer}
      path={REQUESTS_PATH}
      title={t('customers:requests')}
      empty={t('customers:no_requests')}
      testId="customer-requests"
      mt="sm"
      row={(r) => (
        <Table.Tr key={r.id} data-testid="customer-request">
          <Table.Td>
            <Anchor component={Link} to={`${REQUESTS_PATH}?id=${r.id}&action=view`}>
              {requestEnums.type(r.type)} · {requestVehicle(r)}
            </Anchor>
          </Table.Td>
          <Table.Td><WorkflowStateBadge type="requests" state={r.state} size="md" /></Table.Td>
          <Table.Td><PriorityBadge priority={r.priority} /></Table.Td>
          <Table.Td c="dimmed">{formatDate(r.created_at, locale)}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

/**
 * At the top of the customer's record: its vehicles and requests, what the user may see of them,
 * and « Messages »: the conversation with the customer and their consents.
 */
function CustomerWork({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const { can } = useMe();
  return (
    <Tabs defaultValue="work" keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="work" data-testid="customer-tab-work">
          {t('texts:tabs.work')}
        </Tabs.Tab>
        <Tabs.Tab value="messages" data-testid="customer-tab-messages">
          {t('texts:tabs.messages')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="work">
        {can('view any vehicles') ? <CustomerVehicles customer={customer} /> : null}
        {can('view any requests') ? <CustomerRequests customer={customer} /> : null}
      </Tabs.Panel>
      <Tabs.Panel value="messages">
        <CustomerMessages customer={customer} canEdit={can('edit customers')} />
      </Tabs.Panel>
    </Tabs>
  );
}

export default function CustomersPage() {
  const { t } = useTranslation();
  const { can } = useMe();
  return (
    <SimpleResourcePage
      type="customers"
      defaultSort="customer_name"
      listInclude="tags"
      filters={['type']}
      columns={[
        'customer_name',
        {
          key: 'type',
          render: (c) => (
            <Badge variant="light" color={c.type === 'company' ? 'grape' : 'blue'} tt="none">
              {CUSTOMER_TYPE_LABELS[c.type][currentLocale()]}
            </Badge>
          ),
        },
        ...PARTY_COLUMNS,
      ]}
      fields={CUSTOMER_FIELDS}
      include="tags,allowedLocations,contacts"
      titleOf={customerLabel}
      defaults={CUSTOMER_DEFAULTS}
      lead={(c) => <CustomerWork customer={c} />}
      actions={(c) =>
        can('create requests') ? (
          <Group gap="xs">
            <Button component={Link} to={newRequestHref(c.id)} variant="default" leftSection={<IconPlus size={16} />} data-testid="customer-new-request">
              {t('customers:new_request')}
            </Button>
          </Group>
        ) : null
      }
    >
      {(record) => (
        <>
          <CustomerContacts customer={record} />
          <RecordFiles type="customers" id={record.id} />
        </>
      )}
    </SimpleResourcePage>
  );
}
