import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crudPermissions, type RecordOf } from '@atelier/domain';
import { useList } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { columnsOf, filtersOf, labelKey } from '../../components/resource/declared.tsx';
import { usageOf } from './usage.ts';
import { readListState, writeListState, type RecordAction } from '../../components/resource/listState.ts';
import { byName } from '../../components/resource/recordNames.tsx';
import { ResourceList } from '../../components/resource/ResourceList.tsx';
import { FormActions } from './FormActions.tsx';
import { FormEditor } from './FormEditor.tsx';
import { FORMS, FORMS_PATH } from './formApi.ts';
import { ResellerTemplates } from '../templates/ResellerTemplates.tsx';

const P = crudPermissions('inspection forms');
type Form = RecordOf<'inspection-forms'>;

/**
 * /inspecpro/inspection-forms: the list of forms (search, tags, active, the version each is at),
 * and the form editor as a full-width page of the list (?id=&action=edit, add or view).
 */
export default function InspectionFormsPage() {
  const { t } = useTranslation();
  const { can } = useMe();
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const tags = useList<RecordOf<'tags'>>('tags', { page: { number: 1, size: 100 }, sort: 'name' }, { meta: { silent: true } });

  const setAction = (action: RecordAction | null, id?: string | null) => setParams((p) => writeListState(p, { action, id: action === null ? null : id === undefined ? state.id : id }));
  const close = () => setParams((p) => writeListState(p, { action: null, id: null }));

  if (state.action === 'add' || ((state.action === 'edit' || state.action === 'view') && state.id))
    return <FormEditor key={state.id ?? 'new'} id={state.action === 'add' ? null : state.id} action={state.action === 'add' ? 'add' : state.action} setAction={setAction} close={close} />;

  const recordHref = (id: string) => `${FORMS_PATH}?${writeListState(params, { id, action: 'view' }).toString()}`;
  return (
    <ResourceList<Form>
      type={FORMS}
      defaultSort="name"
      include="tags,allowedLocations"
      permissions={{ create: P.create, view: P.viewAny }}
      headerExtra={
        <Group gap="xs">
          <ResellerTemplates />
          {can(P.create) ? (
            <Button component={Link} to={`${FORMS_PATH}?action=add`} leftSection={<IconPlus size={16} />} data-testid="list-add">
              {t('inspection-forms:new')}
            </Button>
          ) : null}
        </Group>
      }
      filters={filtersOf('inspection-forms', [
        ...(tags.data && tags.data.data.length > 0 ? [{ name: 'tags', label: labelKey('inspection-forms', 'tags'), options: tags.data.data.map((tag) => ({ value: tag.id, label: byName(tag), raw: true })) }] : []),
        'is_active',
      ])}
      columns={columnsOf('inspection-forms', [
        { key: 'name', linkTo: (f) => recordHref(f.id) },
        {
          key: 'version',
          visibleFrom: 'sm',
          render: (f) =>
            Number(f.version ?? 0) > 0 ? (
              <Badge variant="light" tt="none">
                {t('inspection-forms:version_n', { n: f.version })}
              </Badge>
            ) : null,
        },
        {
          key: 'inspections_count',
          render: (f) =>
            usageOf(f).used ? (
              t('inspection-forms:used_by', { count: usageOf(f).count })
            ) : (
              <Text size="sm" c="dimmed">
                {t('inspection-forms:unused')}
              </Text>
            ),
        },
        { key: 'is_active', visibleFrom: 'md' },
        { key: 'tags', visibleFrom: 'md' },
        { key: 'allowedLocations', visibleFrom: 'lg' },
        { key: 'updated_at', visibleFrom: 'lg' },
      ])}
      rowActions={(f) => <FormActions form={f} place="row" />}
    />
  );
}
