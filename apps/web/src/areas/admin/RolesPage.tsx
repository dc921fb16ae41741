import { Button } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { crudPermissions, type RecordOf } from '@atelier/domain';
import { api } from '../../api/client.ts';
import { useMe } from '../../app/AppData.tsx';
import { columnsOf, fieldsOf } from '../../components/resource/declared.tsx';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import { PermissionMatrix } from './PermissionMatrix.tsx';

const P = crudPermissions('roles');
type Role = RecordOf<'roles'>;

function roleFields(platform: boolean) {
  return fieldsOf('roles', [
    'name',
    ...(platform ? (['organization'] as const) : []),
    // The largest discount its users may give on a line (issue 27), "," or "." alike; empty: no maximum.
    'max_discount_percent',
    {
      name: 'permissions',
      wide: true,
      view: (r) => <PermissionMatrix value={(r.permissions ?? []).map((p) => p.id)} readOnly />,
      input: ({ value, onChange, error }) => <PermissionMatrix value={(value as string[]) ?? []} onChange={onChange} error={error} />,
    },
  ]);
}

function CopyRole({ role, onCopied }: { role: Role; onCopied: (id: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const copy = useMutation({
    mutationFn: () => api.action<Role>(`/roles/${role.id}/copy`, 'POST'),
    onSuccess: (r) => {
      notify({ color: 'teal', message: t('roles:copied') });
      void qc.invalidateQueries({ queryKey: ['roles'] });
      if (r) onCopied(r.id);
    },
  });
  return (
    <Button variant="default" onClick={() => copy.mutate()} loading={copy.isPending} data-testid="role-copy">
      {t('roles:copy')}
    </Button>
  );
}

export default function RolesPage() {
  const { me, can } = useMe();
  const platform = !me.organization;
  return (
    <ResourceList<Role>
      type="roles"
      include="organization"
      columns={columnsOf('roles', ['name', ...(platform ? (['organization'] as const) : []), 'created_at'])}
      permissions={{ create: P.create, view: P.view }}
      drawerSize="100%"
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm<Role>
          type="roles"
          {...recordFormProps({ id, action, setAction, close })}
          fields={roleFields(platform)}
          include="permissions,organization"
          permissions={{ edit: P.edit, delete: P.delete }}
          defaults={{ permissions: [] }}
          actions={(r) => (can(P.create) ? <CopyRole role={r} onCopied={(newId) => setAction('edit', newId)} /> : null)}
        />
      )}
    />
  );
}
