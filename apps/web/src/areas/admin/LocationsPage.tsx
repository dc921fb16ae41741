import { useState } from 'react';
import { Anchor, Button, Group, Table } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crudPermissions, type RecordOf } from '@atelier/domain';
import { request } from '../../api/client.ts';
import { useMe } from '../../app/AppData.tsx';
import { byFullName, contactLabel, relationOf } from '../../components/resource/recordNames.tsx';
import { RelationSelect } from '../../components/resource/RelationSelect.tsx';
import { RecordSection } from '../../components/resource/RecordSection.tsx';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';

const P = crudPermissions('locations');
const CONTACTS = crudPermissions('contacts');

/** Users of a location, attached and detached with the location calls (spec platform §7). */
function LocationUsers({ location }: { location: RecordOf<'locations'> }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const [toAdd, setToAdd] = useState<string[]>([]);
  const users = location.users ?? [];
  const done = () => void qc.invalidateQueries({ queryKey: ['locations'] });
  const body = (ids: string[]) => ({ data: ids.map((id) => ({ type: 'users', id })) });
  const attach = useMutation({
    mutationFn: () => request(`/locations/attach-users/${location.id}`, { method: 'POST', body: body(toAdd) }),
    onSuccess: () => {
      setToAdd([]);
      notify({ color: 'teal', message: t('locations:attached') });
      done();
    },
  });
  const detach = useMutation({
    mutationFn: (id: string) => request(`/locations/detach-users/${location.id}`, { method: 'POST', body: body([id]) }),
    onSuccess: () => {
      notify({ color: 'teal', message: t('locations:detached') });
      done();
    },
  });
  const editable = can(P.edit);
  return (
    <RecordSection
      title={t('locations:users_title')}
      count={users.length}
      empty={t('locations:no_users')}
      after={
        editable ? (
          <Group align="flex-end">
            <div style={{ flex: 1 }}>
              <RelationSelect relation={relationOf('users', true)} label={t('locations:attach')} value={toAdd} onChange={(v) => setToAdd((v as string[]) ?? [])} />
            </div>
            <Button onClick={() => attach.mutate()} disabled={toAdd.length === 0} loading={attach.isPending}>
              {t('locations:attach_submit')}
            </Button>
          </Group>
        ) : null
      }
    >
      <Table>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>{byFullName(u)}</Table.Td>
              <Table.Td>{u.email}</Table.Td>
              {editable ? (
                <Table.Td ta="right">
                  <Button size="compact-sm" variant="subtle" color="red.9" onClick={() => detach.mutate(u.id)} loading={detach.isPending && detach.variables === u.id}>
                    {t('locations:detach')}
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </RecordSection>
  );
}

/** The CRM contacts given to the location (through their allowed locations), each a link to its record. */
function LocationContacts({ location }: { location: RecordOf<'locations'> }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const contacts = location.contacts ?? [];
  return (
    <RecordSection title={t('locations:contacts_title')} count={contacts.length} empty={t('locations:no_contacts')} testId="location-contacts">
      <Table>
        <Table.Tbody>
          {contacts.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                {can(CONTACTS.view) || can(CONTACTS.viewAny) ? (
                  <Anchor component={Link} to={`/crm/contacts?id=${c.id}&action=view`}>
                    {contactLabel(c)}
                  </Anchor>
                ) : (
                  contactLabel(c)
                )}
              </Table.Td>
              <Table.Td>{c.email}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </RecordSection>
  );
}

export default function LocationsPage() {
  return (
    <SimpleResourcePage
      type="locations"
      listInclude="organization"
      include="organization,manager,users,contacts"
      columns={['name', 'organization', 'created_at']}
      fields={['name', 'organization', 'manager', 'created_at']}
    >
      {(record) => (
        <>
          <LocationUsers location={record} />
          <LocationContacts location={record} />
        </>
      )}
    </SimpleResourcePage>
  );
}
