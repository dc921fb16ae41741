import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { useTranslation } from 'react-i18next';
import { crudPermissions, type RecordOf } from '@atelier/domain';
import { currentLocale } from '../../i18n/index.ts';
import { formatMoney } from '../../lib/format.ts';
import { columnsOf, fieldsOf } from '../../components/resource/declared.tsx';
import { Badges, contactLabel, supplierLabel } from '../../components/resource/recordNames.tsx';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';

const P = crudPermissions('suppliers');

type Supplier = RecordOf<'suppliers'>;

const fields = () =>
  fieldsOf('suppliers', [
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
    'created_at',
  ]);

/** A new line of the supplier's products: its code, cost and lead time. */
function AddSupplierProduct({ supplierId }: { supplierId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [sku, setSku] = useState('');
  const [cost, setCost] = useState<number | ''>('');
  const [days, setDays] = useState<number | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fr = currentLocale() === 'fr';
  const add = useMutation({
    meta: { form: true },
    mutationFn: () =>
      api.create({
        type: 'supplier-products',
        attributes: { supplier_sku: sku.trim() || null, cost: cost === '' ? null : Math.round(cost * 100), lead_time_days: days === '' ? null : days },
        relationships: { supplier: { type: 'suppliers', value: supplierId } },
      }),
    onSuccess: () => {
      setSku('');
      setCost('');
      setDays('');
      setErrors({});
      notifications.show({ color: 'teal', message: t('common:form.created') });
      void qc.invalidateQueries({ queryKey: ['suppliers'] });
    },
    onError: (e) => setErrors(e instanceof ApiError ? e.fieldErrors : {}),
  });
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput label={t('purchases:fields.supplier_sku')} value={sku} onChange={(e) => setSku(e.currentTarget.value)} error={errors.supplier_sku} style={{ flex: 2 }} data-testid="supplier-product-sku" />
      <NumberInput
        label={t('purchases:fields.cost')}
        value={cost}
        onChange={(v) => setCost(v === '' ? '' : Number(v))}
        decimalScale={2}
        decimalSeparator={fr ? ',' : '.'}
        suffix=" $"
        min={0}
        error={errors.cost}
        style={{ flex: 1 }}
        data-testid="supplier-product-cost"
      />
      <NumberInput label={t('purchases:fields.lead_time_days')} value={days} onChange={(v) => setDays(v === '' ? '' : Number(v))} min={0} allowDecimal={false} error={errors.lead_time_days} style={{ flex: 1 }} />
      <Button mt={25} onClick={() => add.mutate()} loading={add.isPending} data-testid="supplier-product-add">
        {t('common:actions.add')}
      </Button>
    </Group>
  );
}

/** The supplier's contacts and products, under its record; products are added and removed here. */
function SupplierRelated({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const contacts = supplier.contacts ?? [];
  const products = supplier.supplierProducts ?? [];
  const editable = can(P.edit);
  const remove = useMutation({
    mutationFn: (id: string) => api.remove('supplier-products', id),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('common:form.deleted') });
      void qc.invalidateQueries({ queryKey: ['suppliers'] });
    },
  });
  return (
    <Stack gap="sm" mt="lg">
      <Title order={3} size="h4">
        {t('purchases:suppliers.contacts')}
      </Title>
      {contacts.length === 0 ? <Text c="dimmed">{t('purchases:suppliers.no_contacts')}</Text> : <Badges items={contacts} label={contactLabel} />}
      <Title order={3} size="h4">
        {t('purchases:suppliers.products')}
      </Title>
      {products.length === 0 ? (
        <Text c="dimmed">{t('purchases:suppliers.no_products')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('purchases:fields.supplier_sku')}</Table.Th>
              <Table.Th ta="right">{t('purchases:fields.cost')}</Table.Th>
              <Table.Th ta="right">{t('purchases:fields.lead_time_days')}</Table.Th>
              {editable ? <Table.Th /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{String(p.supplier_sku ?? '')}</Table.Td>
                <Table.Td ta="right">{p.cost === null || p.cost === undefined ? '' : formatMoney(Number(p.cost), currentLocale())}</Table.Td>
                <Table.Td ta="right">{p.lead_time_days === null || p.lead_time_days === undefined ? '' : t('purchases:suppliers.days', { count: Number(p.lead_time_days) })}</Table.Td>
                {editable ? (
                  <Table.Td ta="right" w={48}>
                    <ActionIcon variant="subtle" color="red.8" onClick={() => remove.mutate(p.id)} loading={remove.isPending && remove.variables === p.id} aria-label={t('purchases:suppliers.remove_product')}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editable ? <AddSupplierProduct supplierId={supplier.id} /> : null}
    </Stack>
  );
}

export default function SuppliersPage() {
  return (
    <ResourceList<Supplier>
      type="suppliers"
      title="purchases:suppliers.title"
      defaultSort="company_name"
      include="tags"
      permissions={{ create: P.create, view: P.view }}
      columns={columnsOf('suppliers', [
        'company_name',
        { key: 'email', visibleFrom: 'sm' },
        { key: 'phone', visibleFrom: 'md' },
        { key: 'city', visibleFrom: 'md' },
        { key: 'tags', visibleFrom: 'lg' },
        { key: 'created_at', visibleFrom: 'lg' },
      ])}
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm<Supplier>
          type="suppliers"
          {...recordFormProps({ id, action, setAction, close })}
          fields={fields()}
          include="tags,allowedLocations,contacts,supplierProducts"
          title={action === 'add' ? 'purchases:suppliers.new' : 'purchases:suppliers.record'}
          titleOf={supplierLabel}
          permissions={{ edit: P.edit, delete: P.delete }}
        >
          {(record) => <SupplierRelated supplier={record} />}
        </RecordForm>
      )}
    />
  );
}
