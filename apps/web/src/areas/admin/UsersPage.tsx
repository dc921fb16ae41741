import { Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { crudPermissions } from '@atelier/domain';
import { api, request } from '../../api/client.ts';
import type { Model } from '../../api/jsonapi.ts';
import { fullName, type User } from '../../api/types.ts';
import { useMe } from '../../app/AppData.tsx';
import { RecordForm, type FieldDef } from '../../components/resource/RecordForm.tsx';
import { type Column, recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import { Badges, dateCell, relations } from './common.tsx';

const P = crudPermissions('users');
const INCLUDE = 'roles,organization,reseller,allowedLocations';

export function userFields(platform: boolean): FieldDef[] {
  return [
    { name: 'firstname', label: 'admin:fields.firstname', kind: 'text', required: true },
    { name: 'lastname', label: 'admin:fields.lastname', kind: 'text', required: true },
    { name: 'email', label: 'admin:fields.email', kind: 'email', required: true },
    {
      name: 'locale',
      label: 'admin:fields.locale',
      kind: 'select',
      options: [
        { value: 'fr', label: 'common:languages.fr' },
        { value: 'en', label: 'common:languages.en' },
      ],
    },
    { name: 'password', label: 'admin:fields.password', kind: 'password', modes: ['add', 'edit'] },
    { name: 'roles', label: 'admin:fields.roles', kind: 'relation', relation: relations.roles, wide: true },
    ...(platform
      ? ([
          { name: 'organization', label: 'admin:fields.organization', kind: 'relation', relation: relations.organization },
          { name: 'reseller', label: 'admin:fields.reseller', kind: 'relation', relation: relations.reseller },
        ] satisfies FieldDef[])
      : []),
    { name: 'allowedLocations', label: 'admin:fields.allowed_locations', kind: 'relation', relation: relations.locations, wide: true },
    { name: 'restrict_to_locations', label: 'admin:fields.restrict_to_locations', kind: 'switch' },
    { name: 'active', label: 'admin:fields.active', kind: 'switch', readOnly: true, modes: ['view'] },
    { name: 'two_factor_enabled', label: 'admin:fields.two_factor', kind: 'switch', readOnly: true, modes: ['view'] },
    { name: 'created_at', label: 'admin:fields.created_at', kind: 'datetime', readOnly: true, modes: ['view'] },
  ];
}

function UserActions({ user }: { user: Model }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => api.action(`/users/${user.id}/${user.active ? 'deactivate' : 'activate'}`, 'GET'),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t(user.active ? 'admin:users.deactivated' : 'admin:users.activated') });
      void qc.invalidateQueries({ queryKey: ['users'] });
    },
  });
  const invite = useMutation({
    mutationFn: () => request(`/users/${user.id}/invite`, { method: 'POST', body: { redirect_url: `${window.location.origin}/password/email` } }),
    onSuccess: () => notifications.show({ color: 'teal', message: t('admin:users.invited') }),
  });
  if (!can(P.edit)) return null;
  return (
    <>
      <Button variant="default" onClick={() => invite.mutate()} loading={invite.isPending} data-testid="user-invite">
        {t('admin:users.invite')}
      </Button>
      <Button variant="default" color={user.active ? 'red' : 'teal'} onClick={() => toggle.mutate()} loading={toggle.isPending} data-testid="user-toggle-active">
        {t(user.active ? 'admin:users.deactivate' : 'admin:users.activate')}
      </Button>
    </>
  );
}

export default function UsersPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const platform = !me.organization;
  const columns: Column<User>[] = [
    { key: 'firstname', label: 'admin:fields.full_name', sort: true, render: (u) => fullName(u) },
    { key: 'email', label: 'admin:fields.email', sort: true },
    { key: 'roles', label: 'admin:fields.roles', render: (u) => <Badges items={u.roles} />, visibleFrom: 'md' },
    ...(platform ? [{ key: 'organization', label: 'admin:fields.organization', render: (u: User) => u.organization?.name ?? '', visibleFrom: 'md' as const }] : []),
    {
      key: 'active',
      label: 'admin:fields.active',
      sort: true,
      render: (u) => (
        <Badge color={u.active ? 'teal' : 'gray'} variant="light">
          {t(u.active ? 'admin:users.status_active' : 'admin:users.status_inactive')}
        </Badge>
      ),
    },
    { key: 'created_at', label: 'admin:fields.created_at', sort: true, render: (u) => dateCell(u.created_at), visibleFrom: 'sm' },
  ];
  const setActive = (active: boolean) => async (rows: User[]) => {
    await Promise.all(rows.map((u) => api.action(`/users/${u.id}/${active ? 'activate' : 'deactivate'}`, 'GET')));
    notifications.show({ color: 'teal', message: t(active ? 'admin:users.activated' : 'admin:users.deactivated') });
  };
  return (
    <ResourceList<User>
      type="users"
      title="admin:users.title"
      columns={columns}
      include="roles,organization"
      permissions={{ create: P.create, view: P.view }}
      filters={[
        {
          name: 'active',
          label: 'admin:users.filter_active',
          options: [
            { value: 'true', label: 'admin:users.status_active' },
            { value: 'false', label: 'admin:users.status_inactive' },
          ],
        },
      ]}
      bulkActions={[
        { key: 'activate', label: 'admin:users.activate', permission: P.edit, run: setActive(true) },
        { key: 'deactivate', label: 'admin:users.deactivate', permission: P.edit, color: 'red', run: setActive(false) },
      ]}
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm
          type="users"
          {...recordFormProps({ id, action, setAction, close })}
          fields={userFields(platform)}
          include={INCLUDE}
          title={action === 'add' ? 'admin:users.new' : 'admin:users.record'}
          titleOf={(m) => fullName(m as unknown as User)}
          permissions={{ edit: P.edit, delete: P.delete }}
          defaults={{ locale: 'fr', restrict_to_locations: false, roles: [], allowedLocations: [] }}
          actions={(u) => <UserActions user={u} />}
        />
      )}
    />
  );
}
