import { Badge, Button } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { crudPermissions, type RecordOf } from '@atelier/domain';
import { api, request } from '../../api/client.ts';
import { fullName } from '../../api/types.ts';
import { useMe } from '../../app/AppData.tsx';
import { columnsOf, fieldsOf } from '../../components/resource/declared.tsx';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import { yesNoFilter } from '../../components/resource/listState.ts';

const P = crudPermissions('users');
const INCLUDE = 'roles,organization,reseller,allowedLocations';
type User = RecordOf<'users'>;

function userFields(platform: boolean) {
  return fieldsOf('users', [
    'firstname',
    'lastname',
    'email',
    'locale',
    { name: 'password', modes: ['add', 'edit'] },
    { name: 'roles', wide: true },
    ...(platform ? (['organization', 'reseller'] as const) : []),
    { name: 'allowedLocations', wide: true },
    'restrict_to_locations',
    // Changed by the activate and deactivate actions.
    { name: 'active', readOnly: true, modes: ['view'] },
    'two_factor_enabled',
    'created_at',
  ]);
}

function UserActions({ user }: { user: User }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => api.action(`/users/${user.id}/${user.active ? 'deactivate' : 'activate'}`, 'GET'),
    onSuccess: () => {
      notify({ color: 'teal', message: t(user.active ? 'users:deactivated' : 'users:activated') });
      void qc.invalidateQueries({ queryKey: ['users'] });
    },
  });
  const invite = useMutation({
    mutationFn: () => request(`/users/${user.id}/invite`, { method: 'POST', body: { redirect_url: `${window.location.origin}/password/email` } }),
    onSuccess: () => notify({ color: 'teal', message: t('users:invited') }),
  });
  if (!can(P.edit)) return null;
  return (
    <>
      <Button variant="default" onClick={() => invite.mutate()} loading={invite.isPending} data-testid="user-invite">
        {t('users:invite')}
      </Button>
      <Button variant="default" color={user.active ? 'red' : 'teal'} onClick={() => toggle.mutate()} loading={toggle.isPending} data-testid="user-toggle-active">
        {t(user.active ? 'users:deactivate' : 'users:activate')}
      </Button>
    </>
  );
}

export default function UsersPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const platform = !me.organization;
  const columns = columnsOf('users', [
    { key: 'firstname', label: 'admin:fields.full_name', render: (u) => fullName(u) },
    'email',
    { key: 'roles', visibleFrom: 'md' },
    ...(platform ? [{ key: 'organization', visibleFrom: 'md' } as const] : []),
    {
      key: 'active',
      render: (u) => (
        <Badge color={u.active ? 'teal' : 'gray'} variant="light">
          {t(u.active ? 'users:status_active' : 'users:status_inactive')}
        </Badge>
      ),
    },
    { key: 'created_at', visibleFrom: 'sm' },
  ]);
  const setActive = (active: boolean) => async (rows: User[]) => {
    await Promise.all(rows.map((u) => api.action(`/users/${u.id}/${active ? 'activate' : 'deactivate'}`, 'GET')));
    notify({ color: 'teal', message: t(active ? 'users:activated' : 'users:deactivated') });
  };
  return (
    <ResourceList<User>
      type="users"
      columns={columns}
      include="roles,organization"
      permissions={{ create: P.create, view: P.view }}
      filters={[yesNoFilter('active', 'users:filter_active', 'users:status_active', 'users:status_inactive')]}
      bulkActions={[
        { key: 'activate', label: 'users:activate', permission: P.edit, run: setActive(true) },
        { key: 'deactivate', label: 'users:deactivate', permission: P.edit, color: 'red', run: setActive(false) },
      ]}
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm<User>
          type="users"
          {...recordFormProps({ id, action, setAction, close })}
          fields={userFields(platform)}
          include={INCLUDE}
          titleOf={fullName}
          permissions={{ edit: P.edit, delete: P.delete }}
          defaults={{ locale: 'fr', restrict_to_locations: false, roles: [], allowedLocations: [] }}
          actions={(u) => <UserActions user={u} />}
        />
      )}
    />
  );
}
