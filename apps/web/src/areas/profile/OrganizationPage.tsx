import { Alert } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/AppData.tsx';
import { fieldsOf } from '../../components/resource/declared.tsx';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { organizationFields } from '../admin/OrganizationsPage.tsx';

function OwnOrganization({ mode }: { mode: 'view' | 'edit' }) {
  const { t } = useTranslation();
  const { me } = useMe();
  const navigate = useNavigate();
  if (!me.organization) return <Alert color="orange">{t('errors:NO_ORGANIZATION')}</Alert>;
  return (
    <RecordForm
      type="organizations"
      id={me.organization.id}
      mode={mode}
      fields={fieldsOf('organizations', organizationFields).filter((f) => f.name !== 'reseller')}
      include="owner,reseller"
      title="organizations:record"
      permissions={{ edit: 'edit own organization' }}
      onMode={(m) => navigate(m === 'edit' ? '/organization/change' : '/organization/view')}
    />
  );
}

export const OrganizationViewPage = () => <OwnOrganization mode="view" />;
export const OrganizationChangePage = () => <OwnOrganization mode="edit" />;
