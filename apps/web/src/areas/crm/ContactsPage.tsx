import { useRef, useState } from 'react';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { crudPermissions, type RecordOf } from '@atelier/domain';
import { api } from '../../api/client.ts';
import type { RelationshipValue } from '../../api/documents.ts';
import { DayInput } from '../../components/DateInputs.tsx';
import { columnsOf, fieldsOf } from '../../components/resource/declared.tsx';
import { type FormMode } from '../../components/resource/formModel.ts';
import { contactLabel, customerLabel, supplierLabel } from '../../components/resource/recordNames.tsx';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { formatDay } from '../../components/resource/RecordView.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import { PhonesInput, phonesText } from './PhonesInput.tsx';

const P = crudPermissions('contacts');
const CONTACTABLE = [
  { value: 'customers', label: 'contacts:contactable_customer' },
  { value: 'suppliers', label: 'contacts:contactable_supplier' },
];

type Contact = RecordOf<'contacts'>;

/** What a contact belongs to, as read in lists and views. */
function contactableOf(c: Contact): string {
  return c.customer ? customerLabel(c.customer) : c.supplier ? supplierLabel(c.supplier) : '';
}

function useFields() {
  const { t } = useTranslation();
  return fieldsOf('contacts', [
    'title',
    'firstname',
    'lastname',
    // A birthday is in the past.
    { name: 'birthday', input: ({ value, onChange, error, label }) => <DayInput label={label} value={value} onChange={onChange} error={error} name="birthday" maxDate={new Date().toISOString().slice(0, 10)} /> },
    'email',
    {
      name: 'phones',
      wide: true,
      input: ({ value, onChange, error, label, form }) => (
        <PhonesInput value={value} onChange={onChange} label={label} error={error} itemErrors={form.formState.errors.phones as never} />
      ),
      view: (r) => phonesText(r.phones, t('contacts:extension_short')) || t('common:form.none'),
    },
    // A form-only choice; the customer or supplier relationship is what is saved.
    { name: 'contactable_type', kind: 'select', options: CONTACTABLE, modes: ['add', 'edit'] },
    { name: 'customer', visible: (v) => v.contactable_type === 'customers' },
    { name: 'supplier', visible: (v) => v.contactable_type === 'suppliers' },
    'tags',
    'allowedLocations',
    'notes',
    'created_at',
  ]);
}

type Doc = { attributes: Record<string, unknown>; relationships: Record<string, { type: string; value: RelationshipValue }> };

/** contactable_type chooses which relationship is saved; none unlinks the contact. */
export function transform(doc: Doc) {
  if (!('contactable_type' in doc.attributes)) return;
  const kind = doc.attributes.contactable_type;
  delete doc.attributes.contactable_type;
  if (kind !== 'customers') delete doc.relationships.customer;
  if (kind !== 'suppliers') delete doc.relationships.supplier;
  if (!kind) {
    doc.relationships.customer = { type: 'customers', value: null };
    doc.relationships.supplier = { type: 'suppliers', value: null };
  }
}

/**
 * "Is it the same person?" (spec platform §5): before saving a contact whose first and last name
 * are those of an existing contact, the user sees the homonyms and continues or cancels.
 */
function useSamePerson() {
  const [matches, setMatches] = useState<Contact[] | null>(null);
  const answer = useRef<(ok: boolean) => void>(() => {});
  const confirmSave = async (doc: { attributes: Record<string, unknown> }, mode: FormMode, id: string | null): Promise<boolean> => {
    const { firstname, lastname } = doc.attributes;
    if (mode === 'edit' && firstname === undefined && lastname === undefined) return true;
    const name = [firstname, lastname].filter(Boolean).join(' ');
    if (!name || firstname === undefined || lastname === undefined) return true;
    const found = await api.list<Contact>('contacts', {
      filter: { same_name: name, ...(id ? { except: id } : {}) },
      include: 'customer,supplier',
      page: { number: 1, size: 5 },
    });
    if (found.data.length === 0) return true;
    setMatches(found.data);
    return new Promise<boolean>((resolve) => {
      answer.current = (ok) => {
        setMatches(null);
        resolve(ok);
      };
    });
  };
  return { matches, confirmSave, answer: (ok: boolean) => answer.current(ok) };
}

function SamePersonModal({ matches, answer }: { matches: Contact[] | null; answer: (ok: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={matches !== null} onClose={() => answer(false)} title={t('contacts:same_person_title')} centered zIndex={400}>
      <Stack>
        <Text>{t('contacts:same_person_body', { count: matches?.length ?? 0 })}</Text>
        <List data-testid="same-person-matches">
          {(matches ?? []).map((m) => (
            <List.Item key={m.id}>
              <Text fw={500} span>
                {contactLabel(m)}
              </Text>
              {[m.email, formatDay(m.birthday, currentLocale()), contactableOf(m)].filter(Boolean).length ? (
                <Text c="dimmed" size="sm" span>
                  {' — '}
                  {[m.email, formatDay(m.birthday, currentLocale()), contactableOf(m)].filter(Boolean).join(' · ')}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          {t('contacts:same_person_hint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)} data-testid="same-person-cancel">
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => answer(true)} data-testid="same-person-continue">
            {t('contacts:same_person_continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function ContactsPage() {
  const { t } = useTranslation();
  const fields = useFields();
  const same = useSamePerson();
  return (
    <>
      <ResourceList<Contact>
        type="contacts"
        defaultSort="name"
        include="customer,supplier"
        filters={[{ name: 'contactable_type', label: 'contacts:fields.contactable', options: CONTACTABLE }]}
        permissions={{ create: P.create, view: P.view }}
        columns={columnsOf('contacts', [
          { key: 'full_name', label: 'contacts:fields.name', sort: 'name' },
          { key: 'email', visibleFrom: 'sm' },
          { key: 'phones', render: (c) => phonesText(c.phones.slice(0, 1), t('contacts:extension_short')), visibleFrom: 'md' },
          { key: 'contactable', label: 'contacts:fields.contactable', render: contactableOf, visibleFrom: 'md' },
          { key: 'created_at', visibleFrom: 'lg' },
        ])}
        renderRecord={({ id, action, setAction, close }) => (
          <RecordForm<Contact>
            type="contacts"
            {...recordFormProps({ id, action, setAction, close })}
            fields={fields}
            include="customer,supplier,tags,allowedLocations"
            titleOf={contactLabel}
            permissions={{ edit: P.edit, delete: P.delete }}
            defaults={{ phones: [], contactable_type: '' }}
            transform={transform}
            confirmSave={same.confirmSave}
          />
        )}
      />
      <SamePersonModal matches={same.matches} answer={same.answer} />
    </>
  );
}
