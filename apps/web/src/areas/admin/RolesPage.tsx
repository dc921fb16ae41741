import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { crudPermissions } from '@atelier/domain';
import { api } from '../../api/client.ts';
import type { Model } from '../../api/jsonapi.ts';
import type { Role } from '../../api/types.ts';
import { useMe } from '../../app/AppData.tsx';
import { RecordForm, type FieldDef } from '../../components/resource/RecordForm.tsx';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import { dateCell, relations } from './common.tsx';
import { PermissionMatrix } from './PermissionMatrix.tsx';

const P = crudPermissions('roles');

function roleFields(platform: boolean): FieldDef[] {
  return [
    { name: 'name', label: 'admin:fields.name', kind: 'text', required: true },
    ...(platform ? ([{ name: 'organization', label: 'admin:fields.organization', kind: 'relation', relation: relations.organization }] satisfies FieldDef[]) : []),
    {
      name: 'permissions',
      label: 'admin:fields.permissions',
      kind: 'relation',
      relation: { type: 'permissions', many: true, labelOf: (m) => String(m.name) },
      wide: true,
      view: (r) => <PermissionMatrix value={((r.permissions as Model[] | undefined) ?? []).map((p) => p.id)} readOnly />,
      input: ({ value, onChange, error }) => <PermissionMatrix value={(value as string[]) ?? []} onChange={onChange} error={error} />,
    },
  ];
}

function CopyRole({ role, onCopied }: { role: Model; onCopied: (id: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const copy = useMutation({
    mutationFn: () => api.action<Role>(`/roles/${role.id}/copy`, 'POST'),
    onSuccess: (r) => {
      notifications.show({ color: 'teal', message: t('admin:roles.copied') });
      void qc.invalidateQueries({ queryKey: ['roles'] });
      if (r) onCopied(r.id);
    },
  });
  return (
    <Button variant="default" onClick={() => copy.mutate()} loading={copy.isPending} data-testid="role-copy">
      {t('admin:roles.copy')}
    </Button>
  );
}

export default function RolesPage() {
  const { me, can } = useMe();
  const platform = !me.organization;
  return (
    <ResourceList<Role>
      type="roles"
      title="admin:roles.title"
      include="organization"
      columns={[
        { key: 'name', label: 'admin:fields.name', sort: true },
        ...(platform ? [{ key: 'organization', label: 'admin:fields.organization', render: (r: Role) => r.organization?.name ?? '' }] : []),
        { key: 'created_at', label: 'admin:fields.created_at', sort: true, render: (r) => dateCell(r.created_at) },
      ]}
      permissions={{ create: P.create, view: P.view }}
      drawerSize="100%"
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm
          type="roles"
          {...recordFormProps({ id, action, setAction, close })}
          fields={roleFields(platform)}
          include="permissions,organization"
          title={action === 'add' ? 'admin:roles.new' : 'admin:roles.record'}
          permissions={{ edit: P.edit, delete: P.delete }}
          defaults={{ permissions: [] }}
          actions={(r) => (can(P.create) ? <CopyRole role={r} onCopied={(newId) => setAction('edit', newId)} /> : null)}
        />
      )}
    />
  );
}
